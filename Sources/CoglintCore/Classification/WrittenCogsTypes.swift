import SwiftSyntax

/// The places a written type names the runtime type `Cogs`, at any depth:
/// `Cogs`, `Cog.Cogs`, `Cogs?`, `[Cogs]`, `Optional<Cogs>`, `(Cogs) -> Void`.
final class WrittenCogsTypes: SyntaxVisitor {
    private(set) var tokens: [TokenSyntax] = []

    private init() {
        super.init(viewMode: .sourceAccurate)
    }

    static func tokens(in type: TypeSyntax) -> [TokenSyntax] {
        let visitor = WrittenCogsTypes()
        visitor.walk(type)
        return visitor.tokens
    }

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        let isQualifierOfMember = node.parent?.as(MemberTypeSyntax.self)?.baseType.id == node.id
        if node.name.text == "Cogs", !isQualifierOfMember { tokens.append(node.name) }
        return .visitChildren
    }

    override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
        if node.name.text == "Cogs", TypePath(type: node.baseType)?.names == ["Cog"] { tokens.append(node.name) }
        return .visitChildren
    }
}
