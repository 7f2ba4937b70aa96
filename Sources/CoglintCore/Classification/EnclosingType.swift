import SwiftSyntax

/// The nearest type or extension a node is written in, by simple name.
enum EnclosingType {
    struct Context {
        var name: String
        /// True for `extension Name { … }`, false for the type's own body.
        var isExtension: Bool
    }

    static func of(_ node: some SyntaxProtocol) -> Context? {
        var current = node.parent
        while let ancestor = current {
            if let type = ancestor.as(StructDeclSyntax.self) {
                return Context(name: type.name.text, isExtension: false)
            }
            if let type = ancestor.as(ClassDeclSyntax.self) { return Context(name: type.name.text, isExtension: false) }
            if let type = ancestor.as(EnumDeclSyntax.self) { return Context(name: type.name.text, isExtension: false) }
            if let type = ancestor.as(ActorDeclSyntax.self) { return Context(name: type.name.text, isExtension: false) }
            if let type = ancestor.as(ExtensionDeclSyntax.self), let name = TypePath(type: type.extendedType)?.last {
                return Context(name: name, isExtension: true)
            }
            current = ancestor.parent
        }
        return nil
    }

    /// True when the node sits, at any depth, inside `extension <name>`
    /// (`extension Cog.CogOps` counts too).
    static func isInsideExtension(of name: String, _ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let ancestor = current {
            if let type = ancestor.as(ExtensionDeclSyntax.self), TypePath(type: type.extendedType)?.names == [name] {
                return true
            }
            current = ancestor.parent
        }
        return false
    }
}
