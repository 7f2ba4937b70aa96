import SwiftSyntax

/// `primitives-only-in-ops` (LINT-08, LINT-09): `turn` and `refresh` are
/// called only from named operations written in `extension CogOps`, so one
/// definition serves views, app code and mechanisms, and every write has a
/// name.
///
/// Flags, outside `extension CogOps`:
/// - `turn`/`refresh` on a graph receiver (`cogs`, an environment or
///   assembly local, a `Cogs`- or controller-typed name such as a
///   mechanism's `m`, a selector's or reaction's reader);
/// - a bare or `self.` primitive inside `extension Cogs`: ops extend
///   `CogOps`, not the runtime.
///
/// Lexically inside `extension CogOps` everything is allowed, nested writer
/// work included. So is the body of a function that itself declares `turn`
/// or `refresh`: that is the primitive's implementation delegating (a
/// controller's `refresh` forwarding to its runtime), not a use. Test
/// targets may drive the primitives directly, so the rule is off for them.
struct PrimitivesOnlyInOps: Rule {
    let slug = "primitives-only-in-ops"
    let summary = "turn and refresh are called only inside named operations in extension CogOps."

    static let primitives: Set<String> = ["turn", "refresh"]

    func applies(to role: TargetRole) -> Bool { role == .production }

    func check(_ file: FileFacts) -> [Finding] {
        Visitor(file).findingsInFile()
    }

    private final class Visitor: FindingsVisitor {
        let receivers: Set<String>

        override init(_ file: FileFacts) {
            receivers = file.runtimeReceivers.union(file.readerNames)
            super.init(file)
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard !EnclosingType.isInsideExtension(of: "CogOps", node), !Self.implementsPrimitive(node) else {
                return .visitChildren
            }
            if let reference = node.calledExpression.as(DeclReferenceExprSyntax.self),
                PrimitivesOnlyInOps.primitives.contains(reference.baseName.text),
                EnclosingType.isInsideExtension(of: "Cogs", node)
            {
                findings.append(Finding(at: reference.baseName, Self.insideCogs(reference.baseName.text)))
            } else if let member = node.calledExpression.as(MemberAccessExprSyntax.self),
                PrimitivesOnlyInOps.primitives.contains(member.declName.baseName.text),
                let base = member.base
            {
                let primitive = member.declName.baseName.text
                if base.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" {
                    if EnclosingType.isInsideExtension(of: "Cogs", node) {
                        findings.append(Finding(at: member.declName.baseName, Self.insideCogs(primitive)))
                    }
                } else if let name = GraphReceivers.receiverName(base), receivers.contains(name) {
                    findings.append(
                        Finding(
                            at: member.declName.baseName,
                            "'\(name).\(primitive)' outside an op; call a named method declared in 'extension CogOps'"))
                }
            }
            return .visitChildren
        }

        /// True inside the body of `func turn` or `func refresh`.
        static func implementsPrimitive(_ node: some SyntaxProtocol) -> Bool {
            var current = node.parent
            while let ancestor = current {
                if let function = ancestor.as(FunctionDeclSyntax.self) {
                    return PrimitivesOnlyInOps.primitives.contains(function.name.text)
                }
                current = ancestor.parent
            }
            return false
        }

        static func insideCogs(_ primitive: String) -> String {
            "'\(primitive)' inside 'extension Cogs'; declare the operation in 'extension CogOps' so controllers share it"
        }
    }
}
