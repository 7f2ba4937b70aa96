import CoglintCore
import Foundation
import Testing

/// `coglint PATH...` end to end (LINT-01).
@Suite("coglint command")
struct CommandLineTests {
    private static let violating = "let weather = Cog<Int> { _ in 0 }\n"
    private static let clean = "let weatherCog = Cog<Int> { _ in 0 }\n"

    @Test("LINT-01 a mix of files and directories is linted once each, in order, in Xcode's grammar, exiting 1")
    func mixedPaths() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("b.swift", Self.violating)
        try scratch.write("sub/a.swift", "\n" + Self.violating)
        try scratch.write("sub/clean.swift", Self.clean)
        try scratch.write("sub/notes.txt", Self.violating)
        try scratch.write(".hidden/c.swift", Self.violating)
        // Overlapping and out of order on purpose: a directory, a file inside it, the root.
        let outcome = try CoglintProcess.run(["sub", "b.swift", "sub/a.swift", "."], in: scratch.url)
        let url = RuleCatalog.helpURL(for: "cog-declaration-suffix")
        #expect(outcome.status == 1)
        #expect(
            outcome.standardOutput == """
                b.swift:1:5: error: keyless declaration 'weather' must end in 'Cog' [cog-declaration-suffix] (help: \(url))
                sub/a.swift:2:5: error: keyless declaration 'weather' must end in 'Cog' [cog-declaration-suffix] (help: \(url))

                """)
        #expect(outcome.standardError.contains("2 finding(s) in 3 file(s)"))
    }

    @Test("LINT-01 clean input exits 0 with no diagnostics")
    func cleanInput() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("Clean.swift", Self.clean)
        let outcome = try CoglintProcess.run(["Clean.swift"], in: scratch.url)
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.isEmpty)
    }

    @Test("LINT-01 every rule's triggering fixture exits non-zero with its exact positions")
    func triggeringFixtures() throws {
        for fixture in try FixtureCorpus.all() where fixture.polarity == .triggers {
            let outcome = try CoglintProcess.run(["--role", fixture.role.rawValue, fixture.path])
            #expect(outcome.status == 1, "\(fixture.path)")
            let positions = outcome.standardOutput.split(separator: "\n").map { line in
                let fields = line.dropFirst(fixture.path.count + 1).split(separator: ":", maxSplits: 2)
                let slug = line.split(separator: "[").last?.split(separator: "]").first ?? ""
                return "\(fields[0]):\(fields[1]) \(slug)"
            }
            #expect(positions == fixture.expected, "\(fixture.path)")
        }
    }

    @Test(
        "LINT-01 usage and input errors exit 2",
        arguments: [
            ["--reporter", "yaml", "x.swift"],
            ["--role", "staging", "x.swift"],
            ["--bogus"],
            [],
            ["does-not-exist.swift"],
        ])
    func usageErrors(_ arguments: [String]) throws {
        let outcome = try CoglintProcess.run(arguments)
        #expect(outcome.status == 2)
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.standardError.hasPrefix("coglint: "))
    }

    @Test("LINT-01 discovery order is by path bytes, whatever the input order")
    func discoveryOrder() throws {
        let scratch = try ScratchDirectory()
        for name in ["Z.swift", "a.swift", "B/x.swift", "B.swift", "a/b.swift"] { try scratch.write(name, "") }
        let files = try SourceDiscovery.swiftFiles(in: [
            scratch.url.path + "/a", scratch.url.path, scratch.url.path + "/Z.swift",
        ])
        #expect(
            files.map { String($0.dropFirst(scratch.url.path.count + 1)) }
                == ["B.swift", "B/x.swift", "Z.swift", "a.swift", "a/b.swift"])
    }

    @Test("LINT-01 --exclude skips a folder and the cache replays identical diagnostics")
    func excludeAndCache() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("Fixtures/bad.swift", Self.violating)
        try scratch.write("Sources/bad.swift", Self.violating)
        let first = try CoglintProcess.run(["--exclude", "Fixtures", "--cache", "cache.json", "."], in: scratch.url)
        let second = try CoglintProcess.run(["--exclude", "Fixtures", "--cache", "cache.json", "."], in: scratch.url)
        #expect(first.status == 1 && second.status == 1)
        #expect(first.standardOutput.hasPrefix("Sources/bad.swift:1:5: error:"))
        #expect(first.standardOutput.split(separator: "\n").count == 1)
        #expect(second.standardOutput == first.standardOutput)
        #expect(second.standardError.contains("(1 from cache)"))
    }
}
