import GraphShapes
import Cog
import CogTesting
import Testing

@MainActor
struct LatticeRunCountScenarioTests {
    @Test("COUNT-05 dynamicBench PRNG reproduces the reference hash and first draws")
    func seededRandomMatchesReference() {
        #expect(
            SeededRandom.hashOutputs(of: "seed", count: 4) == [246_123_560, 2_434_935_956, 752_727_108, 913_990_249])
        var random = SeededRandom(seed: "seed")
        let draws = (0..<4).map { _ in random.next() }
        #expect(draws == [0.8370377509854734, 0.35816134908236563, 0.12195610790513456, 0.486986321862787])
    }

    @Test("COUNT-05 dynamicBench unit graphs: sums and run counts match exactly on fresh graphs")
    func dynamicUnitGraphs() {
        let small = DynamicGraph(
            CogAdapter(), .init(width: 3, totalLayers: 3, staticFraction: 1, sources: 2, readFraction: 1))
        #expect(small.run(iterations: 2) == 16)
        #expect(small.graph.computedRuns.count == 11)

        let lazy = DynamicGraph(
            CogAdapter(), .init(width: 3, totalLayers: 3, staticFraction: 1, sources: 2, readFraction: 2.0 / 3))
        #expect(lazy.run(iterations: 10) == 72)
        #expect(lazy.graph.computedRuns.count == 41)

        let mixed = DynamicGraph(
            CogAdapter(), .init(width: 4, totalLayers: 2, staticFraction: 0.5, sources: 2, readFraction: 1))
        #expect(mixed.run(iterations: 10) == 72)
        #expect(mixed.graph.computedRuns.count == 22)
    }

    /// Reduced sizes: 25-1000x5 at width 100 keeps the count rule's
    /// Σ min(W, 1 + k(n−1)) = 244 per iteration; each run writes every
    /// source at least twice, so every write of a later run changes a value.
    @Test("COUNT-05 dynamicBench sweeps: 25-100x5 and 3-5x500 run exactly the count rule per iteration")
    func dynamicSweeps() {
        for (parameters, iterations, perIteration) in [
            (DynamicParameters(width: 100, totalLayers: 5, staticFraction: 1, sources: 25, readFraction: 1), 200, 244),
            (DynamicParameters(width: 5, totalLayers: 500, staticFraction: 1, sources: 3, readFraction: 1), 10, 2493),
        ] {
            let graph = DynamicGraph(CogAdapter(), parameters)
            _ = graph.run(iterations: iterations)
            let runs = graph.graph.counting { _ = graph.run(iterations: iterations) }
            #expect(runs.computed == perIteration * iterations)
            #expect(runs.effects == iterations)
        }
    }

    @Test("COUNT-06 cellx lattice (1000 layers): values before and after, and 4L computed plus 4L effect runs")
    func cellx() {
        let graph = ReactiveHarness()
        let start = (1...4).map { graph.signal($0) }
        var previous: [CogReference<Int>] = start.map { $0.cogReference }
        let build = graph.counting {
            for _ in 0..<1000 {
                let m = previous
                let layer: [Cog<Int>] = [
                    graph.computed { c in c[m[1]] },
                    graph.computed { c in c[m[0]] - c[m[2]] },
                    graph.computed { c in c[m[1]] + c[m[3]] },
                    graph.computed { c in c[m[2]] },
                ]
                for node in layer { graph.effect { c in _ = c[node] } }
                previous = layer.map { $0.cogReference }
            }
        }
        #expect(build.computed == 4000 && build.effects == 4000)
        let last = previous
        #expect(last.map { graph.read($0) } == [-3, -6, -2, 2])
        let step = graph.counting {
            graph.batch { c in
                for (index, value) in [4, 3, 2, 1].enumerated() { c[start[index]] = value }
            }
        }
        #expect(last.map { graph.read($0) } == [-2, -4, 2, 3])
        #expect(step.computed == 4000 && step.effects == 4000)
    }
}
