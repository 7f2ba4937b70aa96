import Foundation

/// One example of the rule corpus (`Tests/CoglintTests/Fixtures/<slug>/`),
/// the executable specification every rule ships with (LINT-02). A file
/// starts with a header:
///
///     // coglint-fixture: triggers | passes
///     // role: test                        (optional; default production)
///     // expect: LINE:COLUMN rule-slug     (one per expected diagnostic)
///
/// The header lists every diagnostic the file produces, from any rule, at
/// its exact position; a `passes` file produces none. The rest of the file
/// is the example the rule's article shows.
public struct RuleFixture: Sendable {
    public enum Polarity: String, Sendable {
        case triggers
        case passes
    }

    public var rule: String
    public var name: String
    public var path: String
    public var polarity: Polarity
    public var role: TargetRole
    public var expected: [String]
    public var source: String

    public struct Malformed: Error, CustomStringConvertible {
        public var description: String

        public init(description: String) {
            self.description = description
        }
    }

    /// The example without its header.
    public var example: String {
        source.split(separator: "\n", omittingEmptySubsequences: false)
            .dropFirst(headerLineCount)
            .joined(separator: "\n")
    }

    /// How many header lines precede the example.
    public var headerLineCount: Int {
        source.split(separator: "\n", omittingEmptySubsequences: false).prefix { Self.headerValue($0) != nil }.count
    }

    /// The expected diagnostics with lines counted in `example`.
    public var expectedInExample: [String] {
        expected.map { entry in
            let line = entry.prefix { $0 != ":" }
            return "\((Int(line) ?? 0) - headerLineCount)" + entry.dropFirst(line.count)
        }
    }

    /// Every fixture of a corpus folder, by rule slug then file name.
    public static func corpus(at root: URL) throws -> [RuleFixture] {
        try rules(at: root).flatMap { try fixtures(for: $0, at: root) }
    }

    /// The corpus's rule folders, sorted.
    public static func rules(at root: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.path).filter { !$0.hasPrefix(".") }.sorted()
    }

    public static func fixtures(for rule: String, at root: URL) throws -> [RuleFixture] {
        let folder = root.appendingPathComponent(rule)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".swift") }.sorted()
        return try names.map { name in
            let url = folder.appendingPathComponent(name)
            return try parse(
                rule: rule, name: String(name.dropLast(".swift".count)), path: url.path,
                source: String(contentsOf: url, encoding: .utf8))
        }
    }

    public static func parse(rule: String, name: String, path: String, source: String) throws -> RuleFixture {
        var polarity: Polarity?
        var role = TargetRole.production
        var expected: [String] = []
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            guard let (key, value) = headerValue(line) else { break }
            switch key {
            case "coglint-fixture":
                polarity = Polarity(rawValue: value)
            case "role":
                guard let parsed = TargetRole(rawValue: value) else {
                    throw Malformed(description: "\(path): unknown role '\(value)'")
                }
                role = parsed
            default:
                expected.append(value)
            }
        }
        guard let polarity else { throw Malformed(description: "\(path): no '// coglint-fixture:' header") }
        if polarity == .passes, !expected.isEmpty {
            throw Malformed(description: "\(path): a passing example expects no diagnostics")
        }
        return RuleFixture(
            rule: rule, name: name, path: path, polarity: polarity, role: role,
            expected: expected, source: source)
    }

    /// `("expect", "3:5 slug")` for `// expect: 3:5 slug`; nil for a line
    /// that is not a header line.
    private static func headerValue(_ line: Substring) -> (String, String)? {
        for key in ["coglint-fixture", "role", "expect"] where line.hasPrefix("// \(key):") {
            return (key, line.dropFirst("// \(key):".count).trimmingCharacters(in: .whitespaces))
        }
        return nil
    }
}
