import Cog
import CogTesting
import Testing

@MainActor
struct ReleaseLegScenarioTests {
    /// The release leg is `swift test -c release` (`COG_LEG=release` in
    /// `.ci/run`). The guardrails' own tests run in every leg; this one
    /// names them, so a guardrail test that stopped compiling into release
    /// builds (an `#if DEBUG` around it) breaks this build instead of
    /// dropping out unseen, and runs them here once more with the release
    /// leg's settings asserted around them. Debug legs check only that they
    /// are not the release leg: they rerun nothing.
    @Test("LEG-03 the release leg is optimized, has no DEBUG, and every-build guardrails hold in it")
    func guardrailsHoldInRelease() async throws {
        #expect(BuildLeg.intended.release == !debugAssertionsRun(), "release exactly when assertions are off")
        #if !DEBUG
            // A second app context.
            await OneGraphScenarioTests().secondAssemblyTraps()
            // An escaped writer.
            await TurnScenarioTests().escapedWriterTraps()
            // Cycles: a plain one and one through keyed cogs.
            await CycleScenarioTests().mutualCycleTraps()
            await CycleScenarioTests().keyedCycleTraps()
            // No CogTesting.seed and no history cost: their release halves.
            try SeedReleaseScenarioTests().releaseAbsence()
            try HistoryScenarioTests().releaseAbsence()
            #expect(FixtureTypeChecker.runs, "the release absence proofs type-check their fixtures")
        #endif
    }
}

/// Whether `assert` evaluates its condition: in debug builds only.
nonisolated func debugAssertionsRun() -> Bool {
    var ran = false
    assert(
        {
            ran = true
            return true
        }())
    return ran
}
