import SwiftSyntax

/// A declaration the classifier recognized as naming Cog state.
public struct CogDeclaration {
    /// Keyless (`Cog…`) or keyed (`CogBox…`): decides the name's suffix.
    public enum Shape: Sendable, Equatable {
        case keyless
        case box
    }

    /// How the state is produced. A `.readOnly` projection carries its
    /// source's name and shape.
    public enum Kind: Sendable, Equatable {
        case automatic
        case manual
        case async
        case projection
        case readOnly(source: String)
    }

    /// Where the declaration sits. Access control and the underscore
    /// convention concern names other code can see: file scope and type
    /// members. A local inside a function or test body is neither.
    public enum Scope: Sendable, Equatable {
        case file
        case member
        case local
    }

    public var name: String
    public var nameToken: TokenSyntax
    public var shape: Shape
    public var kind: Kind
    public var scope: Scope
    /// The declaration's access modifier without a detail (`private(set)`
    /// restricts only the setter, so it does not count), or nil when none is
    /// written.
    public var access: String?
    public var node: VariableDeclSyntax
    /// The selector or reaction closure's first parameter, if the
    /// constructor ends in one (`Cog { c in … }`).
    public var readerName: String?
}
