import Cog
import CogTesting
import Testing

/// The remaining Kairo shapes of js-reactivity-benchmark, with the steady
/// counts alien-signals, Reactively and Preact agree on. They green no
/// scenario of their own; they pin equality cut-off, repeated-read
/// de-duplication and laziness to the reference numbers.
@MainActor
struct ClassicShapeInfrastructureTests {
    static func busy() -> Int {
        var total = 0
        for step in 0..<100 { total = opaque(total &+ step) }
        return total
    }

    @inline(never) static func opaque(_ value: Int) -> Int { value }

    @Test("avoidablePropagation: steady 2002 computed (c1 and c2 only) and 0 effect runs")
    func avoidablePropagation() {
        let graph = ReactiveHarness()
        let head = graph.signal(0)
        let c1 = graph.computed { c in c[head] }
        let c2: Cog<Int> = graph.computed { c in
            _ = c[c1]
            return 0
        }
        let c3: Cog<Int> = graph.computed { c in
            _ = Self.busy()
            return c[c2] + 1
        }
        let c4 = graph.computed { c in c[c3] + 2 }
        let c5 = graph.computed { c in c[c4] + 3 }
        let build = graph.counting {
            graph.effect { c in
                _ = c[c5]
                _ = Self.busy()
            }
        }
        #expect(build.computed == 5 && build.effects == 1)
        func iter() {
            graph.batch { c in c[head] = 1 }
            #expect(graph.read(c5) == 6)
            for i in 0..<1000 {
                graph.batch { c in c[head] = i }
                #expect(graph.read(c5) == 6)
            }
        }
        iter()
        let steady = graph.counting { iter() }
        #expect(steady.computed == 2002 && steady.effects == 0)
    }

    @Test("repeatedObservers: 30 reads of one source are one dependency; steady 101 computed and 101 effect runs")
    func repeatedObservers() {
        let graph = ReactiveHarness()
        let head = graph.signal(0)
        let current = graph.computed { c in (0..<30).reduce(0) { sum, _ in sum + c[head] } }
        let effectsSeen = RunCounter()
        graph.effect { c in
            _ = c[current]
            effectsSeen.bump()
        }
        func iter() {
            graph.batch { c in c[head] = 1 }
            #expect(graph.read(current) == 30)
            effectsSeen.count = 0
            for i in 0..<100 {
                graph.batch { c in c[head] = i }
                #expect(graph.read(current) == i * 30)
            }
            #expect(effectsSeen.count == 100)
        }
        iter()
        let edges = graph.cogs.debugEdgePoolHighWaterMark
        let steady = graph.counting { iter() }
        #expect(steady.computed == 101 && steady.effects == 101)
        #expect(graph.cogs.debugEdgePoolHighWaterMark == edges)
    }

    @Test("triangle (width 10): steady 1010 computed, the never-read tail node 0, and 101 effect runs")
    func triangle() {
        let graph = ReactiveHarness()
        let head = graph.signal(0)
        var chain: [CogReference<Int>] = [head.cogReference]
        var current = head.cogReference
        let unreadRuns = RunCounter()
        for index in 1...10 {
            let previous = current
            if index == 10 {
                _ = Cog<Int> { c in
                    unreadRuns.bump()
                    return c[previous] + 1
                }
            } else {
                let next = graph.computed { c in c[previous] + 1 }
                current = next.cogReference
                chain.append(current)
            }
        }
        let list = chain
        let sum = graph.computed { c in list.reduce(0) { $0 + c[$1] } }
        graph.effect { c in _ = c[sum] }
        func iter() {
            graph.batch { c in c[head] = 1 }
            #expect(graph.read(sum) == 55)
            for i in 0..<100 {
                graph.batch { c in c[head] = i }
                #expect(graph.read(sum) == 45 + 10 * i)
            }
        }
        iter()
        let steady = graph.counting { iter() }
        #expect(steady.computed == 1010 && steady.effects == 101)
        #expect(unreadRuns.count == 0)
    }
}
