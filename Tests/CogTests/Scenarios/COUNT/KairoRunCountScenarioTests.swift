import Cog
import CogTesting
import Testing

/// The Kairo shapes of js-reactivity-benchmark at their published sizes;
/// steady = one iter() after an earlier one. Expected counts are the ones
/// alien-signals, Reactively and Preact agree on.
@MainActor
struct KairoRunCountScenarioTests {
    @Test("COUNT-01 Kairo diamond (width 5): build 6/1, steady 3006 computed and 501 effect runs")
    func diamond() {
        let graph = ReactiveHarness()
        let head = graph.signal(0)
        let arms = (0..<5).map { _ in graph.computed { c in c[head] + 1 } }
        let sum = graph.computed { c in arms.reduce(0) { $0 + c[$1] } }
        let effectsSeen = RunCounter()
        let build = graph.counting {
            _ = graph.read(sum)
            graph.effect { c in
                _ = c[sum]
                effectsSeen.bump()
            }
        }
        #expect(build.computed == 6 && build.effects == 1)
        func iter() {
            graph.batch { c in c[head] = 1 }
            #expect(graph.read(sum) == 10)
            effectsSeen.count = 0
            for i in 0..<500 {
                graph.batch { c in c[head] = i }
                #expect(graph.read(sum) == (i + 1) * 5)
            }
            #expect(effectsSeen.count == 500)
        }
        iter()
        let steady = graph.counting { iter() }
        #expect(steady.computed == 3006)
        #expect(steady.effects == 501)
        let highWater = graph.cogs.debugEdgePoolHighWaterMark
        for _ in 0..<3 { iter() }
        #expect(graph.cogs.debugEdgePoolHighWaterMark == highWater, "steady iterations reuse their edges")
    }

    @Test("COUNT-02 Kairo deep chain (50): build 50/1, steady 2550 computed and 51 effect runs")
    func deep() {
        let graph = ReactiveHarness()
        let head = graph.signal(0)
        var tip = graph.computed { c in c[head] + 1 }
        for _ in 1..<50 {
            let previous = tip
            tip = graph.computed { c in c[previous] + 1 }
        }
        let last = tip
        let effectsSeen = RunCounter()
        let build = graph.counting {
            graph.effect { c in
                _ = c[last]
                effectsSeen.bump()
            }
        }
        #expect(build.computed == 50 && build.effects == 1)
        func iter() {
            graph.batch { c in c[head] = 1 }
            effectsSeen.count = 0
            for i in 0..<50 {
                graph.batch { c in c[head] = i }
                #expect(graph.read(last) == 50 + i)
            }
            #expect(effectsSeen.count == 50)
        }
        iter()
        let steady = graph.counting { iter() }
        #expect(steady.computed == 2550)
        #expect(steady.effects == 51)
        let highWater = graph.cogs.debugEdgePoolHighWaterMark
        for _ in 0..<3 { iter() }
        #expect(graph.cogs.debugEdgePoolHighWaterMark == highWater, "steady iterations reuse their edges")
    }

    @Test("COUNT-03 Kairo broad (50 pairs): build 100/50, steady 5100 computed and 2550 effect runs")
    func broad() {
        let graph = ReactiveHarness()
        let head = graph.signal(0)
        let effectsSeen = RunCounter()
        var last: Cog<Int>?
        let build = graph.counting {
            for i in 0..<50 {
                let a = graph.computed { c in c[head] + i }
                let b = graph.computed { c in c[a] + 1 }
                graph.effect { c in
                    _ = c[b]
                    effectsSeen.bump()
                }
                last = b
            }
        }
        #expect(build.computed == 100 && build.effects == 50)
        let lastCog = try! #require(last)
        func iter() {
            graph.batch { c in c[head] = 1 }
            effectsSeen.count = 0
            for i in 0..<50 {
                graph.batch { c in c[head] = i }
                #expect(graph.read(lastCog) == i + 50)
            }
            #expect(effectsSeen.count == 2500)
        }
        iter()
        let steady = graph.counting { iter() }
        #expect(steady.computed == 5100)
        #expect(steady.effects == 2550)
        let highWater = graph.cogs.debugEdgePoolHighWaterMark
        for _ in 0..<3 { iter() }
        #expect(graph.cogs.debugEdgePoolHighWaterMark == highWater, "steady iterations reuse their edges")
    }

    @Test(
        "COUNT-04 Kairo unstable: steady 201 computed (current 101, double 50, inverse 50: the reference's 202 less the run versions spare) and 101 effect runs"
    )
    func unstable() {
        let graph = ReactiveHarness()
        let head = graph.signal(0)
        let doubleRuns = RunCounter()
        let inverseRuns = RunCounter()
        let double: Cog<Int> = graph.computed { c in
            doubleRuns.bump()
            return c[head] * 2
        }
        let inverse: Cog<Int> = graph.computed { c in
            inverseRuns.bump()
            return -c[head]
        }
        let current: Cog<Int> = graph.computed { c in
            var result = 0
            for _ in 0..<20 {
                result += c[head] % 2 == 1 ? c[double] : c[inverse]
            }
            return result
        }
        let effectsSeen = RunCounter()
        let build = graph.counting {
            graph.effect { c in
                _ = c[current]
                effectsSeen.bump()
            }
        }
        #expect(build.computed == 2 && build.effects == 1)
        func iter() {
            graph.batch { c in c[head] = 1 }
            #expect(graph.read(current) == 40)
            effectsSeen.count = 0
            for i in 0..<100 {
                graph.batch { c in c[head] = i }
            }
            #expect(effectsSeen.count == 100)
        }
        iter()
        let doubleBefore = doubleRuns.count
        let inverseBefore = inverseRuns.count
        let steady = graph.counting { iter() }
        // The reference's 202 (double 51) is alien-signals', which drops an
        // unobserved computed's dependencies and reruns it when next read.
        // Cog keeps them, and its versions spare double when the head goes
        // from 0 back to 1, the value double last read (at the iteration's
        // start): 201, double 50.
        #expect(steady.computed == 201)
        #expect(steady.effects == 101)
        #expect(doubleRuns.count - doubleBefore == 50)
        #expect(inverseRuns.count - inverseBefore == 50)
        // The dependency set flips every write, yet the edge pool reuses its rows.
        let highWater = graph.cogs.debugEdgePoolHighWaterMark
        for _ in 0..<10 { iter() }
        #expect(graph.cogs.debugEdgePoolHighWaterMark == highWater)
    }
}
