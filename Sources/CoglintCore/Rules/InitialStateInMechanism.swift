import SwiftSyntax

/// `initial-state-in-mechanism` (LINT-10, LINT-11): the App initializer
/// assembles the runtime and retains it, nothing more. Initial state comes
/// from mechanisms, which assembly starts in order, so a test assembling the
/// same mechanisms sees the same start.
///
/// Inside the initializer of a type this file makes an `App`, the runtime
/// (a local bound directly from `Cogs.assemble`, and the property it is
/// retained in) may appear only in the retention assignment. Any other use
/// (an op, a read, a helper taking it, a primitive), before or after
/// retention, is flagged. Building services and mechanisms before assembly
/// is fine. Assembly hidden in a factory and an `App` conformance written
/// in another file are syntax-only misses: the rule cannot see them.
struct InitialStateInMechanism: Rule {
    let slug = "initial-state-in-mechanism"
    let summary = "An App initializer only assembles and retains Cogs; initial state comes from mechanisms."

    func check(_ file: FileFacts) -> [Finding] {
        guard !file.appTypes.isEmpty else { return [] }
        return Visitor(file).findingsInFile()
    }

    private final class Visitor: FindingsVisitor {

        override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
            guard let body = node.body, let type = EnclosingType.of(node), file.appTypes.contains(type.name) else {
                return .visitChildren
            }
            let assembly = AssemblyInInitializer(body)
            for use in assembly.uses where !assembly.allowed.contains(use.id) {
                findings.append(
                    Finding(
                        at: use,
                        "'\(use.text)' is used in the App initializer beyond its retention; set initial state in a mechanism instead"
                    ))
            }
            return .skipChildren
        }
    }
}

/// What one App initializer does with an assembled runtime: the tokens that
/// name it, and which of them are the retention assignment itself.
private struct AssemblyInInitializer {
    private(set) var uses: [TokenSyntax] = []
    private(set) var allowed: Set<SyntaxIdentifier> = []

    init(_ body: CodeBlockSyntax) {
        var locals: Set<String> = []
        var retained: Set<String> = []
        // First the names: assembly locals, and the properties the runtime
        // is retained in (from a local or straight from `assemble`).
        for statement in body.statements {
            if let declaration = statement.item.as(VariableDeclSyntax.self) {
                for binding in declaration.bindings {
                    if let value = binding.initializer?.value, Self.isAssemble(value),
                        let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier
                    {
                        locals.insert(name.text)
                        allowed.insert(name.id)
                    }
                }
            }
        }
        for statement in body.statements {
            guard let (target, value) = Self.assignment(statement.item) else { continue }
            let fromLocal = value.as(DeclReferenceExprSyntax.self).map { locals.contains($0.baseName.text) } ?? false
            guard fromLocal || Self.isAssemble(value) else { continue }
            retained.insert(target.text)
            allowed.insert(target.id)
            if let reference = value.as(DeclReferenceExprSyntax.self) { allowed.insert(reference.baseName.id) }
        }
        // Then every mention of those names in the body.
        let names = locals.union(retained)
        for token in body.tokens(viewMode: .sourceAccurate) {
            guard case .identifier = token.tokenKind, names.contains(token.text),
                let reference = token.parent?.as(DeclReferenceExprSyntax.self)
            else { continue }
            // `x.cogs` names some other value's member, unless `x` is `self`.
            if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id,
                member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text != "self"
            {
                continue
            }
            uses.append(token)
        }
    }

    /// `Cogs.assemble(…)`, possibly behind `try`.
    static func isAssemble(_ value: ExprSyntax) -> Bool {
        var value = value
        if let tried = value.as(TryExprSyntax.self) { value = tried.expression }
        guard let call = value.as(FunctionCallExprSyntax.self) else { return false }
        return TypePath(expression: call.calledExpression)?.names == ["Cogs", "assemble"]
    }

    /// `name = value` or `self.name = value`: the assigned name's token and
    /// the value.
    static func assignment(_ item: CodeBlockItemSyntax.Item) -> (TokenSyntax, ExprSyntax)? {
        let expression: ExprSyntax
        if let statement = item.as(ExpressionStmtSyntax.self) {
            expression = statement.expression
        } else if let bare = item.as(ExprSyntax.self) {
            expression = bare
        } else {
            return nil
        }
        let target: ExprSyntax
        let value: ExprSyntax
        if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3 {
            let elements = Array(sequence.elements)
            guard elements[1].is(AssignmentExprSyntax.self) else { return nil }
            target = elements[0]
            value = elements[2]
        } else if let infix = expression.as(InfixOperatorExprSyntax.self), infix.operator.is(AssignmentExprSyntax.self)
        {
            target = infix.leftOperand
            value = infix.rightOperand
        } else {
            return nil
        }
        if let reference = target.as(DeclReferenceExprSyntax.self) { return (reference.baseName, value) }
        if let member = target.as(MemberAccessExprSyntax.self),
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
        {
            return (member.declName.baseName, value)
        }
        return nil
    }
}
