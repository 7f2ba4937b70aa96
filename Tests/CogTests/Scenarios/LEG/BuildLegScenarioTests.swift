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

    /// The matrix is CI's to run (each leg is its own build), so this test
    /// holds CI to it: `.ci/run` must run the whole host suite in each of
    /// the four debug legs and in release, each named in `COG_LEG` for the
    /// LEG-02 check above, and must stop when a leg's LEG-02 tests did not
    /// pass. Dropping or renaming a leg fails here, in every leg.
    @Test("LEG-01 .ci/run runs Cog's whole host suite in all four legs and in release, each named for LEG-02")
    func ciRunsEveryLeg() throws {
        let script = try String(contentsOf: PackageRoot.url.appendingPathComponent(".ci/run"), encoding: .utf8)
        let lines = script.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.hasPrefix("#") }
        let commands = lines.joined(separator: "\n")
        // The default leg and the release leg run the whole package's tests,
        // through the wrapper that reruns suite by suite after a crash.
        #expect(lines.contains("COG_LEG=default .ci/test-isolating-crashes"))
        #expect(lines.contains("COG_LEG=release .ci/test-isolating-crashes -c release"))
        let wrapper = try String(
            contentsOf: PackageRoot.url.appendingPathComponent(".ci/test-isolating-crashes"), encoding: .utf8)
        #expect(wrapper.contains("swift test \"$@\""), "the wrapper runs swift test with the leg's options")
        // The other three debug legs: every combination of the two traits,
        // each under the name BuildLeg gives its settings.
        let legs: [(settings: BuildLeg, traits: String)] = [
            (BuildLeg(release: false, defaultMainActor: true, nonisolatedNonsending: false), "DefaultMainActor"),
            (BuildLeg(release: false, defaultMainActor: false, nonisolatedNonsending: true), "NonisolatedNonsending"),
            (
                BuildLeg(release: false, defaultMainActor: true, nonisolatedNonsending: true),
                "DefaultMainActor,NonisolatedNonsending"
            ),
        ]
        for leg in legs {
            #expect(commands.contains("\(leg.settings.name):\(leg.traits)"), "no \(leg.settings) leg in .ci/run")
        }
        #expect(commands.contains("swift build --build-tests --scratch-path \"$scratch\" --traits \"$traits\""))
        #expect(
            commands.contains("COG_LEG=$name swift test --skip-build --scratch-path \"$scratch\" --traits \"$traits\""))
        #expect(commands.contains("Test \"LEG-02 .*\" passed"), "each leg must check its LEG-02 tests passed")
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
