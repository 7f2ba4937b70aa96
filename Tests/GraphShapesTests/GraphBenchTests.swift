@testable import GraphShapes
import Testing

/// The suite's own verification: a case whose counts differ from what its
/// runtime must show is reported, with expected and actual, before timing.
@MainActor
struct GraphBenchTests {
    @Test("a Kairo case verified against the wrong runtime's counts fails with expected and actual")
    func kairoMismatchFails() {
        let adapter = CogAdapter<Int>()
        // Cog runs unstable in 202 computed runs; the clone's expectation is 302.
        let instance = GraphBench.kairoInstance(.unstable, KairoShape.unstable.build(adapter), "stategraph", nil)
        #expect(instance.verify() == "steady iter(): expected comp 302, eff 101, got comp 202, eff 101")
    }

    @Test("a Kairo case verified against its own runtime passes")
    func kairoMatchPasses() {
        let adapter = CogAdapter<Int>()
        let instance = GraphBench.kairoInstance(.diamond, KairoShape.diamond.build(adapter), "cog") {
            adapter.edgePoolHighWaterMark
        }
        #expect(instance.verify() == nil)
    }

    @Test("the suite lists every shape for every runtime")
    func caseList() {
        let cases = GraphBench.cases(runtimes: ["cog", "stategraph", "observable"])
        // Kairo, molBench, cellx and the ten sBench create cases on both; the
        // clone runs no sBench update or dynamic graph (too slow for the suite's budget).
        #expect(cases.count == (8 + 1 + 3 + 10) * 2 + 7 + 6)
        #expect(Set(cases.map(\.runtime)) == ["cog", "stategraph"])
    }
}
