import Cog
import CogTesting
import Testing

private let _firstGateCog = Cog<Bool>.Manual { false }
private let _secondGateCog = Cog<Bool>.Manual { false }
private let _tempCog = Cog<Int>.Manual { 20 }
private let _noteCogs = CogBox<String, Int>.Manual(name: "advNote", lifetime: .whileObserved(resetToInitial: true)) {
    _ in "blank"
}

@MainActor
struct LifeAdversarialTests {
    /// The first watcher leaves (deadline t5); a second one arrives at t3 and
    /// leaves at t4 (deadline t9). The t5 deadline is obsolete: it must not
    /// release the state the second watcher's departure gave a new window.
    @Test(
        "LIFE-04 a second watcher that comes and goes inside the window moves the deadline; the old one releases nothing"
    )
    func obsoleteDeadlineReleasesNothing() {
        let clock = TestClock()
        let runs = EventLog()
        let doubledCog = Cog<Int> { c in
            runs.append(c.curr == nil ? "fresh" : "rerun")
            return c[_tempCog] * 2
        }
        let (cogs, m) = Cogs.forTestingWithController(clock: clock, grace: .seconds(5))
        m.scope(_firstGateCog) { child in child.run { c in _ = c[doubledCog] } }
        m.scope(_secondGateCog) { child in child.run { c in _ = c[doubledCog] } }
        cogs.turn(_firstGateCog, to: true)
        cogs.turn(_firstGateCog, to: false)
        clock.advance(by: .seconds(3))
        cogs.turn(_secondGateCog, to: true)
        clock.advance(by: .seconds(1))
        cogs.turn(_secondGateCog, to: false)
        clock.advance(by: .seconds(1))
        #expect(cogs.debugSlot(of: doubledCog) != nil, "the first window's deadline passed and released nothing")
        clock.advance(by: .seconds(3))
        #expect(cogs.debugSlot(of: doubledCog) != nil, "one second before the moved deadline")
        clock.advance(by: .seconds(1))
        #expect(cogs.debugSlot(of: doubledCog) == nil, "the moved deadline released it")
        #expect(clock.activeSleeperCount == 0, "no sleeper is left behind")
        #expect(runs.events == ["fresh"])
        #expect(cogs.peek(doubledCog) == 40)
        #expect(runs.events == ["fresh", "fresh"])
    }

    /// Key 1 of a resettable box is released; key 2 is written right after
    /// (it may take key 1's freed row). Key 1 must come back at its starting
    /// value, and key 2 must keep its own.
    @Test("LIFE-05 a released reset key comes back at its starting value while a key that reused its row keeps its own")
    func resetKeyAfterSlotReuse() {
        let clock = TestClock()
        let cogs = Cogs.forTesting(clock: clock, grace: .seconds(5))
        cogs.turn(_noteCogs[1], to: "one")
        clock.advance(by: .seconds(5))
        #expect(cogs.debugSlot(of: _noteCogs[1]) == nil)
        cogs.turn(_noteCogs[2], to: "two")
        #expect(cogs.peek(_noteCogs[1]) == "blank")
        #expect(cogs.peek(_noteCogs[2]) == "two")
        cogs.turn(_noteCogs[1], to: "again")
        #expect(cogs.peek(_noteCogs[2]) == "two")
        clock.advance(by: .seconds(5))
        #expect(cogs.peek(_noteCogs[1]) == "blank")
        #expect(cogs.peek(_noteCogs[2]) == "blank")
    }

    /// A reaction peeks a cold whileObserved cog while its flush runs. The
    /// peek is one-shot demand: it opens one grace window and no lease, so
    /// the state goes at that window's end and comes back fresh.
    @Test("LIFE-10 a peek from a reaction during a flush opens one grace window and no lease")
    func peekFromReaction() {
        let clock = TestClock()
        let runs = EventLog()
        let labelCog = Cog<String> { c in
            runs.append(c.curr == nil ? "fresh" : "rerun")
            return "temp \(c[_tempCog])"
        }
        let (cogs, m) = Cogs.forTestingWithController(clock: clock, grace: .seconds(5))
        let peeked = EventLog()
        m.watch(_tempCog) { _, _ in peeked.append(cogs.peek(labelCog)) }
        cogs.turn(_tempCog, to: 21)
        #expect(peeked.events == ["temp 21"])
        clock.advance(by: .seconds(4))
        #expect(cogs.debugSlot(of: labelCog) != nil)
        clock.advance(by: .seconds(1))
        #expect(cogs.debugSlot(of: labelCog) == nil, "the reaction's peek left no lease")
        cogs.turn(_tempCog, to: 22)
        #expect(peeked.events == ["temp 21", "temp 22"])
        #expect(runs.events == ["fresh", "fresh"])
    }
}
