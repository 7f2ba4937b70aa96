import SwiftSyntax

/// `no-cogs-in-view-init` (LINT-07): a view never accepts, stores or passes
/// the runtime. Each view that uses Cog reads
/// `@Environment(\.cogs) private var cogs` itself, so the runtime is the
/// environment's and a view's inputs stay plain values and IDs. Flags a
/// written `Cogs` type in a recognized view's stored properties, initializer
/// parameters and method parameters, in any position of the type.
struct NoCogsInViewInit: Rule {
    let slug = "no-cogs-in-view-init"
    let summary = "A view never takes Cogs in a stored property or a parameter; it reads @Environment(\\.cogs)."

    func check(_ file: FileFacts) -> [Finding] {
        guard !file.viewTypes.isEmpty else { return [] }
        return Visitor(file).findingsInFile()
    }

    private final class Visitor: FindingsVisitor {

        private func flag(_ type: TypeSyntax?, _ place: String) {
            guard let type else { return }
            for token in WrittenCogsTypes.tokens(in: type) {
                findings.append(
                    Finding(
                        at: token,
                        "a view must not take Cogs in \(place); read '@Environment(\\.cogs) private var cogs' instead"))
            }
        }

        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            guard file.isInView(node), DeclarationClassifier.scope(of: Syntax(node)) == .member else {
                return .visitChildren
            }
            let fromEnvironment = node.attributes.contains {
                $0.as(AttributeSyntax.self)?.attributeName.as(IdentifierTypeSyntax.self)?.name.text == "Environment"
            }
            guard !fromEnvironment else { return .visitChildren }
            for binding in node.bindings where binding.accessorBlock == nil {
                flag(binding.typeAnnotation?.type, "a stored property")
            }
            return .visitChildren
        }

        override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
            guard file.isInView(node) else { return .visitChildren }
            for parameter in node.signature.parameterClause.parameters {
                flag(parameter.type, "an initializer parameter")
            }
            return .visitChildren
        }

        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            guard file.isInView(node) else { return .visitChildren }
            for parameter in node.signature.parameterClause.parameters {
                flag(parameter.type, "a method parameter")
            }
            return .visitChildren
        }
    }
}
