import Foundation

/// Diagnostics remembered per file and content hash, so an unchanged file
/// is not parsed again. The build-tool plugin keeps one in its work
/// directory: a build that failed on findings runs the plugin again, and
/// the unchanged files' diagnostics come from here, identical (LINT-17).
///
/// The cache belongs to one rule set and role: a different fingerprint
/// (another coglint version, another role) starts it empty.
public struct LintCache: Sendable {
    public struct Entry: Codable, Sendable {
        public var hash: UInt64
        public var diagnostics: [Diagnostic]
    }

    private struct Stored: Codable {
        var fingerprint: String
        var entries: [String: Entry]
    }

    public let url: URL
    public let fingerprint: String
    public var entries: [String: Entry]

    public init(url: URL, role: TargetRole, rules: [any Rule] = RuleCatalog.rules) {
        self.url = url
        fingerprint = ([CoglintVersion.current, role.rawValue] + rules.map(\.slug)).joined(separator: " ")
        let stored = (try? Data(contentsOf: url)).flatMap { try? JSONDecoder().decode(Stored.self, from: $0) }
        entries = stored?.fingerprint == fingerprint ? stored?.entries ?? [:] : [:]
    }

    public func save() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try encoder.encode(Stored(fingerprint: fingerprint, entries: entries)).write(to: url, options: .atomic)
    }

    /// FNV-1a over the file's bytes: stable across runs and machines, which
    /// Swift's seeded `Hasher` is not.
    static func hash(_ data: Data) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
