import GraphShapes
import Testing

/// Every Kairo shape on every adapter: the values the original asserts,
/// the reference's build and steady-state counts, and for Cog an edge pool
/// that stops growing once the graph is warm.
@MainActor
struct KairoShapeTests {
    @Test("Kairo shapes on Cog: reference counts, steady edge pool", arguments: KairoShape.allCases)
    func cog(shape: KairoShape) {
        let adapter = CogAdapter<Int>()
        let graph = GraphShapeTestSupport.verify(shape, on: adapter)
        let highWater = adapter.edgePoolHighWaterMark
        for _ in 0..<20 { graph.iter() }
        #expect(adapter.edgePoolHighWaterMark == highWater, "steady iterations reuse their edges")
    }

    @Test("Kairo shapes on the stategraph clone: reference counts", arguments: KairoShape.allCases)
    func stategraph(shape: KairoShape) {
        _ = GraphShapeTestSupport.verify(shape, on: StateGraphAdapter<Int>())
    }
}

@MainActor
enum GraphShapeTestSupport {
    static func verify<A: ReactiveAdapter>(_ shape: KairoShape, on adapter: A) -> ShapeGraph where A.Value == Int {
        let built = shape.build(adapter)
        #expect(built.counts == shape.buildCounts, "\(shape) build on \(A.runtimeName)")
        built.iter()
        let steady = built.counting { built.iter() }
        #expect(steady == shape.steadyCounts(A.pullRule), "\(shape) steady on \(A.runtimeName)")
        #expect(built.check.firstMismatch == nil, "\(shape) on \(A.runtimeName)")
        return built
    }
}
