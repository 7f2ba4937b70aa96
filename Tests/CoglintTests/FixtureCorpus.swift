import CoglintCore
import Foundation
import Testing

/// The rule fixtures under `Fixtures/<rule-slug>/` (see `RuleFixture` for
/// the header notation).
typealias Fixture = RuleFixture

extension RuleFixture: CustomTestStringConvertible {
    public var testDescription: String { "\(rule)/\(name)" }

    /// What the linter reports for this file, in the header's notation.
    func actual() -> [String] {
        Linter(role: role).lint(path: path, source: source).map { "\($0.line):\($0.column) \($0.rule)" }
    }
}

enum FixtureCorpus {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func ruleFolders() throws -> [String] {
        try RuleFixture.rules(at: root)
    }

    static func all() throws -> [Fixture] {
        try RuleFixture.corpus(at: root)
    }

    static func fixtures(for rule: String) throws -> [Fixture] {
        try RuleFixture.fixtures(for: rule, at: root)
    }

    static func fixture(_ rule: String, _ name: String) throws -> Fixture {
        guard let fixture = try fixtures(for: rule).first(where: { $0.name == name }) else {
            throw RuleFixture.Malformed(description: "no fixture \(rule)/\(name)")
        }
        return fixture
    }
}
