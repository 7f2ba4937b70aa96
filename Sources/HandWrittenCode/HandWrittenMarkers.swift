internal import SwiftParser
internal import SwiftSyntax

/// The statements a port marks as written by hand to keep derived values
/// correct, found by parsing its source (the rule is in docs/storefront.md,
/// "Hand-written code: what counts").
///
/// A statement is a statement in a code block or a declaration in a type's
/// body; one that holds others (a function, an `if`) counts once itself and
/// its inner statements count each. It is marked when its first token lies
/// between a `HAND-WRITTEN BEGIN` line and the next `HAND-WRITTEN END` line,
/// or on a line ending in `// hand-written`. Statements are counted, not
/// lines, so a formatter's wrap or a comment changes nothing.
public enum HandWrittenMarkers {
    /// One marked statement: where it starts, and the identifiers it names
    /// itself (not those of the statements inside it).
    public struct Statement: Sendable, Equatable {
        public var line: Int
        public var identifiers: [String]
    }

    /// Every marked statement in `source`, in order.
    public static func statements(in source: String) -> [Statement] {
        let marked = markedLines(source)
        guard !marked.isEmpty else { return [] }
        let tree = Parser.parse(source: source)
        let finder = StatementFinder(converter: SourceLocationConverter(fileName: "", tree: tree), marked: marked)
        finder.walk(tree)
        return finder.found
    }

    /// The 1-based line numbers the markers cover.
    static func markedLines(_ source: String) -> Set<Int> {
        var marked: Set<Int> = []
        var inside = false
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.contains("HAND-WRITTEN BEGIN") {
                inside = true
            } else if line.contains("HAND-WRITTEN END") {
                inside = false
            } else if inside || line.hasSuffix("// hand-written") {
                marked.insert(index + 1)
            }
        }
        return marked
    }
}

/// Finds the statements and member declarations that start on marked lines.
private final class StatementFinder: SyntaxVisitor {
    let converter: SourceLocationConverter
    let marked: Set<Int>
    var found: [HandWrittenMarkers.Statement] = []

    init(converter: SourceLocationConverter, marked: Set<Int>) {
        self.converter = converter
        self.marked = marked
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
        record(Syntax(node))
        return .visitChildren
    }

    override func visit(_ node: MemberBlockItemSyntax) -> SyntaxVisitorContinueKind {
        record(Syntax(node))
        return .visitChildren
    }

    private func record(_ node: Syntax) {
        let line = converter.location(for: node.positionAfterSkippingLeadingTrivia).line
        guard marked.contains(line) else { return }
        let own = node.tokens(viewMode: .sourceAccurate).filter { Self.innermostStatement(of: $0) == node.id }
        let identifiers = own.compactMap { token -> String? in
            if case .identifier(let name) = token.tokenKind { return name }
            return nil
        }
        found.append(HandWrittenMarkers.Statement(line: line, identifiers: identifiers))
    }

    /// The statement or member declaration a token belongs to most closely.
    private static func innermostStatement(of token: TokenSyntax) -> SyntaxIdentifier? {
        var current = token.parent
        while let node = current {
            if node.is(CodeBlockItemSyntax.self) || node.is(MemberBlockItemSyntax.self) { return node.id }
            current = node.parent
        }
        return nil
    }
}
