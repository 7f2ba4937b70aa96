import Foundation
import Testing

/// Compile-fail scenarios: each fixture in Fixtures/ must fail to type-check
/// against the built Cog module with the diagnostic its first line names.
@Suite(.enabled(if: FixtureTypeChecker.runs, "the built Cog module or swiftc could not be located (outside CI)"))
struct CompileFailScenarioTests {
    private func expectRejected(_ fixture: String) throws {
        let checker = try FixtureTypeChecker.required()
        let expected = try #require(try FixtureTypeChecker.expectedError(in: fixture))
        let outcome = try checker.typeCheck(fixture)
        #expect(!outcome.succeeded, "\(fixture) type-checked but should not have")
        #expect(outcome.diagnostics.contains(expected), "\(fixture) diagnostics: \(outcome.diagnostics)")
    }

    @Test("ONE-03 feature code cannot build a plain Cogs with an initializer")
    func plainInitializerRejected() throws {
        try expectRejected("ONE-03-plain-initializer.swift")
    }

    @Test("DECL-06 writing through a readOnly value reference does not compile")
    func readOnlyWriteRejected() throws {
        try expectRejected("DECL-06-write-through-read-only.swift")
    }

    @Test("DECL-12 a throwing synchronous selector does not compile")
    func throwingSelectorRejected() throws {
        try expectRejected("DECL-12-throwing-selector.swift")
    }

    @Test("ACTOR-02 synchronous graph access from another executor does not compile")
    func offMainAccessRejected() throws {
        try expectRejected("ACTOR-02-off-main-access.swift")
    }

    @Test("ACTOR-03 a non-Sendable MainActor value in a manual cog type-checks with no wrapper (harness control)")
    func nonSendableValueAccepted() throws {
        let checker = try FixtureTypeChecker.required()
        let outcome = try checker.typeCheck("ACTOR-03-non-sendable-value.swift")
        #expect(outcome.succeeded, "diagnostics: \(outcome.diagnostics)")
    }

    @Test("ASYNC-33 the status lens refuses synchronous state")
    func statusOfSyncCogRejected() throws {
        try expectRejected("ASYNC-33-status-of-sync-cog.swift")
    }

    @Test("ASYNC-34 an async declaration without default: does not compile")
    func asyncWithoutDefaultRejected() throws {
        try expectRejected("ASYNC-34-async-without-default.swift")
    }

    @Test("POLICY-05 a stream selector cannot use an ordered policy")
    func queuedStreamRejected() throws {
        try expectRejected("POLICY-05-queued-stream.swift")
    }

    @Test("REACT-14 a reaction gets a read-only view and cannot write")
    func reactionWriteRejected() throws {
        try expectRejected("REACT-14-reaction-writes.swift")
    }

    @Test("MECH-14 reactions register only through a mechanism's controller")
    func reactionOnRuntimeRejected() throws {
        try expectRejected("MECH-14-reaction-on-runtime.swift")
    }

    @Test("MECH-36 scope's removed predecessor does not compile in any of its three forms")
    func removedScopePredecessorRejected() throws {
        let fixture = "MECH-36-removed-scope-predecessor.swift"
        try expectRejected(fixture)
        let checker = try FixtureTypeChecker.required()
        let expected = try #require(try FixtureTypeChecker.expectedError(in: fixture))
        let diagnostics = try checker.typeCheck(fixture).diagnostics
        let rejections = Set(
            diagnostics.split(separator: "\n").filter { $0.contains(".swift:") && $0.contains("error: \(expected)") })
        #expect(rejections.count == 3, "one rejection per form: \(diagnostics)")
    }

    /// The fixture's name can only be the one the design history suggests;
    /// this half holds whatever the old name was: Cog's sources declare no
    /// deprecated alias, renamed or unavailable stub at all.
    @Test("MECH-36 Cog declares no deprecated alias, renamed or unavailable stub for any name")
    func noDeprecatedAliases() throws {
        let sources = PackageRoot.cogSources
        let files = try #require(FileManager.default.enumerator(atPath: sources.path))
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        #expect(files.count > 20, "the scan must see Cog's sources")
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where line.contains("@available") {
                for word in ["deprecated", "renamed", "unavailable", "obsoleted"] {
                    #expect(!line.contains(word), "\(file): \(line)")
                }
            }
        }
    }

    @Test("SEED-06 only manual sources can be seeded")
    func seedAutomaticRejected() throws {
        try expectRejected("SEED-06-seed-automatic.swift")
    }
}
