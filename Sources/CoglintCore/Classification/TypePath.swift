import SwiftSyntax

/// A written type reduced to its dotted names, with generic arguments,
/// optional wrapping and the `Cog` module qualifier removed:
/// `Cog.CogBox<Int, String>.Manual?` and `CogBox.Manual` both become
/// `["CogBox", "Manual"]`. This is the normalization the classifier relies
/// on (LINT-04); it never resolves a name, so a typealias stays what it
/// says (LINT-05).
struct TypePath: Equatable {
    var names: [String]

    init(names: [String]) {
        // `Cog.Cog<…>`, `Cog.CogBox<…>`, `Cog.Cogs`: the first name is the module.
        if names.count > 1, names[0] == "Cog", Self.moduleTypes.contains(names[1]) {
            self.names = Array(names.dropFirst())
        } else {
            self.names = names
        }
    }

    /// The path a type annotation spells, looking through `T?`, `T!` and
    /// `Optional<T>`.
    init?(type: TypeSyntax) {
        if let optional = type.as(OptionalTypeSyntax.self) {
            self.init(type: optional.wrappedType)
        } else if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            self.init(type: unwrapped.wrappedType)
        } else if let identifier = type.as(IdentifierTypeSyntax.self) {
            if identifier.name.text == "Optional",
                let argument = identifier.genericArgumentClause?.arguments.first,
                identifier.genericArgumentClause?.arguments.count == 1,
                let wrapped = argument.argument.as(TypeSyntax.self)
            {
                self.init(type: wrapped)
            } else {
                self.init(names: [identifier.name.text])
            }
        } else if let member = type.as(MemberTypeSyntax.self) {
            guard let base = TypePath(type: member.baseType) else { return nil }
            self.init(names: base.names + [member.name.text])
        } else if let attributed = type.as(AttributedTypeSyntax.self) {
            self.init(type: attributed.baseType)
        } else {
            return nil
        }
    }

    /// The path an expression spells when it names a type, as the callee of
    /// a constructor does: `Cog<Int>.Manual`, `Cog.CogBox<A, B>`,
    /// `Cog<Int>.Manual.init`.
    init?(expression: ExprSyntax) {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            self.init(names: [reference.baseName.text])
        } else if let specialized = expression.as(GenericSpecializationExprSyntax.self) {
            self.init(expression: specialized.expression)
        } else if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
            guard let basePath = TypePath(expression: base) else { return nil }
            let name = member.declName.baseName.text
            if name == "init" {
                self = basePath
            } else {
                self.init(names: basePath.names + [name])
            }
        } else if let optional = expression.as(OptionalChainingExprSyntax.self) {
            self.init(expression: optional.expression)
        } else {
            return nil
        }
    }

    var last: String? { names.last }

    /// The Cog module's types a qualified name may start with.
    static let moduleTypes: Set<String> = ["Cog", "CogBox", "Cogs", "CogOps", "CogController"]
}
