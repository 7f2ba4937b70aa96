import BuiltInRuntimes
@testable import StorefrontCommand
@testable import StorefrontHarness
import Testing
import Workload

@MainActor
@Suite("storefront progress")
struct ProgressTests {
    @Test("durations read as seconds, minutes or hours")
    func durations() {
        #expect(RunProgress.duration(4.4) == "4s")
        #expect(RunProgress.duration(185) == "3m05s")
        #expect(RunProgress.duration(3_725) == "1h02m")
    }

    @Test("the plan has the gate, callgrind when asked, then every suite in order, each with some weight")
    func plan() throws {
        let options = try Options(
            ["--suite", "all", "--scale", "small", "--instructions", "callgrind"], lineup: Runtime.builtIn)
        let stages = ProgressPlan.stages(for: options)
        #expect(
            stages.map(\.name)
                == [ProgressPlan.gate, ProgressPlan.callgrind, ProgressPlan.processes] + options.suites.map(\.rawValue))
        #expect(stages.allSatisfy { $0.weight > 0 })
        let withoutRuntimeSuites = ProgressPlan.stages(
            for: try Options(["--suite", "calibration,graph"], lineup: Runtime.builtIn))
        #expect(withoutRuntimeSuites.map(\.name) == ["calibration", "graph"], "no gate when no port is measured")
    }

    @Test("off a terminal, a running stage gets a line with its share done and time left at least every 30 s")
    func heartbeat() {
        var snapshot = ProgressSnapshot(stages: [
            RunProgress.Stage(name: "session", weight: 10), RunProgress.Stage(name: "graph", weight: 30),
        ])
        let idle = snapshot.lastLine &+ 31_000_000_000
        #expect(snapshot.heartbeatLine(now: idle) == nil, "no stage runs yet")
        snapshot.begin("graph")
        snapshot.detail = "cellx1000 on cog"
        snapshot.fractionOfStage = 0.5
        _ = snapshot.line(detail: snapshot.detail)
        let written = snapshot.lastLine
        #expect(snapshot.heartbeatLine(now: written &+ 29_000_000_000) == nil)
        let line = snapshot.heartbeatLine(now: written &+ 30_000_000_000)
        #expect(
            line?.hasPrefix("storefront: 2/2 graph · cellx1000 on cog (37% of the run done, ") == true,
            "\(line ?? "none")")
        #expect(snapshot.heartbeatLine(now: written &+ 31_000_000_000) == nil, "the heartbeat's own line counts")
        snapshot.closeStage()
        #expect(snapshot.heartbeatLine(now: snapshot.lastLine &+ 60_000_000_000) == nil, "none between stages")
    }
}
