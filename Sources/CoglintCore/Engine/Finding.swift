import SwiftSyntax

/// What a rule reports before the engine positions it: the token to point
/// at and the sentence to show. The engine adds the path, line, column,
/// slug and help URL, so every rule reports the same way.
public struct Finding {
    public var token: TokenSyntax
    public var message: String

    public init(at token: TokenSyntax, _ message: String) {
        self.token = token
        self.message = message
    }
}
