import Cog
import CogTesting
import Testing

private let _levelCog = Cog<Int>.Manual { 0 }

extension CogOps {
    fileprivate func clampLevel(_ value: Int) { turn(_levelCog, to: value) }
}

@MainActor
struct ReactAdversarialTests {
    @Test(
        "REACT-21 a change an intermediate cog absorbs two levels up reruns neither the cog below it nor the reaction")
    func cutOffTwoLevelsUp() {
        let _countCog = Cog<Int>.Manual { 2 }
        let parityRuns = RunCounter()
        let parityCog = Cog<Int> { c in
            parityRuns.bump()
            return c[_countCog] % 2
        }
        let labelRuns = RunCounter()
        let labelCog = Cog<String> { c in
            labelRuns.bump()
            return c[parityCog] == 0 ? "even" : "odd"
        }
        let (cogs, m) = Cogs.forTestingWithController()
        let log = EventLog()
        m.run { c in log.append(c[labelCog]) }
        cogs.turn(_countCog, to: 4)
        cogs.turn(_countCog, to: 6)
        #expect(parityRuns.count == 3)
        #expect(labelRuns.count == 1)
        #expect(log.events == ["even"])
        cogs.turn(_countCog, to: 7)
        #expect(labelRuns.count == 2)
        #expect(log.events == ["even", "odd"])
    }

    @Test("REACT-16 a reaction that clamps the value that woke it settles after one write-back and stays quiet")
    func clampingWriteBack() {
        let (cogs, m) = Cogs.forTestingWithController()
        let log = EventLog()
        m.run { c in
            let level = c[_levelCog]
            log.append("saw \(level)")
            if level > 10 { m.clampLevel(10) }
        }
        m.run { c in log.append("view \(c[_levelCog])") }
        log.events.removeAll()
        let before = cogs.debugCompletedTurnCount
        cogs.turn(_levelCog, to: 15)
        #expect(log.events == ["saw 15", "view 15", "saw 10", "view 10"])
        #expect(cogs.peek(_levelCog) == 10)
        #expect(cogs.debugCompletedTurnCount == before + 2)
        #expect(cogs.debugIsIdle)
        cogs.turn(_levelCog, to: 10)
        #expect(log.events.count == 4, "an equal write wakes neither reaction")
    }

    @Test("REACT-06 a dropped dependency no longer wakes a reaction, even in a turn that also changes the kept one")
    func droppedDependencyInSameTurnAsKept() {
        let _useBCog = Cog<Bool>.Manual { true }
        let _aCog = Cog<Int>.Manual { 0 }
        let _bCog = Cog<Int>.Manual { 0 }
        let (cogs, m) = Cogs.forTestingWithController()
        let log = EventLog()
        m.run { c in
            if c[_useBCog] {
                log.append("a=\(c[_aCog]) b=\(c[_bCog])")
            } else {
                log.append("a=\(c[_aCog])")
            }
        }
        cogs.turn(_useBCog, to: false)
        cogs.turn(_bCog, to: 1)
        #expect(log.events == ["a=0 b=0", "a=0"])
        cogs.turn { c in
            c[_aCog] = 2
            c[_bCog] = 2
        }
        #expect(log.events == ["a=0 b=0", "a=0", "a=2"])
    }

    @Test(
        "REACT-23 a reaction registered mid-flush whose first run requests a turn: that turn waits behind the write-back queued before it"
    )
    func registeredDuringFlushRequestsTurn() {
        let _aCog = Cog<Int>.Manual { 0 }
        let _bCog = Cog<Int>.Manual { 0 }
        let (cogs, m) = Cogs.forTestingWithController()
        let log = EventLog()
        var registered = false
        m.run { c in
            guard c[_aCog] == 1, !registered else { return }
            registered = true
            cogs.turn("fromOuter") { w in w[_bCog] = 10 }
            m.run { c in
                log.append("inner b=\(c[_bCog])")
                if c[_bCog] == 0 { cogs.turn("fromInner") { w in w[_bCog] += 1 } }
            }
        }
        m.run { c in log.append("watcher b=\(c[_bCog])") }
        log.events.removeAll()
        cogs.turn("start") { w in w[_aCog] = 1 }
        // The watcher registered before the inner reaction, so it runs first in each later flush.
        #expect(log.events == ["inner b=0", "watcher b=10", "inner b=10", "watcher b=11", "inner b=11"])
        #expect(cogs.peek(_bCog) == 11)
    }
}
