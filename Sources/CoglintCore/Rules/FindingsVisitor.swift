import SwiftSyntax

/// The base of a rule that walks one file's syntax: the file's facts, the
/// findings collected so far, and the walk that returns them. A rule's own
/// visitor subclasses it and overrides only the nodes it looks at.
class FindingsVisitor: SyntaxVisitor {
    let file: FileFacts
    var findings: [Finding] = []

    init(_ file: FileFacts) {
        self.file = file
        super.init(viewMode: .sourceAccurate)
    }

    /// Walks the whole file once and returns what was found.
    func findingsInFile() -> [Finding] {
        walk(file.tree)
        return findings
    }
}
