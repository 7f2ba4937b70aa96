import Cog
import CogTesting
import Testing

@MainActor
struct SeedReleaseScenarioTests {
    @Test("SEED-05 seed exists only in debug builds: a release build has no way to seed")
    func releaseAbsence() throws {
        guard let checker = FixtureTypeChecker.shared else { return }
        let outcome = try checker.typeCheck("SEED-05-seed-in-release.swift")
        #if DEBUG
        #expect(outcome.succeeded, "debug builds can seed: \(outcome.diagnostics)")
        #else
        let expected = try #require(try FixtureTypeChecker.expectedError(in: "SEED-05-seed-in-release.swift"))
        #expect(!outcome.succeeded)
        #expect(outcome.diagnostics.contains(expected), "diagnostics: \(outcome.diagnostics)")
        #endif
    }
}
