import Cog
import CogTesting
import Foundation
import Testing

@MainActor
struct BuildLegScenarioTests {
    /// Each module answers for itself: the settings are per target, and a
    /// leg where one of them lost its setting would otherwise still pass.
    @Test("LEG-02 Cog, CogTesting and CogTests each compiled with the leg's intended settings")
    func eachModuleCompiledForItsLeg() async throws {
        let intended = BuildLeg.intended
        let probes: [(module: String, unstated: (any Actor)?, nonisolatedAsync: (any Actor)?)] = [
            ("Cog", CogBuildLegProbe.unstatedIsolation(), await CogBuildLegProbe.nonisolatedAsyncIsolation()),
            (
                "CogTesting", CogTestingBuildLegProbe.unstatedIsolation(),
                await CogTestingBuildLegProbe.nonisolatedAsyncIsolation()
            ),
            ("CogTests", unstatedIsolationProbe(), await nonisolatedAsyncIsolationProbe()),
        ]
        for probe in probes {
            let compiled = try #require(
                CompiledSettings(unstated: probe.unstated, nonisolatedAsync: probe.nonisolatedAsync),
                "\(probe.module)'s probes answered with an actor other than the MainActor")
            #expect(compiled == CompiledSettings(of: intended), "\(probe.module) in the \(intended) leg")
        }
    }

    /// The leg `.ci/run` asked for is the leg that was built: a CI step that
    /// lost its trait or its configuration would otherwise rerun another leg.
    @Test("LEG-02 the leg CI names is the leg this binary was built for")
    func namedLegIsTheBuiltLeg() throws {
        guard ProcessInfo.processInfo.environment["CI"] != nil || BuildLeg.named != nil else { return }
        let named = try #require(BuildLeg.named, "CI runs every leg with COG_LEG naming it")
        #expect(named == BuildLeg.intended.name, "built as \(BuildLeg.intended)")
    }

}
