import SwiftSyntax

/// The `// coglint:disable-next-line <rule> -- <reason>` comments of one
/// file (LINT-03). Each silences exactly one rule on exactly the physical
/// line after the comment. One without a reason after ` -- ` silences
/// nothing: a suppression has to say why.
struct Suppressions {
    private var silenced: Set<Key> = []

    private struct Key: Hashable {
        var line: Int
        var rule: String
    }

    init(_ tree: SourceFileSyntax, _ converter: SourceLocationConverter) {
        for token in tree.tokens(viewMode: .sourceAccurate) {
            var offset = token.position
            for piece in token.leadingTrivia {
                record(piece, at: offset, converter)
                offset += piece.sourceLength
            }
            offset = token.endPositionBeforeTrailingTrivia
            for piece in token.trailingTrivia {
                record(piece, at: offset, converter)
                offset += piece.sourceLength
            }
        }
    }

    private mutating func record(
        _ piece: TriviaPiece, at position: AbsolutePosition, _ converter: SourceLocationConverter
    ) {
        guard case .lineComment(let text) = piece, let rule = Self.rule(in: text) else { return }
        silenced.insert(Key(line: converter.location(for: position).line + 1, rule: rule))
    }

    /// The rule a well-formed suppression comment names, or nil.
    static func rule(in comment: String) -> String? {
        let directive = "coglint:disable-next-line"
        let body = comment.dropFirst(2).drop { $0 == " " || $0 == "\t" }
        guard body.hasPrefix(directive) else { return nil }
        let rest = body.dropFirst(directive.count)
        guard rest.first == " " || rest.first == "\t" else { return nil }
        let words = rest.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard words.count >= 3, words[1] == "--" else { return nil }
        return String(words[0])
    }

    func silences(_ rule: String, onLine line: Int) -> Bool {
        silenced.contains(Key(line: line, rule: rule))
    }
}
