import SwiftParser
import SwiftSyntax

/// Everything the rules know about one file, worked out once: its syntax
/// tree, the Cog declarations in it, the views and apps it declares, and the
/// names that hold a graph runtime.
public final class FileFacts {
    public let path: String
    public let tree: SourceFileSyntax
    public let declarations: [CogDeclaration]
    /// Types this file makes `View`s (on the type or an extension).
    public let viewTypes: Set<String>
    /// Types this file makes `App`s.
    public let appTypes: Set<String>
    /// Names holding a runtime or controller (see `GraphReceivers`).
    public let runtimeReceivers: Set<String>
    /// Selector and reaction reader parameters.
    public let readerNames: Set<String>
    let converter: SourceLocationConverter

    public init(path: String, source: String) {
        self.path = path
        tree = Parser.parse(source: source)
        converter = SourceLocationConverter(fileName: path, tree: tree)
        declarations = DeclarationClassifier.classify(tree)
        viewTypes = Conformances.types(conformingTo: "View", in: tree)
        appTypes = Conformances.types(conformingTo: "App", in: tree)
        let receivers = GraphReceivers(declarations: declarations)
        receivers.walk(tree)
        runtimeReceivers = receivers.runtimes
        readerNames = receivers.readers
    }

    /// True when the node is written in the body of a type this file makes
    /// a `View`, or in an extension of one.
    func isInView(_ node: some SyntaxProtocol) -> Bool {
        guard let context = EnclosingType.of(node) else { return false }
        return viewTypes.contains(context.name)
    }

    func location(of token: TokenSyntax) -> (line: Int, column: Int, endLine: Int, endColumn: Int) {
        let start = converter.location(for: token.positionAfterSkippingLeadingTrivia)
        let end = converter.location(for: token.endPositionBeforeTrailingTrivia)
        return (start.line, start.column, end.line, end.column)
    }
}
