import Cog
import CogTesting
import Observation
import Testing

@MainActor
struct TurnAdversarialTests {
    @Test(
        "TURN-08 two ops one reaction requests: the first finishes with its reactions before the second's write lands")
    func twoRequestsFromOneReaction() {
        let _triggerCog = Cog<Int>.Manual { 0 }
        let _bCog = Cog<Int>.Manual { 0 }
        let _cCog = Cog<Int>.Manual { 0 }
        let (cogs, m) = Cogs.forTestingWithController()
        let log = EventLog()
        m.run { c in
            if c[_triggerCog] == 1 {
                cogs.turn("first") { w in w[_bCog] = 1 }
                cogs.turn("second") { w in w[_cCog] = 1 }
                log.append("requested")
            }
        }
        m.run { c in log.append("b=\(c[_bCog]) c=\(cogs.peek(_cCog))") }
        m.run { c in log.append("c=\(c[_cCog]) b=\(cogs.peek(_bCog))") }
        log.events.removeAll()
        cogs.turn("start") { w in w[_triggerCog] = 1 }
        #expect(log.events == ["requested", "b=1 c=0", "c=1 b=1"])
        #expect(cogs.debugIsIdle)
        #if DEBUG
            #expect(Array(cogs.debugRecentTurnNames.suffix(3)) == ["start", "first", "second"])
        #endif
    }

    @Test("TURN-05 a turn nested inside an op a reaction requests joins that queued turn: one record, one reaction run")
    func nestedInsideQueuedTurn() {
        let _triggerCog = Cog<Int>.Manual { 0 }
        let _bCog = Cog<Int>.Manual { 0 }
        let _cCog = Cog<Int>.Manual { 0 }
        let (cogs, m) = Cogs.forTestingWithController()
        let log = EventLog()
        m.run { c in
            if c[_triggerCog] == 1 {
                cogs.turn("outer") { w in
                    w[_bCog] = 1
                    cogs.turn("inner") { w2 in w2[_cCog] = 2 }
                }
            }
        }
        m.run { c in log.append("b=\(c[_bCog]) c=\(c[_cCog])") }
        log.events.removeAll()
        let before = cogs.debugCompletedTurnCount
        cogs.turn("start") { w in w[_triggerCog] = 1 }
        #expect(log.events == ["b=1 c=2"])
        #expect(cogs.debugCompletedTurnCount == before + 2)
        #if DEBUG
            #expect(Array(cogs.debugRecentTurnNames.suffix(2)) == ["start", "outer"])
        #endif
    }

    @Test("TURN-10 a key changed and changed back beside a real change of another key wakes only the other key")
    func keyedChangeBackBesideRealChange() {
        let _stockCogs = CogBox<Int, Int>.Manual { _ in 0 }
        let runs = [RunCounter(), RunCounter()]
        let labelCogs = CogBox<String, Int> { c, key in
            runs[key].bump()
            return "\(key):\(c[_stockCogs[key]])"
        }
        let cogs = Cogs.forTesting()
        let view = HeadlessView()
        view.render {
            _ = cogs[labelCogs[0]]
            _ = cogs[labelCogs[1]]
        }
        let other = HeadlessView()
        other.render { _ = cogs[_stockCogs[0]] }
        cogs.turn { c in
            c[_stockCogs[0]] += 5
            c[_stockCogs[1]] = 7
            c[_stockCogs[0]] -= 5
        }
        #expect(runs[0].count == 1)
        #expect(runs[1].count == 2)
        #expect(other.notices.count == 0)
        #expect(view.notices.count == 1)
        #expect(cogs.peek(labelCogs[1]) == "1:7")
    }

    @Test("TURN-15 a cold chain first read mid-body settles from published values at every level, then recomputes once")
    func coldChainMidBody() {
        let _aCog = Cog<Int>.Manual { 1 }
        let runs = RunCounter()
        let doubleCog = Cog<Int> { c in c[_aCog] * 2 }
        let labelCog = Cog<String> { c in
            runs.bump()
            return "a=\(c[_aCog]) double=\(c[doubleCog])"
        }
        let cogs = Cogs.forTesting()
        var during: [String] = []
        cogs.turn { c in
            c[_aCog] = 5
            during.append(cogs[labelCog])
            during.append(cogs.peek(labelCog))
        }
        #expect(during == ["a=1 double=2", "a=1 double=2"])
        #expect(cogs[labelCog] == "a=5 double=10")
        #expect(runs.count == 2)
    }

    @Test("TURN-11 a custom equals: in the middle of a chain cuts off everything below it")
    func customEqualsMidChain() {
        let _celsiusCog = Cog<Int>.Manual { 20 }
        let bandCog = Cog<Int>(equals: { $0 / 10 == $1 / 10 }) { c in c[_celsiusCog] }
        let runs = RunCounter()
        let labelCog = Cog<String> { c in
            runs.bump()
            return "band \(c[bandCog] / 10)"
        }
        let (cogs, m) = Cogs.forTestingWithController()
        let log = EventLog()
        m.run { c in log.append(c[labelCog]) }
        cogs.turn(_celsiusCog, to: 25)
        cogs.turn(_celsiusCog, to: 29)
        #expect(runs.count == 1)
        #expect(log.events == ["band 2"])
        cogs.turn(_celsiusCog, to: 31)
        #expect(runs.count == 2)
        #expect(log.events == ["band 2", "band 3"])
    }

    @Test(
        "TURN-08 captured ops read the writes queued ahead of them across a stored body, and a capture made inside that body reads them too"
    )
    func capturesReadQueuedWritesAcrossAStoredBody() {
        let _triggerCog = Cog<Int>.Manual { 0 }
        let _yCog = Cog<Int>.Manual { 0 }
        let _zCog = Cog<Int>.Manual { 0 }
        let _qCog = Cog<Int>.Manual { 0 }
        let (cogs, m) = Cogs.forTestingWithController()
        let log = EventLog()
        m.run { c in
            guard c[_triggerCog] == 1 else { return }
            cogs.turn("setY") { w in w[_yCog] = 1 }
            m.turn("copyY") { w in
                w[_zCog] = w[_yCog]
                m.run { c in
                    if c[_yCog] == 1 { cogs.turn("fromBody") { w in w[_qCog] = w[_yCog] + 100 } }
                }
            }
            cogs.turn("bumpY") { w in w[_yCog] += 10 }
        }
        m.run { c in log.append("y=\(c[_yCog]) z=\(c[_zCog]) q=\(c[_qCog])") }
        log.events.removeAll()
        cogs.turn("start") { w in w[_triggerCog] = 1 }
        #expect(log.events == ["y=1 z=0 q=0", "y=1 z=1 q=0", "y=11 z=1 q=0", "y=11 z=1 q=111"])
        #expect(cogs.debugIsIdle)
        #if DEBUG
            #expect(
                Array(cogs.debugRecentTurnNames.suffix(5)) == ["start", "setY", "copyY", "bumpY", "fromBody"])
        #endif
    }

    @Test("TURN-08 a captured op reads the published value, not the write of a queued turn that already landed")
    func captureIgnoresLandedQueuedWrites() {
        let _triggerCog = Cog<Int>.Manual { 0 }
        let _yCog = Cog<Int>.Manual { 0 }
        let _qCog = Cog<Int>.Manual { 0 }
        let (cogs, m) = Cogs.forTestingWithController()
        m.run { c in
            guard c[_triggerCog] == 1 else { return }
            cogs.turn("setY") { w in w[_yCog] = 1 }
            m.turn("setY5") { w in w[_yCog] = 5 }
        }
        m.run { c in
            if c[_yCog] == 5 { cogs.turn("readY") { w in w[_qCog] = w[_yCog] + 100 } }
        }
        cogs.turn("start") { w in w[_triggerCog] = 1 }
        #expect(cogs.peek(_yCog) == 5)
        #expect(cogs.peek(_qCog) == 105)
    }
}
