import Cog
import CogTesting
import Testing

private let _gateCog = Cog<Bool>.Manual { false }
private let _tempCog = Cog<Int>.Manual { 20 }

extension CogOps {
    fileprivate func setGate(_ open: Bool) { turn(_gateCog, to: open) }
    fileprivate func setTemp(_ temp: Int) { turn(_tempCog, to: temp) }
}

/// An automatic cog that records each run and whether it had a previous value.
@MainActor
private final class Probe {
    var runs: [String] = []
    lazy var doubledCog = Cog<Int> { [unowned self] c in
        runs.append(c.curr == nil ? "fresh" : "rerun")
        return c[_tempCog] * 2
    }
}

@MainActor
struct LifetimeScenarioTests {
    @Test("LIFE-01 a manual cog nobody watches survives any amount of time")
    func manualLivesForApp() {
        let clock = TestClock()
        let cogs = Cogs.forTesting(clock: clock, grace: .seconds(5))
        cogs.setTemp(33)
        clock.advance(by: .seconds(3600))
        #expect(cogs.peek(_tempCog) == 33)
    }

    @Test("LIFE-03 an automatic cog is released after its last watcher leaves and grace passes, and comes back fresh")
    func automaticReleasedAfterGrace() {
        let clock = TestClock()
        let probe = Probe()
        let (cogs, m) = Cogs.forTestingWithController(clock: clock, grace: .seconds(5))
        m.scope(_gateCog) { child in child.run { c in _ = c[probe.doubledCog] } }
        cogs.setGate(true)
        let rowsWatched = cogs.debugLiveRowCount
        cogs.setGate(false)
        clock.advance(by: .seconds(5))
        #expect(cogs.debugLiveRowCount == rowsWatched - 2, "the retired reaction and the cog it watched are gone")
        cogs.setTemp(30)
        #expect(cogs.peek(probe.doubledCog) == 60)
        #expect(probe.runs == ["fresh", "fresh"])
    }

    @Test("LIFE-03 an automatic or async declaration's own grace period replaces the context default")
    func declarationGraceReplacesDefault() async {
        let clock = TestClock()
        let work = ControlledWork<Int>()
        let cogs = Cogs.forTesting(clock: clock, grace: .seconds(30))
        let briefCog = Cog<Int>(name: "brief", lifetime: .whileObserved(grace: .seconds(1))) { _ in 1 }
        let briefCogs = CogBox<Int, Int>(name: "briefBox", lifetime: .whileObserved(grace: .seconds(1))) { _, key in key
        }
        let briefAsyncCog = Cog<Int>.Async(name: "briefAsync", lifetime: .whileObserved(grace: .seconds(1)), default: 0)
        {
            _ in .run { try await work.run() }
        }
        let usualCog = Cog<Int>(name: "usual") { _ in 2 }
        _ = cogs.peek(briefCog)
        _ = cogs.peek(briefCogs[3])
        _ = cogs.peek(briefAsyncCog)
        _ = cogs.peek(usualCog)
        await work.started(1)
        clock.advance(by: .milliseconds(999))
        #expect(cogs.debugSlot(of: briefCog) != nil, "nothing goes before its own grace ends")
        clock.advance(by: .milliseconds(1))
        #expect(cogs.debugSlot(of: briefCog) == nil)
        #expect(cogs.debugSlot(of: briefCogs[3]) == nil)
        #expect(cogs.debugSlot(of: briefAsyncCog) == nil)
        #expect(work.wasCancelled(1), "releasing the async state cancelled its work")
        #expect(cogs.debugSlot(of: usualCog) != nil, "a declaration without its own grace keeps the context's")
        clock.advance(by: .seconds(29))
        #expect(cogs.debugSlot(of: usualCog) == nil)
        #expect(cogs.peek(briefCogs[3]) == 3, "a released state comes back on the next read")
    }

    @Test("LIFE-04 a watcher that returns within grace finds the cog never released and not recomputed")
    func returnWithinGrace() {
        let clock = TestClock()
        let probe = Probe()
        let (cogs, m) = Cogs.forTestingWithController(clock: clock, grace: .seconds(5))
        m.scope(_gateCog) { child in child.run { c in _ = c[probe.doubledCog] } }
        cogs.setGate(true)
        cogs.setGate(false)
        clock.advance(by: .seconds(4))
        cogs.setGate(true)
        clock.advance(by: .seconds(10))
        #expect(probe.runs == ["fresh"])
    }

    @Test("LIFE-07 a registered reaction keeps what it reads alive")
    func reactionLeases() {
        let clock = TestClock()
        let probe = Probe()
        let (cogs, m) = Cogs.forTestingWithController(clock: clock, grace: .seconds(5))
        defer { withExtendedLifetime(cogs) {} }  // the runtime owns its controllers, not the reverse
        m.run { c in _ = c[probe.doubledCog] }
        let live = cogs.debugLiveRowCount
        clock.advance(by: .seconds(600))
        #expect(clock.activeSleeperCount == 0)
        #expect(cogs.debugLiveRowCount == live, "nothing the reaction reads was released")
        // Read it again: a released cog would come back fresh, a second run.
        #expect(cogs.peek(probe.doubledCog) == 40)
        #expect(probe.runs == ["fresh"])
    }

    @Test("LIFE-08 a UI-read cog is pinned: no grace period or lease change releases it")
    func uiReadPins() {
        let clock = TestClock()
        let probe = Probe()
        let cogs = Cogs.forTesting(clock: clock, grace: .seconds(5))
        _ = cogs[probe.doubledCog]
        _ = cogs.peek(probe.doubledCog)
        clock.advance(by: .seconds(600))
        #expect(cogs.peek(probe.doubledCog) == 40)
        #expect(probe.runs == ["fresh"])
    }

    @Test("LIFE-09 an internal edge does not keep two unobserved automatic cogs alive")
    func internalEdgeIsNoLease() {
        let clock = TestClock()
        let probe = Probe()
        let quadrupledCog = Cog<Int> { c in c[probe.doubledCog] * 2 }
        let (cogs, m) = Cogs.forTestingWithController(clock: clock, grace: .seconds(5))
        let baseline = cogs.debugLiveRowCount
        m.scope(_gateCog) { child in child.run { c in _ = c[quadrupledCog] } }
        cogs.setGate(true)
        cogs.setGate(false)
        clock.advance(by: .seconds(5))
        #expect(
            cogs.debugLiveRowCount == baseline + 3,
            "only the gate, the temperature source and the scope's reaction remain")
        cogs.setTemp(1)
        #expect(cogs.peek(quadrupledCog) == 4)
        #expect(probe.runs == ["fresh", "fresh"])
    }

    @Test("LIFE-10 a peek starts a grace window; expiry releases; a later peek recreates")
    func peekIsTransient() {
        let clock = TestClock()
        let probe = Probe()
        let cogs = Cogs.forTesting(clock: clock, grace: .seconds(5))
        #expect(cogs.peek(probe.doubledCog) == 40)
        #expect(clock.activeSleeperCount == 1)
        clock.advance(by: .seconds(5))
        #expect(clock.activeSleeperCount == 0)
        #expect(cogs.peek(probe.doubledCog) == 40)
        #expect(probe.runs == ["fresh", "fresh"])
    }

    // The keyless read, peek and write paths skip the row-liveness test
    // once the declaration's family cache matches; a released row parks
    // that cache. This walks every path over a released row, with a second
    // context taking the cache over in between.
    @Test("LIFE-10 a released keyless cog comes back fresh through reads, peeks and a shared declaration")
    func releasedKeylessRowComesBackEverywhere() {
        let clock = TestClock()
        let probe = Probe()
        let (first, m) = Cogs.forTestingWithController(clock: clock, grace: .seconds(5))
        let second = Cogs.forTesting(clock: clock, grace: .seconds(5))
        #expect(first.peek(probe.doubledCog) == 40)
        clock.advance(by: .seconds(5))  // released in the first context
        var seen: [Int] = []
        m.run { c in seen.append(c[probe.doubledCog]) }
        #expect(second.peek(probe.doubledCog) == 40)  // the second context takes the cache
        first.setTemp(21)
        clock.advance(by: .seconds(5))  // released in the second, while the first holds the cache
        #expect(second.peek(probe.doubledCog) == 40)
        #expect(first.peek(probe.doubledCog) == 42)
        #expect(seen == [40, 42])
        #expect(probe.runs == ["fresh", "fresh", "fresh", "rerun", "fresh"])
    }

    @Test("LIFE-11 one key of an automatic box is released while a watched sibling stays warm")
    func keyedSiblingStaysWarm() {
        let clock = TestClock()
        let runs = EventLog()
        let scaledCogs = CogBox<Int, Int> { c, factor in
            runs.append("\(factor)")
            return c[_tempCog] * factor
        }
        let (cogs, m) = Cogs.forTestingWithController(clock: clock, grace: .seconds(5))
        m.run { c in _ = c[scaledCogs[2]] }
        _ = cogs.peek(scaledCogs[3])
        clock.advance(by: .seconds(5))
        #expect(cogs.peek(scaledCogs[2]) == 40)
        #expect(cogs.peek(scaledCogs[3]) == 60)
        #expect(runs.events == ["2", "3", "3"])
    }
}
