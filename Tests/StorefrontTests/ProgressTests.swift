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
}
