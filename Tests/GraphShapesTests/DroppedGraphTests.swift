import CogTesting
import GraphShapes
import Measure
import Testing

/// A shape's bodies read through their reader and never capture the
/// adapter that owns them, so a graph the bench drops is freed: with the
/// adapter captured, every sample's graph stayed alive (one suite run kept
/// about 12 GB of them). Cog's adapters run on a test clock: a real grace
/// timer is a dispatch source that a dropped runtime cancels and the main
/// queue frees later, which a synchronous count would see as held.
@MainActor
struct DroppedGraphTests {
    /// Builds and runs one graph, then drops it; the second round, after
    /// one-time costs such as type metadata, must hold nothing.
    private func heldAfterDropping(_ build: () -> Void) -> Int64 {
        build()
        return AllocationCounter.count(.thread) { build() }.netBytes
    }

    @Test("a dropped Kairo graph holds no heap, on either adapter", arguments: KairoShape.allCases)
    func kairo(shape: KairoShape) {
        #expect(heldAfterDropping { shape.build(CogAdapter<Int>(clock: TestClock())).iter() } == 0, "cog")
        #expect(heldAfterDropping { shape.build(StateGraphAdapter<Int>()).iter() } == 0, "stategraph")
    }

    @Test("dropped cellx, sBench and dynamic graphs hold no heap, on either adapter")
    func others() {
        #expect(heldAfterDropping { _ = Cellx.run(CogAdapter<Int>(clock: TestClock()), layers: 50) } == 0, "cellx cog")
        #expect(heldAfterDropping { _ = Cellx.run(StateGraphAdapter<Int>(), layers: 50) } == 0, "cellx stategraph")
        for update in [SBenchUpdate.oneToOne, .oneToThousand] {
            #expect(
                heldAfterDropping { update.build(CogAdapter<Int>(clock: TestClock()), writes: 10).writes() } == 0,
                "\(update) cog")
            #expect(
                heldAfterDropping { update.build(StateGraphAdapter<Int>(), writes: 10).writes() } == 0,
                "\(update) stategraph")
        }
        for create in SBenchCreate.allCases {
            #expect(
                heldAfterDropping { create.prepare(CogAdapter<Int>(clock: TestClock()), count: 1000).create() } == 0,
                "\(create) cog")
            #expect(
                heldAfterDropping { create.prepare(StateGraphAdapter<Int>(), count: 1000).create() } == 0,
                "\(create) stategraph")
        }
        let parameters = DynamicParameters(width: 10, totalLayers: 5, staticFraction: 0.5, sources: 2, readFraction: 1)
        #expect(
            heldAfterDropping {
                _ = DynamicGraph(CogAdapter<Double>(clock: TestClock()), parameters).run(iterations: 20)
            } == 0)
        #expect(
            heldAfterDropping { _ = DynamicGraph(StateGraphAdapter<Double>(), parameters).run(iterations: 20) } == 0)
    }
}
