import Foundation
import GraphShapes
import GraphSuite
import Measure
import Testing

/// The exact counts of Cog's benchmark-mode scenarios, proven on the same
/// probes `storefront --suite perf-scenarios` measures (`GraphShapes/Probes`).
/// Times, and counts that are only a record (PERF-02's retains, PERF-03's
/// heap peak, which moved by up to 3.4% between processes), belong to the
/// suite and its baseline; these tests hold what is exact in every build.
@MainActor
struct ScenarioProbeTests {
    private func probe(_ name: String) throws -> ScenarioProbe {
        try #require(CogScenarioProbes.named(name), "no probe named \(name)")
    }

    private func mallocsPerRun(_ instance: ScenarioInstance, runs: Int = 4) -> UInt64 {
        AllocationCounter.count(.thread) { for _ in 0..<runs { instance.run() } }.allocations / UInt64(runs)
    }

    @Test(
        "PERF-07 a turn that changes every key of 1,000 pinned keys, 12 shown, delivers exactly 1,000 notices and allocates the same every turn",
        .enabled(if: AllocationCounter.isActive))
    func pinnedNotices() throws {
        let instance = try probe("PERF-07 pinned-key notices").make()
        let first = try #require(instance.noticesOfOneRun?())
        #expect(first.count == 1_000)
        #expect(Set(first).count == 1_000, "one notice per pinned boundary")
        #expect(instance.noticesOfOneRun?().count == 1_000)
        #expect(mallocsPerRun(instance) == mallocsPerRun(instance))
        #expect(instance.verify() == nil)
    }

    @Test(
        "PERF-11 a pinned key that stops changing costs a turn nothing: with 1 or 1,000 pinned beside it, a turn on one key allocates the same and delivers the same notices in the same order",
        .enabled(if: AllocationCounter.isActive))
    func pinnedKeysCostNothing() throws {
        let one = try probe("PERF-11 one key, 1 pinned").make()
        let thousand = try probe("PERF-11 one key, 1,000 pinned").make()
        #expect(mallocsPerRun(one) == mallocsPerRun(thousand))
        #expect(one.noticesOfOneRun?() == ["label[0]", "badge[0]"])
        #expect(thousand.noticesOfOneRun?() == ["label[0]", "badge[0]"])
        #expect(one.verify() == nil && thousand.verify() == nil)
    }

    @Test(
        "PERF-13 settling one node of a deep chain allocates nothing: a 1,000-link settle allocates what a 500-link one does",
        .enabled(if: AllocationCounter.isActive))
    func deepChainSettleAllocatesNothingPerNode() throws {
        let instance = try probe("PERF-13 deep-chain settle").make()
        let reference = try #require(instance.reference)
        #expect(mallocsPerRun(instance) == mallocsPerRun(reference))
        #expect(instance.verify() == nil && reference.verify() == nil)
    }
}

/// Retain and release traffic, counted by callgrind in graph-probe, which
/// runs each probe as the suite's callgrind child does.
@Suite(.enabled(if: CallgrindRunner() != nil, "valgrind is not installed"))
struct ScenarioProbeCallgrindTests {
    private var graphProbe: URL {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        return bundle.deletingLastPathComponent().appendingPathComponent("graph-probe")
    }

    @Test(
        "PERF-11 a turn that writes and reads one key performs the same retains and releases with 1 or 1,000 keys pinned beside it"
    )
    func pinnedKeysRetainNothing() throws {
        let runner = try #require(CallgrindRunner())
        let names = ["PERF-11 one key, 1 pinned", "PERF-11 one key, 1,000 pinned"]
        let totals = try runner.run(graphProbe, arguments: names.map { $0 + ":4" })
        let one = try #require(totals[names[0]])
        let thousand = try #require(totals[names[1]])
        #expect(one.retainCalls > 0, "callgrind saw no retains at all: is the call parser reading the dump?")
        #expect(one.retainCalls == thousand.retainCalls)
        #expect(one.releaseCalls == thousand.releaseCalls)
    }
}
