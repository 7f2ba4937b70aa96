import Cog
import CogTesting
import Testing

private let _countCog = Cog<Int>.Manual { 0 }

extension CogOps {
    fileprivate func increment() { turn { c in c[_countCog] += 1 } }
}

@MainActor
struct HistoryScenarioTests {
    @Test("HIST-01 every turn lands in history with its custom name or its op's #function name")
    func turnNames() {
        let cogs = Cogs.forTesting()
        cogs.increment()
        cogs.turn("reset") { c in c[_countCog] = 0 }
        #expect(cogs.debugRecentTurnNames == ["increment()", "reset"])
    }

    @Test("HIST-03 history is bounded: the oldest entries fall off")
    func bounded() {
        let cogs = Cogs.forTesting()
        for _ in 0..<200 { cogs.increment() }
        #expect(cogs.debugRecentTurnNames.count == 64)
        #expect(cogs.debugCompletedTurnCount == 200)
    }

    @Test("HIST-07 turns queued during a flush land as separate entries in execution order")
    func queuedTurnsInOrder() {
        let (cogs, m) = Cogs.forTestingWithController()
        m.run { c in
            if c[_countCog] == 1 {
                m.turn("first") { w in w[_countCog] = 2 }
                m.turn("second") { w in w[_countCog] = 3 }
            }
        }
        cogs.increment()
        #expect(cogs.debugRecentTurnNames == ["increment()", "first", "second"])
        #expect(cogs.peek(_countCog) == 3)
    }
}
