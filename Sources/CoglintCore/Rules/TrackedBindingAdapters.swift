import SwiftSyntax

/// `tracked-binding-adapters` (LINT-25, LINT-26): Cog ships no binding
/// helper; a control that needs a `Binding` gets an ordinary adapter on
/// `Cogs` in the rig's `+Bindings` file, whose getter reads through the
/// tracked subscript and whose setter calls a named op.
///
/// - Inside a view this file declares, an explicit `Binding(…)` whose
///   closures mention the graph runtime is an adapter written in the wrong
///   place. A binding over the view's own state, and a call to an adapter
///   (`cogs.currentZipBinding`), are fine.
/// - Anywhere else, a `peek` in a binding's `get:` closure (bare, `self.`,
///   through the status lens, or on a runtime such as `cogs.peek`) makes the
///   UI miss changes: the getter must track. A setter may peek.
///
/// A binding built by a factory, and a view whose `View` conformance is
/// written in another file, are outside what syntax can see.
struct TrackedBindingAdapters: Rule {
    let slug = "tracked-binding-adapters"
    let summary = "Bindings over Cog state are adapters on Cogs with a tracked getter; views only call them."

    func check(_ file: FileFacts) -> [Finding] {
        Visitor(file).findingsInFile()
    }

    private final class Visitor: FindingsVisitor {

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard let path = TypePath(expression: node.calledExpression),
                path.names == ["Binding"] || path.names == ["SwiftUI", "Binding"],
                let bindingToken = node.calledExpression.tokens(viewMode: .sourceAccurate).first(where: {
                    $0.text == "Binding"
                })
            else { return .visitChildren }
            if file.isInView(node) {
                let closures = ClosureFacts.closures(of: node)
                if closures.contains(where: mentionsRuntime) {
                    findings.append(
                        Finding(
                            at: bindingToken,
                            "a view builds a Binding over the graph; declare the adapter on 'Cogs' in the rig's +Bindings file and call it from the view"
                        ))
                }
            } else if let getter = node.arguments.first(where: { $0.label?.text == "get" })?.expression.as(
                ClosureExprSyntax.self)
            {
                for peek in peeks(in: getter) {
                    findings.append(
                        Finding(
                            at: peek,
                            "a binding's getter peeks, so the UI never sees the value change; read with the tracked subscript"
                        ))
                }
            }
            return .visitChildren
        }

        private func mentionsRuntime(_ closure: ClosureExprSyntax) -> Bool {
            closure.tokens(viewMode: .sourceAccurate).contains { token in
                guard file.runtimeReceivers.contains(token.text),
                    let reference = token.parent?.as(DeclReferenceExprSyntax.self)
                else { return false }
                // `cogs` alone, or `self.cogs`; not `other.cogs`.
                guard let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id
                else {
                    return true
                }
                return member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
            }
        }

        /// The `peek` tokens of reads in a getter: `peek(…)`, `self.peek(…)`,
        /// `status.peek(…)`, `self.status.peek(…)`, `cogs.peek(…)`,
        /// `cogs.status.peek(…)`.
        private func peeks(in closure: ClosureExprSyntax) -> [TokenSyntax] {
            var result: [TokenSyntax] = []
            for token in closure.tokens(viewMode: .sourceAccurate) where token.text == "peek" {
                guard let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
                if reference.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == reference.id {
                    result.append(token)
                } else if let member = reference.parent?.as(MemberAccessExprSyntax.self),
                    member.declName.id == reference.id,
                    member.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == member.id,
                    let base = member.base, isPeekReceiver(base)
                {
                    result.append(token)
                }
            }
            return result
        }

        /// `self`, a runtime name, or the status lens on either.
        private func isPeekReceiver(_ base: ExprSyntax) -> Bool {
            if let reference = base.as(DeclReferenceExprSyntax.self) {
                let name = reference.baseName.text
                return name == "self" || name == "status" || file.runtimeReceivers.contains(name)
            }
            if let member = base.as(MemberAccessExprSyntax.self), let inner = member.base {
                if member.declName.baseName.text == "status" { return isPeekReceiver(inner) }
                // `self.cogs`
                return inner.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
                    && file.runtimeReceivers.contains(member.declName.baseName.text)
            }
            return false
        }
    }
}
