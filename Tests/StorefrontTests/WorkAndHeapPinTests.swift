import Foundation
import Measure
import Testing

@testable import StorefrontHarness

/// Work that moves out of sight (issue 39): a port that skips work shows as
/// fewer renders or recomputations, one that frees late as a higher heap
/// peak or more bytes left held, and `--check-thresholds` names each.
@Suite("work counts held both ways, heap held to ceilings")
struct WorkAndHeapPinTests {
    private let thresholds = try! JSONDecoder().decode(
        Thresholds.self,
        from: Data(
            """
            {"note": "test", "relativeTimeLimit": 1.25, "mallocsPerAction": {}, "mallocsPerIteration": {},
             "renders": {"small": {"session": {"cog": 764}}},
             "recomputations": {"small": {"session": {"cog": 2072}}},
             "peakLiveBytes": {"small": {"session": {"cog": 670000}}},
             "retainedBytes": {"small": {"session": {"cog": 536000}}}}
            """.utf8))

    @Test("the pinned counts pass; fewer renders or recomputations fail as surely as more")
    func workCountsBothWays() {
        #expect(thresholds.violations(in: session()).isEmpty)
        #expect(
            thresholds.violations(in: session(renders: 611)) == [
                "session/cog at small scale: 611 renders, below the pinned 764 (a view not re-rendered though its "
                    + "screen changed, or work skipped?)"
            ])
        #expect(
            thresholds.violations(in: session(renders: 765)).first?.contains("765 renders, above the pinned") == true)
        #expect(
            thresholds.violations(in: session(recomputations: 2000)).first?.contains(
                "2000 recomputations, below the pinned 2072") == true)
        #expect(
            thresholds.violations(in: session(recomputations: 2073)).first?.contains("above the pinned 2072") == true)
    }

    @Test("a heap peak or retained bytes above the ceiling fail, naming the metric; below passes")
    func heapCeilings() {
        #expect(thresholds.violations(in: session(peak: 600_000, retained: 400_000)).isEmpty)
        #expect(
            thresholds.violations(in: session(peak: 720_000)) == [
                "session/cog at small scale: 720000 bytes of peak live heap, above the ceiling 670000 "
                    + "(memory freed later than before?)"
            ])
        #expect(
            thresholds.violations(in: session(retained: 600_000)).first?.contains(
                "600000 heap bytes still held after the run, above the ceiling 536000") == true)
        #expect(
            thresholds.violations(in: session(peak: 720_000, retained: 600_000, variant: "CompactArena")).isEmpty,
            "another arena's heap is held only to a ceiling pinned for it (cog+CompactArena)")
    }

    /// A session suite in which cog's run took these counts.
    private func session(
        renders: Int = 764, recomputations: Int64 = 2072, peak: Int64 = 650_000, retained: Int64 = 520_000,
        variant: String? = nil
    ) -> ResultsDocument {
        var port = RuntimeResult(runtime: "cog", gate: "passed")
        port.renders = renders
        port.recomputations = Reading(.counted(recomputations))
        port.peakLiveBytes = peak
        port.retainedBytes = retained
        return ResultsDocument(
            recordedAt: "2026-12-06T00:00:00Z", environment: EnvironmentFingerprint.current(builtFrom: "0123456789ab"),
            lineup: [
                RuntimeInfo(name: "cog", version: "test", source: "test", idiom: "test", buildVariant: variant)
            ],
            workload: WorkloadInfo(scale: "small", products: 240, categories: 6, sessionActions: 93),
            plan: SamplingPlan(warmup: 0, iterations: 1),
            suites: [SuiteResult(suite: "session", summary: "the whole session", runtimes: [port])])
    }
}
