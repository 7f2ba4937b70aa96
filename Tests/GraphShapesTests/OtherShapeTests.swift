import GraphShapes
import Testing

/// molBench, cellx and the dynamic graph at reduced size on every adapter,
/// with exact values and run counts.
@MainActor
struct OtherShapeTests {
    @Test(
        "molBench: results every call, comp 9 with identity and 7 with structural equality (stategraph one more)",
        arguments: MolBench.Semantics.allCases)
    func molBench(semantics: MolBench.Semantics) {
        check(MolBench.build(CogAdapter<MolValue>(), semantics), semantics, CogAdapter<MolValue>.self)
        check(MolBench.build(StateGraphAdapter<MolValue>(), semantics), semantics, StateGraphAdapter<MolValue>.self)
    }

    private func check<A: ReactiveAdapter>(_ graph: ShapeGraph, _ semantics: MolBench.Semantics, _: A.Type) {
        let runtime = A.runtimeName
        #expect(graph.counts == MolBench.buildCounts, "\(runtime) build")
        graph.iter()
        graph.checkLast()
        let steady = graph.counting { graph.iter() }
        graph.checkLast()
        #expect(steady == semantics.steadyCounts(A.pullRule), "\(runtime) \(semantics)")
        for _ in 0..<5 {
            graph.iter()
            graph.checkLast()
        }
        #expect(graph.check.firstMismatch == nil, "\(runtime): \(graph.check.firstMismatch ?? "")")
    }

    @Test(
        "sBench create at reduced size: each effect runs once, with the case's tracked reads and edges",
        arguments: SBenchCreate.allCases)
    func sbenchCreate(benchmark: SBenchCreate) {
        let count = 2000
        // The published sizes: 100,000 edges for every case but createSignals and 0to1.
        #expect(benchmark.edges() == ([.signals, .zeroToOne].contains(benchmark) ? 0 : SBenchCreate.count))
        let cog = benchmark.prepare(CogAdapter<Int>(), count: count)
        cog.create()
        #expect(cog.mismatch() == nil, "cog: \(cog.mismatch() ?? "")")
        #expect(cog.effectRuns.count == benchmark.effects(count: count))
        #expect(cog.adapter.edgePoolHighWaterMark == benchmark.edges(count: count))
        let clone = benchmark.prepare(StateGraphAdapter<Int>(), count: count)
        clone.create()
        #expect(clone.mismatch() == nil, "stategraph: \(clone.mismatch() ?? "")")
    }

    @Test("cellx layer map reproduces the reference's table at 1000, 2500 and 5000 layers")
    func cellxTable() {
        for layers in Cellx.sizes {
            let expected = Cellx.expected(layers: layers)
            #expect(Cellx.simulate(layers, [1, 2, 3, 4]) == expected.before)
            #expect(Cellx.simulate(layers, [4, 3, 2, 1]) == expected.after)
        }
    }

    @Test(
        "cellx on every adapter: values before and after, 4L runs in the build and in the batch",
        arguments: [7, 12, 100])
    func cellx(layers: Int) {
        let expected = Cellx.expected(layers: layers)
        for outcome in [
            Cellx.run(CogAdapter<Int>(), layers: layers),
            Cellx.run(StateGraphAdapter<Int>(), layers: layers),
        ] {
            #expect(outcome.before == expected.before && outcome.after == expected.after)
            #expect(outcome.build == Cellx.counts(layers: layers))
            #expect(outcome.batch == Cellx.counts(layers: layers))
        }
    }

    @Test("dynamic graph PRNG: the reference's hash outputs and first draws")
    func prng() {
        #expect(
            SeededRandom.hashOutputs(of: "seed", count: 4) == [246_123_560, 2_434_935_956, 752_727_108, 913_990_249])
        var random = SeededRandom(seed: "seed")
        #expect(
            (0..<4).map { _ in random.next() } == [
                0.8370377509854734, 0.35816134908236563, 0.12195610790513456, 0.486986321862787,
            ])
    }

    @Test("dynamic graph unit checks on fresh graphs, every adapter")
    func dynamicUnits() {
        let cases: [(DynamicParameters, Int, Double, Int)] = [
            (.init(width: 3, totalLayers: 3, staticFraction: 1, sources: 2, readFraction: 1), 2, 16, 11),
            (.init(width: 3, totalLayers: 3, staticFraction: 1, sources: 2, readFraction: 2.0 / 3), 10, 72, 41),
            (.init(width: 4, totalLayers: 2, staticFraction: 0.5, sources: 2, readFraction: 1), 10, 72, 22),
        ]
        for (parameters, iterations, sum, count) in cases {
            let cog = DynamicGraph(CogAdapter(), parameters)
            #expect(cog.run(iterations: iterations) == sum)
            #expect(cog.graph.computedRuns.count == count)
            let stategraph = DynamicGraph(StateGraphAdapter(), parameters)
            #expect(stategraph.run(iterations: iterations) == sum)
            #expect(stategraph.graph.computedRuns.count == count)
        }
    }

    @Test("dynamic configurations: node counts and read leaves as published")
    func dynamicShapes() {
        let published = [(40, 0, 2), (90, 20, 2), (11000, 595, 1000), (4000, 0, 1000), (2495, 0, 5), (1400, 666, 100)]
        for (configuration, (computeds, dynamic, leaves)) in zip(DynamicConfiguration.all, published) {
            let graph = DynamicGraph(CogAdapter(), configuration.parameters)
            #expect(
                graph.computedNodes == computeds && graph.dynamicNodes == dynamic && graph.readLeaves.count == leaves,
                "\(configuration.title)")
        }
    }

    @Test("a wrong value is caught and reported, not ignored")
    func checkerCatchesMismatch() {
        let check = Checker()
        check.expect(1, 1, "same")
        #expect(check.firstMismatch == nil)
        check.expect(41, 42, "sum")
        check.expect(0, 1, "later")
        #expect(check.firstMismatch == "sum: expected 42, got 41")
    }
}

/// sBench updates at reduced size: the reference's rerun rule, (writes − 1)
/// × effects on a fresh graph, holds for every runtime.
@MainActor
struct SBenchUpdateTests {
    @Test("sBench updates: full-size expectations are the reference's")
    func expectations() {
        #expect(
            SBenchUpdate.allCases.map(\.expectedReruns) == [399_999, 199_999, 99_999, 399, 199_998, 399_996, 9_999_000])
    }

    @Test("sBench update graphs on every adapter run (writes − 1) × effects", arguments: SBenchUpdate.allCases)
    func reruns(update: SBenchUpdate) {
        for (writes, runs) in [
            update.build(CogAdapter<Int>(), writes: 20),
            update.build(StateGraphAdapter<Int>(), writes: 20),
        ] {
            #expect(runs.count == update.shape.effects, "each effect runs once when created")
            writes()
            #expect(runs.count - update.shape.effects == update.expectedReruns(writes: 20))
        }
    }
}
