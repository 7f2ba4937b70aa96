import CoglintCore
import Foundation
import Testing

/// The rule fixtures under `Fixtures/<rule-slug>/`: the executable
/// specification of every rule (LINT-02). Each file starts with a header:
///
///     // coglint-fixture: triggers | passes
///     // role: test                        (optional; default production)
///     // expect: LINE:COLUMN rule-slug     (one per expected diagnostic)
///
/// The header lists every diagnostic the file must produce, from any rule,
/// at its exact position; a `passes` file must produce none. The rest of the
/// file is the example that the rule's article shows.
struct Fixture: CustomTestStringConvertible, Sendable {
    enum Polarity: String, Sendable {
        case triggers
        case passes
    }

    var rule: String
    var name: String
    var path: String
    var polarity: Polarity
    var role: TargetRole
    var expected: [String]
    var source: String

    var testDescription: String { "\(rule)/\(name)" }

    /// The example without its header, as the article shows it.
    var example: String {
        source.split(separator: "\n", omittingEmptySubsequences: false)
            .drop { $0.hasPrefix("// coglint-fixture:") || $0.hasPrefix("// role:") || $0.hasPrefix("// expect:") }
            .joined(separator: "\n")
    }

    /// What the linter reports for this file, in the header's notation.
    func actual() -> [String] {
        Linter(role: role).lint(path: path, source: source).map { "\($0.line):\($0.column) \($0.rule)" }
    }
}

enum FixtureCorpus {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    struct MalformedFixture: Error, CustomStringConvertible {
        var description: String
    }

    /// Every rule folder in the corpus, by slug.
    static func ruleFolders() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.path).filter { !$0.hasPrefix(".") }.sorted()
    }

    static func all() throws -> [Fixture] {
        try ruleFolders().flatMap { try fixtures(for: $0) }
    }

    static func fixtures(for rule: String) throws -> [Fixture] {
        let folder = root.appendingPathComponent(rule)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        return try names.map { name in
            let url = folder.appendingPathComponent(name)
            return try parse(rule: rule, name: String(name.dropLast(6)), path: url.path,
                             source: String(contentsOf: url, encoding: .utf8))
        }
    }

    static func fixture(_ rule: String, _ name: String) throws -> Fixture {
        guard let fixture = try fixtures(for: rule).first(where: { $0.name == name }) else {
            throw MalformedFixture(description: "no fixture \(rule)/\(name)")
        }
        return fixture
    }

    static func parse(rule: String, name: String, path: String, source: String) throws -> Fixture {
        var polarity: Fixture.Polarity?
        var role = TargetRole.production
        var expected: [String] = []
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            if let value = line.value(after: "// coglint-fixture:") {
                polarity = Fixture.Polarity(rawValue: value)
            } else if let value = line.value(after: "// role:") {
                guard let parsed = TargetRole(rawValue: value) else {
                    throw MalformedFixture(description: "\(path): unknown role '\(value)'")
                }
                role = parsed
            } else if let value = line.value(after: "// expect:") {
                expected.append(value)
            } else {
                break
            }
        }
        guard let polarity else { throw MalformedFixture(description: "\(path): no '// coglint-fixture:' header") }
        if polarity == .passes, !expected.isEmpty {
            throw MalformedFixture(description: "\(path): a passing example expects no diagnostics")
        }
        return Fixture(rule: rule, name: name, path: path, polarity: polarity, role: role, expected: expected, source: source)
    }
}

extension Substring {
    fileprivate func value(after prefix: String) -> String? {
        guard hasPrefix(prefix) else { return nil }
        return dropFirst(prefix.count).trimmingCharacters(in: .whitespaces)
    }
}
