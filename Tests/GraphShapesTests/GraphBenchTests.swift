@testable import GraphShapes
import GraphSuite
import Testing

/// The suite's own verification: a case whose counts differ from what its
/// runtime must show is reported, with expected and actual, before timing.
@MainActor
struct GraphBenchTests {
    @Test("a Kairo case verified against the wrong runtime's counts fails with expected and actual")
    func kairoMismatchFails() {
        let adapter = CogAdapter<Int>()
        // Cog runs unstable in 201 computed runs; the clone's expectation is 302.
        let instance = GraphBench.kairoInstance(
            .unstable, KairoShape.unstable.build(adapter), .everyPendingSource, nil)
        #expect(instance.verify() == "steady iter(): expected comp 302, eff 101, got comp 201, eff 101")
    }

    @Test("a Kairo case verified against its own runtime passes")
    func kairoMatchPasses() {
        let adapter = CogAdapter<Int>()
        let instance = GraphBench.kairoInstance(
            .diamond, KairoShape.diamond.build(adapter), CogAdapter<Int>.pullRule, GraphBench.pool(of: adapter))
        #expect(instance.verify() == nil)
    }

    @Test("each adapter lists the cases its budget allows, and the suite orders them shape by shape")
    func caseList() {
        let cog = GraphAdapter.cog.cases()
        let clone = GraphAdapter.stategraph.cases()
        // Kairo, molBench, cellx and the ten sBench create cases on both; the
        // clone's reduced budget runs no sBench update or dynamic graph.
        #expect(cog.count == 8 + 1 + 3 + 10 + 7 + 6)
        #expect(clone.count == 8 + 1 + 3 + 10)
        #expect(Set(cog.map(\.runtime)) == ["cog"] && Set(clone.map(\.runtime)) == ["stategraph"])
        let suite = GraphAdapter.cases(of: [.stategraph, .cog])
        #expect(suite.count == cog.count + clone.count)
        #expect(suite.prefix(2).map(\.runtime) == ["stategraph", "cog"])
        #expect(suite.prefix(2).map(\.shape) == ["avoidablePropagation", "avoidablePropagation"])
        #expect(suite.map(\.order) == suite.map(\.order).sorted())
    }

    @Test(
        "the budget sets samples and Kairo repeats: the reference's for Cog, one sample of 10 iterations for the clone")
    func budgets() throws {
        let cog = try #require(GraphAdapter.cog.cases().first { $0.shape == "diamond" })
        let clone = try #require(GraphAdapter.stategraph.cases().first { $0.shape == "diamond" })
        #expect((cog.samples, cog.unit, cog.alienMilliseconds) == (10, "500 × iter()", 47.8))
        #expect((clone.samples, clone.unit, clone.alienMilliseconds) == (1, "10 × iter()", nil))
        #expect(cog.order == clone.order)
    }
}
