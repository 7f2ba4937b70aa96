import SwiftSyntax

/// `no-multi-read-cogs-helper` (LINT-13, LINT-14): a value-returning member
/// of `extension Cogs` or `extension CogOps` whose own body reads the graph
/// two or more times is a derived value computed outside the graph: nothing
/// caches it and a view reading it tracks each input separately. Declare it
/// as an automatic cog instead.
///
/// Not flagged: reads inside nested closures (a `Binding`'s getter runs
/// later, on its own), members returning nothing, `View`, `some View` or a
/// `Binding`, helpers outside those two extensions, and repackaging that
/// only data flow could reveal (a read passed through a local helper).
struct NoMultiReadCogsHelper: Rule {
    let slug = "no-multi-read-cogs-helper"
    let summary =
        "A value-returning helper on Cogs or CogOps reads the graph at most once; combine reads in an automatic cog."

    func check(_ file: FileFacts) -> [Finding] {
        Visitor(file).findingsInFile()
    }

    private final class Visitor: FindingsVisitor {

        override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
            guard let path = TypePath(type: node.extendedType), path.names == ["Cogs"] || path.names == ["CogOps"]
            else {
                return .skipChildren
            }
            for item in node.memberBlock.members {
                check(item.decl)
            }
            return .skipChildren
        }

        private func check(_ member: DeclSyntax) {
            if let function = member.as(FunctionDeclSyntax.self), let body = function.body {
                report(function.name, returning: function.signature.returnClause?.type, body)
            } else if let subscriptDecl = member.as(SubscriptDeclSyntax.self),
                let accessors = subscriptDecl.accessorBlock
            {
                report(subscriptDecl.subscriptKeyword, returning: subscriptDecl.returnClause.type, accessors)
            } else if let variable = member.as(VariableDeclSyntax.self) {
                for binding in variable.bindings {
                    guard let accessors = binding.accessorBlock,
                        let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier
                    else { continue }
                    report(name, returning: binding.typeAnnotation?.type, accessors)
                }
            }
        }

        private func report(_ name: TokenSyntax, returning type: TypeSyntax?, _ body: some SyntaxProtocol) {
            guard let type, Self.returnsValue(type) else { return }
            let reads = GraphReads.count(in: body)
            guard reads >= 2 else { return }
            findings.append(
                Finding(
                    at: name,
                    "'\(name.text)' reads the graph \(reads) times in one helper; declare an automatic cog so the combined value is cached and tracked"
                ))
        }

        /// False for `Void`, `()`, `View`, `some View`, `any View` and
        /// `Binding<…>`.
        static func returnsValue(_ type: TypeSyntax) -> Bool {
            if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.isEmpty { return false }
            if let opaque = type.as(SomeOrAnyTypeSyntax.self) {
                return TypePath(type: opaque.constraint)?.last != "View"
            }
            guard let path = TypePath(type: type) else { return true }
            return path.names != ["Void"] && path.last != "View" && path.last != "Binding"
        }
    }
}
