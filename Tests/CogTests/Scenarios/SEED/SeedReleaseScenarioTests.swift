import Cog
import CogTesting
import Testing

@MainActor
struct SeedReleaseScenarioTests {
    @Test("SEED-05 seed exists only in debug builds: a release build has no way to seed")
    func releaseAbsence() throws {
        try FixtureTypeChecker.expectDebugOnly("SEED-05-seed-in-release.swift")
    }
}
