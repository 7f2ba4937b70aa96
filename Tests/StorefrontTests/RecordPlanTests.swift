import BuildProvenance
import BuiltInRuntimes
import Foundation
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

    @Test(
        "a record stands for one commit: the binary built from it with no change, and the checkout at it with no changed or untracked file"
    )
    func provenance() throws {
        let root = URL(fileURLWithPath: "/checkout")
        let commit = "7b23e1dbcdad0123456789abcdef0123456789ab"
        let clean = CheckoutState(commit: commit, changedFiles: [])
        try Recorder.checkProvenance(
            built: SourceProvenance(commit: commit, sourcesChanged: false), checkout: clean, root: root)

        func refusal(_ built: SourceProvenance, _ checkout: CheckoutState) -> String {
            do {
                try Recorder.checkProvenance(built: built, checkout: checkout, root: root)
                return "accepted"
            } catch {
                return "\(error)"
            }
        }
        #expect(
            refusal(SourceProvenance(commit: nil, sourcesChanged: false), clean).contains(
                "this binary was not built from a git checkout"))
        #expect(
            refusal(SourceProvenance(commit: commit, sourcesChanged: true), clean).contains(
                "this binary was built from sources that differed from 7b23e1dbcdad (changed or untracked files)"))
        let elsewhere = CheckoutState(commit: "fedcba9876543210fedcba9876543210fedcba98", changedFiles: [])
        #expect(
            refusal(SourceProvenance(commit: commit, sourcesChanged: false), elsewhere)
                == "this binary was built from 7b23e1dbcdad, but the checkout at /checkout is at fedcba987654; "
                + "rebuild it there (swift run -c release storefront builds first) and run again")
        let untracked = CheckoutState(commit: commit, changedFiles: ["?? Runtimes/Cog/New.swift"])
        #expect(
            refusal(SourceProvenance(commit: commit, sourcesChanged: false), untracked).contains(
                "1 file(s) in the checkout differ from 7b23e1dbcdad, tracked or untracked (?? Runtimes/Cog/New.swift)"))
        #expect(
            refusal(
                SourceProvenance(commit: commit, sourcesChanged: false), CheckoutState(commit: nil, changedFiles: [])
            )
            .contains("which git does not see as a checkout"))
    }
}
