import Foundation

/// Lints a list of files, in parallel, and returns every diagnostic in file
/// order (the order `SourceDiscovery` gave), then line, column and rule.
/// Files whose contents match the cache are not parsed again: their
/// diagnostics come back from it unchanged.
public struct LintRun: Sendable {
    public var linter: Linter

    public struct Outcome: Sendable {
        public var diagnostics: [Diagnostic]
        public var filesLinted: Int
        public var filesFromCache: Int
        /// What a cache should hold after this run: one entry per file.
        public var entries: [String: LintCache.Entry]
    }

    public struct UnreadableFile: Error, CustomStringConvertible {
        public var path: String
        public var description: String { "cannot read \(path) as UTF-8 text" }
    }

    public init(linter: Linter) {
        self.linter = linter
    }

    /// `known`: a cache's entries; a file whose hash matches is not parsed.
    public func lint(files: [String], known: [String: LintCache.Entry] = [:]) async throws -> Outcome {
        let linter = self.linter
        let results = try await withThrowingTaskGroup(of: (Int, LintCache.Entry, Bool).self) { group in
            for (index, path) in files.enumerated() {
                group.addTask {
                    guard let data = FileManager.default.contents(atPath: path),
                        let source = String(data: data, encoding: .utf8)
                    else { throw UnreadableFile(path: path) }
                    let hash = LintCache.hash(data)
                    if let entry = known[path], entry.hash == hash { return (index, entry, true) }
                    return (
                        index, LintCache.Entry(hash: hash, diagnostics: linter.lint(path: path, source: source)), false
                    )
                }
            }
            var collected: [(Int, LintCache.Entry, Bool)] = []
            for try await result in group { collected.append(result) }
            return collected.sorted { $0.0 < $1.0 }
        }
        return Outcome(
            diagnostics: results.flatMap(\.1.diagnostics),
            filesLinted: files.count,
            filesFromCache: results.filter(\.2).count,
            entries: Dictionary(results.map { (files[$0.0], $0.1) }, uniquingKeysWith: { first, _ in first })
        )
    }
}
