import Cog
import CogTesting
import Testing

/// A run that reads a keyless state twice in a row remembers it, and reads
/// it again with no flag test and no edge check (`Graph.lastTrackedRead`).
/// That is only right while the remembered state is linked to the run that
/// reads it and found through the same cache. These pin the three ways the
/// memory could outlive that: a run nested inside the one that remembered,
/// the return from a nested run that remembered, and another runtime
/// taking over the declaration's cache mid-run.
@MainActor
struct RememberedReadInfrastructureTests {
    @Test("a repeated read returns the value the run first read and records one dependency")
    func repeatedReadsRecordOneDependency() {
        let _xCog = Cog<Int>.Manual { 2 }
        let runs = RunCounter()
        let _sumCog = Cog<Int> { c in
            runs.bump()
            var total = 0
            for _ in 0..<5 { total += c[_xCog] }
            return total
        }
        let cogs = Cogs.forTesting()
        #expect(cogs[_sumCog] == 10)
        // One edge for the five reads, in the first run and the next.
        #expect(cogs.debugEdgePoolHighWaterMark == 1)
        cogs.turn { c in c[_xCog] = 3 }
        #expect(cogs[_sumCog] == 15)
        #expect(runs.count == 2)
        #expect(cogs.debugEdgePoolHighWaterMark == 1)
    }

    @Test("a run nested inside one that remembered a state keeps its own dependency on that state")
    func nestedRunKeepsItsDependencyOnTheRememberedState() {
        let _xCog = Cog<Int>.Manual { 1 }
        let _yCog = Cog<Int> { c in c[_xCog] + 10 }
        let _outerCog = Cog<Int> { c in c[_xCog] + c[_xCog] + c[_yCog] }
        let cogs = Cogs.forTesting()
        #expect(cogs[_outerCog] == 13)

        // Both are DIRTY: the outer selector reruns first, remembers x,
        // then reruns y nested in its run, and y reads x again there.
        cogs.turn { c in c[_xCog] = 2 }
        #expect(cogs[_outerCog] == 16)
        #expect(cogs[_yCog] == 12)
        // y must still depend on x, or it keeps 12 from here on.
        cogs.turn { c in c[_xCog] = 3 }
        #expect(cogs[_outerCog] == 19)
        #expect(cogs[_yCog] == 13)
    }

    @Test("after a nested run that remembered a state, the outer run links that state when it reads it")
    func outerRunLinksWhatANestedRunRemembered() {
        let _aCog = Cog<Int>.Manual { 100 }
        let _xCog = Cog<Int>.Manual { 1 }
        // Reads x twice in a row, and is 0 whatever x is: a change to x
        // reaches the outer selector only through its own read of x.
        let _yCog = Cog<Int> { c in c[_xCog] - c[_xCog] }
        let runs = RunCounter()
        let _outerCog = Cog<Int> { c in
            runs.bump()
            return c[_aCog] + c[_yCog] + c[_xCog]
        }
        let cogs = Cogs.forTesting()
        #expect(cogs[_outerCog] == 101)

        cogs.turn { c in c[_xCog] = 5 }
        #expect(cogs[_outerCog] == 105)
        #expect(runs.count == 2)
    }

    @Test("a state remembered by a run is read from its own runtime after another runtime reads it")
    func anotherRuntimeTakesOverTheCacheMidRun() {
        let _xCog = Cog<Int>.Manual { 1 }
        let second = Cogs.forTesting()
        second.turn { c in c[_xCog] = 50 }
        let _sumCog = Cog<Int> { c in
            let twice = c[_xCog] + c[_xCog]
            // The declaration's cache now names the second runtime's family.
            let other = second.peek(_xCog)
            return twice + other + c[_xCog]
        }
        let first = Cogs.forTesting()
        #expect(first[_sumCog] == 53)
        #expect(second[_sumCog] == 200)
    }
}
