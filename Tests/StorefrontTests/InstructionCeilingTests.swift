import BuiltInRuntimes
import Foundation
import Measure
import Testing
import Workload

@testable import StorefrontCommand
@testable import StorefrontHarness

/// PERF-10's gate: one-sided ceilings on instructions per iteration, held
/// by `--check-thresholds` (CI's sentinel run proves a real run that
/// crosses one fails).
@Suite("instruction ceilings")
struct InstructionCeilingTests {
    private let thresholds = try! JSONDecoder().decode(
        Thresholds.self,
        from: Data(
            """
            {"note": "test", "relativeTimeLimit": 1.25, "mallocsPerAction": {}, "mallocsPerIteration": {},
             "instructionsPerIteration": {"small": {"session": {
                 "cog": 80000000, "cog+CompactArena": 120000000, "stategraph": 330000000}}}}
            """.utf8))

    @Test(
        "PERF-10 an iteration above its instruction ceiling is a violation naming the port, the count and the ceiling")
    func aboveCeiling() {
        let document = session(arena: "specialized", ["cog": 80_000_001, "stategraph": 329_000_000])
        #expect(
            thresholds.violations(in: document) == [
                "session/cog at small scale: 80000001 instructions per iteration, above the pinned ceiling 80000000 (PERF-10)"
            ])
        #expect(thresholds.violations(in: session(arena: "specialized", ["cog": 80_000_000])).isEmpty)
    }

    @Test("PERF-10 the compact arena's cog is held to its own ceiling, not the specialized one's")
    func compactArenaCeiling() {
        #expect(thresholds.violations(in: session(arena: "compact", ["cog": 100_000_000])).isEmpty)
        #expect(
            thresholds.violations(in: session(arena: "compact", ["cog": 130_000_000]))
                .map { $0.hasPrefix("session/cog+CompactArena at small scale: 130000000 instructions") } == [true])
    }

    @Test("PERF-10 a pinned ceiling the run did not count is a violation saying how to count it")
    func uncountedCeiling() {
        let violations = thresholds.violations(in: session(arena: "specialized", ["cog": nil]))
        #expect(violations.count == 1)
        #expect(violations.first?.contains("pinned at 80000000 but were not counted") == true)
        #expect(violations.first?.contains("--instructions callgrind") == true)
    }

    @Test("a port without a ceiling, or a run at another scale, is not held to one")
    func unpinned() {
        #expect(thresholds.violations(in: session(arena: "specialized", ["memoized": 10_000_000_000])).isEmpty)
        #expect(thresholds.violations(in: session(arena: "specialized", ["cog": 1e12], scale: "default")).isEmpty)
    }

    /// A CompactArena build's refusal itself is shown by `.ci/run`, which
    /// asks its release binary to record; here, in whichever build runs
    /// the suite, the tests' escape admits it and a release build of the
    /// default arena records without one.
    @Test("--allow-test-build lets a debug or CompactArena build record; a default release build needs no escape")
    func testBuildEscape() throws {
        _ = try Options(["--suite", "cold-start", "--record", "--allow-test-build"], lineup: Runtime.builtIn)
        _ = try Options(
            ["--suite", "cold-start", "--baseline", "save", "x", "--allow-test-build"], lineup: Runtime.builtIn)
        let unescaped = Result {
            try Options(["--suite", "all", "--instructions", "callgrind", "--record"], lineup: Runtime.builtIn)
        }
        if case .failure(let error) = unescaped {
            let options = try Options(["--suite", "cold-start"], lineup: Runtime.builtIn)
            #expect(Options.isDebugBuild || !options.nonAppBuilds.isEmpty, "\(error)")
        }
    }

    @Test(
        "a port that runs fewer instructions than the compute control through the same view layer is a violation at any scale: the floor is not one"
    )
    func belowTheFloor() {
        let control = RuntimeResult(
            runtime: "control", gate: "passed", counters: ["callgrind-instructions": Reading(.counted(20_000_000))])
        var document = session(
            arena: "specialized", ["memoized": 19_999_999, "cog": 20_000_000, "stategraph": nil], scale: "default")
        document.suites[0].control = control
        #expect(
            thresholds.violations(in: document) == [
                "session/memoized at default scale: 19999999 instructions, below the compute control's 20000000 "
                    + "through the same view layer: the floor is not one (give the control the technique this port "
                    + "uses)"
            ])
        document.suites[0].control = nil
        #expect(thresholds.violations(in: document).isEmpty, "no control played, no floor to hold")
    }

    /// A session suite whose ports counted these instructions (nil: not counted).
    private func session(arena: String, _ instructions: [String: Double?], scale: String = "small")
        -> ResultsDocument
    {
        let ports = instructions.sorted { $0.key < $1.key }.map { name, count in
            RuntimeResult(
                runtime: name, gate: "passed",
                counters: [
                    "callgrind-instructions": count.map { Reading(.counted(Int64($0))) }
                        ?? Reading(unavailable: "not requested (add --instructions callgrind)")
                ])
        }
        return ResultsDocument(
            recordedAt: "2026-12-02T00:00:00Z", environment: EnvironmentFingerprint.current(builtFrom: "0123456789ab"),
            lineup: ports.map { port in
                RuntimeInfo(
                    name: port.runtime, version: "test", source: "test", idiom: "test",
                    buildVariant: port.runtime == "cog" && arena == "compact" ? "CompactArena" : nil)
            },
            workload: WorkloadInfo(scale: scale, products: 240, categories: 6, sessionActions: 93),
            plan: SamplingPlan(warmup: 0, iterations: 1),
            suites: [SuiteResult(suite: "session", summary: "the whole session", runtimes: ports)])
    }
}
