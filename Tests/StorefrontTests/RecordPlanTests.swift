import BuiltInRuntimes
import Testing
import Workload

@testable import StorefrontCommand
@testable import StorefrontHarness

/// A record replaces the last one in `docs/perf.md`, so it must be the same
/// kind of run: the full plan, of one committed tree (issue 38).
@Suite("what --record accepts as a record")
struct RecordPlanTests {
    @Test("the full plan falls short of nothing; more sampling is still the full plan")
    func fullPlan() throws {
        let full = try Options(["--suite", "all", "--instructions", "callgrind"], lineup: Runtime.builtIn)
        #expect(full.recordPlanShortfalls().isEmpty)
        let more = try Options(
            ["--suite", "all", "--instructions", "callgrind", "--iterations", "80", "--processes", "5"],
            lineup: Runtime.builtIn)
        #expect(more.recordPlanShortfalls().isEmpty)
    }

    @Test("each way a run falls short of the full plan is named, with what to do")
    func reducedPlans() throws {
        let reduced = try Options(
            [
                "--suite", "calibration", "--scale", "small", "--iterations", "2", "--warmup", "0",
                "--processes", "1",
            ], lineup: Runtime.builtIn)
        let shortfalls = reduced.recordPlanShortfalls()
        #expect(shortfalls.count == 6, "\(shortfalls)")
        #expect(shortfalls.first?.hasPrefix("leaves out cold-start, session") == true)
        #expect(shortfalls.contains("plays --scale small, not the default scale (drop --scale)"))
        #expect(shortfalls.contains("times 2 iterations, fewer than the default 50"))
        #expect(shortfalls.contains("warms up 0 rounds, fewer than the default 5"))
        #expect(shortfalls.contains("times in 1 process(es), fewer than the default 3"))
        #expect(shortfalls.contains("counts no instructions (add --instructions callgrind)"))
        let oneShape = try Options(
            ["--suite", "all", "--instructions", "callgrind", "--shape", "deep", "--growth-budget", "5"],
            lineup: Runtime.builtIn)
        #expect(oneShape.recordPlanShortfalls().count == 2, "\(oneShape.recordPlanShortfalls())")
    }

    @Test("a tree with uncommitted changes, or no commit at all, cannot be recorded")
    func committedTree() throws {
        try Recorder.checkCommitted("7b23e1dbcdad")
        #expect(throws: ToolFailure.self) { try Recorder.checkCommitted("7b23e1dbcdad-dirty") }
        #expect(throws: ToolFailure.self) { try Recorder.checkCommitted("unavailable: not run from a git checkout") }
        do {
            try Recorder.checkCommitted("7b23e1dbcdad-dirty")
        } catch let failure as ToolFailure {
            #expect(failure.description.contains("tracked files differ from 7b23e1dbcdad"))
            #expect(failure.description.contains("commit or stash the changes"))
        }
    }
}
