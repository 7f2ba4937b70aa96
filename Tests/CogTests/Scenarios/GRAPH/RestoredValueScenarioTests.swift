import Cog
import CogTesting
import Testing

/// Versions that skip work (core design §2.4, "version numbers to skip
/// work when no parent value really changed"; issue 40): a source changed
/// and changed back over several turns, with nothing read in between,
/// leaves everything below it as it was. Each test counts runs, and each
/// fails with the version check removed (every DIRTY node then reruns).
@MainActor
struct RestoredValueScenarioTests {
    /// A fresh runtime in which `doubled` (twice `source`, 0) ran once.
    private func doubledOnce() -> (cogs: Cogs, sourceCog: Cog<Int>.Manual, doubledCog: Cog<Int>, runs: RunCounter) {
        let sourceCog = Cog<Int>.Manual(name: "source") { 0 }
        let runs = RunCounter()
        let doubledCog = Cog<Int>(name: "doubled") { c in
            runs.bump()
            return c[sourceCog] * 2
        }
        let cogs = Cogs.forTesting()
        #expect(cogs.peek(doubledCog) == 0)
        return (cogs, sourceCog, doubledCog, runs)
    }

    @Test("a cog whose source changed and changed back in two turns does not rerun")
    func revertAcrossTurns() {
        let (cogs, sourceCog, doubledCog, runs) = doubledOnce()
        cogs.turn { c in c[sourceCog] = 1 }
        cogs.turn { c in c[sourceCog] = 0 }
        #expect(cogs.peek(doubledCog) == 0)
        #expect(runs.count == 1)
        // A real change still runs it.
        cogs.turn { c in c[sourceCog] = 3 }
        #expect(cogs.peek(doubledCog) == 6)
        #expect(runs.count == 2)
    }

    @Test("a cog that read the value in between reruns when the source changes back")
    func readBetweenReruns() {
        let (cogs, sourceCog, doubledCog, runs) = doubledOnce()
        cogs.turn { c in c[sourceCog] = 1 }
        #expect(cogs.peek(doubledCog) == 2)
        cogs.turn { c in c[sourceCog] = 0 }
        #expect(cogs.peek(doubledCog) == 0)
        #expect(runs.count == 3)
    }

    @Test("a change and back of one source does not spare a cog whose other source changed")
    func otherInputChanged() {
        let firstCog = Cog<Int>.Manual(name: "first") { 0 }
        let secondCog = Cog<Int>.Manual(name: "second") { 0 }
        let runs = RunCounter()
        let sumCog = Cog<Int>(name: "sum") { c in
            runs.bump()
            return c[firstCog] + c[secondCog]
        }
        let cogs = Cogs.forTesting()
        #expect(cogs.peek(sumCog) == 0)
        cogs.turn { c in c[firstCog] = 1 }
        cogs.turn { c in c[secondCog] = 5 }
        cogs.turn { c in c[firstCog] = 0 }
        #expect(cogs.peek(sumCog) == 5)
        #expect(runs.count == 2)
    }

    @Test("a diamond whose source changes and changes back runs neither arm nor the join")
    func diamondArmsRevert() {
        let sourceCog = Cog<Int>.Manual(name: "source") { 0 }
        let leftRuns = RunCounter()
        let rightRuns = RunCounter()
        let joinRuns = RunCounter()
        let leftCog = Cog<Int>(name: "left") { c in
            leftRuns.bump()
            return c[sourceCog] + 1
        }
        let rightCog = Cog<Int>(name: "right") { c in
            rightRuns.bump()
            return c[sourceCog] * 2
        }
        let joinCog = Cog<Int>(name: "join") { c in
            joinRuns.bump()
            return c[leftCog] + c[rightCog]
        }
        let cogs = Cogs.forTesting()
        #expect(cogs.peek(joinCog) == 1)
        cogs.turn { c in c[sourceCog] = 5 }
        cogs.turn { c in c[sourceCog] = 0 }
        #expect(cogs.peek(joinCog) == 1)
        #expect([leftRuns.count, rightRuns.count, joinRuns.count] == [1, 1, 1])

        // One arm read in between saw 5: it reruns and lands back on 1, a
        // change to its cached 6, so the join reruns once; the other arm
        // read nothing new and stays (only sources keep the value they
        // replaced, docs/cog.md).
        cogs.turn { c in c[sourceCog] = 5 }
        #expect(cogs.peek(leftCog) == 6)
        cogs.turn { c in c[sourceCog] = 0 }
        #expect(cogs.peek(joinCog) == 1)
        #expect([leftRuns.count, rightRuns.count, joinRuns.count] == [3, 1, 2])
    }

    @Test("a keyed source changed and changed back leaves its row's dependents and the total as they were")
    func keyedRevert() {
        let quantityCogs = CogBox<Int, Int>.Manual(name: "quantity") { _ in 1 }
        let lineRuns = RunCounter()
        let totalRuns = RunCounter()
        let lineCogs = CogBox<Int, Int>(name: "line") { c, line in
            lineRuns.bump()
            return c[quantityCogs[line]] * 10
        }
        let totalCog = Cog<Int>(name: "total") { c in
            totalRuns.bump()
            return (0..<3).reduce(0) { $0 + c[lineCogs[$1]] }
        }
        let cogs = Cogs.forTesting()
        #expect(cogs.peek(totalCog) == 30)
        cogs.turn { c in c[quantityCogs[1]] = 4 }
        cogs.turn { c in c[quantityCogs[1]] = 1 }
        #expect(cogs.peek(totalCog) == 30)
        #expect([lineRuns.count, totalRuns.count] == [3, 1])
        cogs.turn { c in c[quantityCogs[2]] = 2 }
        #expect(cogs.peek(totalCog) == 40)
        #expect([lineRuns.count, totalRuns.count] == [4, 2])
    }

    @Test("a reaction over a value changed and changed back between flushes runs each time")
    func reactionRunsEachFlush() {
        let sourceCog = Cog<Int>.Manual(name: "source") { 0 }
        let (cogs, controller) = Cogs.forTestingWithController()
        let seen = SeenValues()
        controller.run(name: "log") { c in seen.values.append(c[sourceCog]) }
        cogs.turn { c in c[sourceCog] = 1 }
        cogs.turn { c in c[sourceCog] = 0 }
        #expect(seen.values == [0, 1, 0])
    }
}

@MainActor
private final class SeenValues {
    var values: [Int] = []
    nonisolated init() {}
}
