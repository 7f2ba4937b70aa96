import Cog
import CogTesting
import Testing

private let _gateCog = Cog<Bool>.Manual { false }
private let _levelCog = Cog<Int>.Manual { 0 }
private let _accountCog = Cog<String?>.Manual { nil }
private let _openIDsCog = Cog<[Int]>.Manual { [] }

extension CogOps {
    fileprivate func setGate(_ open: Bool) { turn(_gateCog, to: open) }
    fileprivate func setLevel(_ level: Int) { turn(_levelCog, to: level) }
}

@MainActor
struct MechAdversarialTests {
    @Test("MECH-08 a scoped reaction that lowers its own gate retires its scope; a later rise opens a fresh one")
    func scopeClosesItself() {
        let log = EventLog()
        let (cogs, m) = Cogs.forTestingWithController()
        var tasks: [Task<Void, Never>] = []
        var opens = 0
        m.scope(_gateCog) { child in
            opens += 1
            let instance = opens
            child.run { c in
                let level = c[_levelCog]
                log.append("#\(instance) level \(level)")
                if level >= 5 { child.setGate(false) }
            }
            tasks.append(child.task { _ in })
        }
        cogs.setGate(true)
        cogs.setLevel(5)
        #expect(log.events == ["#1 level 0", "#1 level 5"])
        #expect(cogs.peek(_gateCog) == false)
        #expect(tasks.count == 1 && tasks[0].isCancelled)
        cogs.setLevel(3)
        cogs.setGate(true)
        cogs.setLevel(4)
        #expect(log.events == ["#1 level 0", "#1 level 5", "#2 level 3", "#2 level 4"])
        #expect(tasks.count == 2 && !tasks[1].isCancelled)
        #expect(cogs.debugIsIdle)
    }

    @Test("MECH-08 a gate lowered and raised again within one turn is no transition: the scope is not restarted")
    func gateFlickerInOneTurn() {
        let log = EventLog()
        let (cogs, m) = Cogs.forTestingWithController()
        var tasks: [Task<Void, Never>] = []
        m.scope(_gateCog) { child in
            log.append("open")
            child.run { c in log.append("level \(c[_levelCog])") }
            tasks.append(child.task { _ in })
        }
        cogs.setGate(true)
        cogs.turn("flicker") { c in
            c[_gateCog] = false
            c[_levelCog] = 1
            c[_gateCog] = true
        }
        #expect(log.events == ["open", "level 0", "level 1"])
        #expect(tasks.count == 1 && !tasks[0].isCancelled)
    }

    @Test("MECH-08 two turns one reaction queues, close then reopen, retire the old child and open one fresh child")
    func queuedCloseThenReopen() {
        let log = EventLog()
        let (cogs, m) = Cogs.forTestingWithController()
        var tasks: [Task<Void, Never>] = []
        var opens = 0
        m.scope(_gateCog) { child in
            opens += 1
            let instance = opens
            child.run { c in log.append("#\(instance) level \(c[_levelCog])") }
            tasks.append(child.task { _ in })
        }
        m.run { c in
            if c[_levelCog] == 7 {
                m.setGate(false)
                m.setGate(true)
            }
        }
        cogs.setGate(true)
        cogs.setLevel(7)
        #expect(log.events == ["#1 level 0", "#1 level 7", "#2 level 7"])
        #expect(tasks.count == 2)
        #expect(tasks[0].isCancelled && !tasks[1].isCancelled)
        cogs.setLevel(8)
        #expect(log.events == ["#1 level 0", "#1 level 7", "#2 level 7", "#2 level 8"])
        #expect(cogs.debugIsIdle)
    }

    @Test("MECH-29 a child's queued turn behind the turn that retires it is discarded; the parent's queued turn lands")
    func childTurnBehindItsRetirement() {
        let log = EventLog()
        let (cogs, m) = Cogs.forTestingWithController()
        m.scope(_accountCog) { child, id in
            child.run { c in
                if c[_levelCog] == 1 {
                    m.turn("signOut") { w in w[_accountCog] = nil }
                    child.turn("childWrite") { w in w[_levelCog] = 100 }
                    m.turn("parentWrite") { w in w[_levelCog] += 10 }
                }
            }
            log.append("open \(id)")
        }
        cogs.turn(_accountCog, to: "A")
        cogs.setLevel(1)
        #expect(log.events == ["open A"])
        #expect(cogs.peek(_accountCog) == nil)
        #expect(cogs.peek(_levelCog) == 11)
        #if DEBUG
            #expect(!cogs.debugRecentTurnNames.contains("childWrite"))
            #expect(cogs.debugRecentTurnNames.suffix(2) == ["signOut", "parentWrite"])
        #endif
    }

    @Test(
        "MECH-32 a collection child that dismisses itself from its own reaction retires alone; a sibling's duplicate dismissal is no change"
    )
    func collectionChildDismissesItself() {
        let log = EventLog()
        let (cogs, m) = Cogs.forTestingWithController()
        m.scope(each: _openIDsCog) { child, id in
            log.append("open \(id)")
            child.run { c in
                let level = c[_levelCog]
                log.append("\(id) sees \(level)")
                if level == 2, id >= 2 {
                    child.turn("dismiss") { w in w[_openIDsCog].removeAll { $0 == 2 } }
                }
            }
        }
        cogs.turn(_openIDsCog, to: [1, 2, 3])
        log.events.removeAll()
        let turns = cogs.debugCompletedTurnCount
        cogs.setLevel(2)
        #expect(log.events == ["1 sees 2", "2 sees 2", "3 sees 2"])
        #expect(cogs.peek(_openIDsCog) == [1, 3])
        #expect(cogs.debugCompletedTurnCount == turns + 3)
        log.events.removeAll()
        cogs.setLevel(4)
        #expect(log.events == ["1 sees 4", "3 sees 4"])
        #expect(cogs.debugIsIdle)
    }

    @Test("MECH-18 A to B to A in two turns one reaction queues opens B, then a fresh A; only the newest A reacts")
    func queuedReturnToIdentity() {
        let log = EventLog()
        let (cogs, m) = Cogs.forTestingWithController()
        var opens = 0
        m.scope(_accountCog) { child, id in
            opens += 1
            let instance = opens
            child.run { c in log.append("\(id)#\(instance) level \(c[_levelCog])") }
        }
        m.run { c in
            if c[_levelCog] == 1 {
                m.turn(_accountCog, to: "B")
                m.turn(_accountCog, to: "A")
            }
        }
        cogs.turn(_accountCog, to: "A")
        cogs.setLevel(1)
        #expect(log.events == ["A#1 level 0", "A#1 level 1", "B#2 level 1", "A#3 level 1"])
        log.events.removeAll()
        cogs.setLevel(2)
        #expect(log.events == ["A#3 level 2"])
    }
}
