import Cog
import CogTesting
import Testing

private let _nameCog = Cog<String>.Manual { "start" }
private let _countCog = Cog<Int>.Manual { 0 }
private let parityCog = Cog<Bool> { c in c[_countCog] % 2 == 0 }

extension CogOps {
    fileprivate func rename(_ name: String) { turn(_nameCog, to: name) }
}

/// A whileObserved cog over the count that counts its own runs, so a
/// release (a fresh run on the next read) shows in `runs`.
private func countedLabelCog(_ runs: RunCounter) -> Cog<String> {
    Cog<String> { c in
        runs.bump()
        return "count \(c[_countCog])"
    }
}

@MainActor
struct ExportScenarioTests {
    @Test("EXPORT-01 the first value is the current settled value, even for a cold cog")
    func firstValueIsCurrent() async {
        let cogs = Cogs.forTesting(clock: TestClock())
        let greetingCog = Cog<String> { c in "hi \(c[_nameCog])" }
        var values = cogs.values(of: greetingCog).makeAsyncIterator()
        #expect(await values.next() == "hi start")
    }

    @Test("EXPORT-02 after the first value, each change arrives")
    func changesArrive() async {
        let cogs = Cogs.forTesting(clock: TestClock())
        var values = cogs.values(of: _nameCog).makeAsyncIterator()
        #expect(await values.next() == "start")
        cogs.rename("a")
        #expect(await values.next() == "a")
        cogs.rename("b")
        #expect(await values.next() == "b")
    }

    @Test("EXPORT-03 a paused .newest(1) reader gets the settled newest value; no turn waits")
    func newestSkips() async {
        let cogs = Cogs.forTesting(clock: TestClock())
        var values = cogs.values(of: _nameCog).makeAsyncIterator()
        #expect(await values.next() == "start")
        for name in ["A", "B", "C"] { cogs.rename(name) }
        #expect(await values.next() == "C")
    }

    @Test("EXPORT-04 a paused .oldest(2) reader gets A and B in order and C is dropped")
    func oldestKeepsFirst() async {
        let cogs = Cogs.forTesting(clock: TestClock())
        var values = cogs.values(of: _nameCog, buffering: .oldest(2)).makeAsyncIterator()
        #expect(await values.next() == "start")
        for name in ["A", "B", "C"] { cogs.rename(name) }
        #expect(await values.next() == "A")
        #expect(await values.next() == "B")
        cogs.rename("D")
        #expect(await values.next() == "D")
    }

    @Test("EXPORT-09 a paused .unbounded reader receives every settled value in order")
    func unboundedKeepsAll() async {
        let cogs = Cogs.forTesting(clock: TestClock())
        var values = cogs.values(of: _nameCog, buffering: .unbounded).makeAsyncIterator()
        #expect(await values.next() == "start")
        for name in ["A", "B", "C"] { cogs.rename(name) }
        #expect(await values.next() == "A")
        #expect(await values.next() == "B")
        #expect(await values.next() == "C")
    }

    @Test("EXPORT-05 two subscribers own independent buffers; cancelling one leaves the other")
    func independentSubscribers() async {
        let cogs = Cogs.forTesting(clock: TestClock())
        let first = cogs.values(of: _nameCog, buffering: .unbounded)
        let second = cogs.values(of: _nameCog, buffering: .unbounded)
        var firstValues = first.makeAsyncIterator()
        var secondValues = second.makeAsyncIterator()
        #expect(await firstValues.next() == "start")
        cogs.rename("A")
        first.cancel()
        cogs.rename("B")
        #expect(await firstValues.next() == nil)
        #expect(await secondValues.next() == "start")
        #expect(await secondValues.next() == "A")
        #expect(await secondValues.next() == "B")
    }

    /// The lease half: the exported cog lives only while observed, so the
    /// first subscriber's cancellation must leave the second's lease
    /// holding it through any grace period (a release would rerun it fresh).
    @Test("EXPORT-05 cancelling one subscriber leaves the other's lease: its whileObserved cog stays alive")
    func otherSubscriberKeepsItsLease() async {
        let clock = TestClock()
        let runs = RunCounter()
        let labelCog = countedLabelCog(runs)
        let cogs = Cogs.forTesting(clock: clock, grace: .seconds(5))
        let first = cogs.values(of: labelCog, buffering: .unbounded)
        var firstValues = first.makeAsyncIterator()
        var secondValues = cogs.values(of: labelCog, buffering: .unbounded).makeAsyncIterator()
        #expect(await firstValues.next() == "count 0")
        #expect(await secondValues.next() == "count 0")
        first.cancel()
        #expect(await firstValues.next() == nil)
        clock.advance(by: .seconds(60))
        cogs.turn(_countCog, to: 1)
        // Checked before awaiting: a released node would not rerun here, and
        // the second subscriber would wait for a value that never comes.
        #expect(runs.count == 2, "one first run and one for the change: never released and rerun fresh")
        guard runs.count == 2 else { return }
        #expect(await secondValues.next() == "count 1")
    }

    @Test("EXPORT-14 an equal recompute offers nothing")
    func equalRecomputeOffersNothing() async {
        let cogs = Cogs.forTesting(clock: TestClock())
        var values = cogs.values(of: parityCog, buffering: .unbounded).makeAsyncIterator()
        #expect(await values.next() == true)
        cogs.turn(_countCog, to: 2)
        cogs.turn(_countCog, to: 3)
        #expect(await values.next() == false)
    }
}

@MainActor
struct ExportLeaseScenarioTests {
    @Test("EXPORT-06 cancelling a subscription releases its lease, so a whileObserved cog can be let go")
    func cancelReleasesLease() async {
        let clock = TestClock()
        let runs = RunCounter()
        let labelCog = countedLabelCog(runs)
        let cogs = Cogs.forTesting(clock: clock, grace: .seconds(5))
        let values = cogs.values(of: labelCog)
        var iterator = values.makeAsyncIterator()
        #expect(await iterator.next() == "count 0")
        values.cancel()
        #expect(await iterator.next() == nil)
        clock.advance(by: .seconds(5))
        #expect(cogs.peek(labelCog) == "count 0")
        #expect(runs.count == 2, "released after grace, recomputed fresh")
    }

    @Test("EXPORT-15 a subscription keeps its whileObserved cog alive through grace periods, and changes still arrive")
    func subscriptionKeepsAlive() async {
        let clock = TestClock()
        let runs = RunCounter()
        let labelCog = countedLabelCog(runs)
        let cogs = Cogs.forTesting(clock: clock, grace: .seconds(5))
        var iterator = cogs.values(of: labelCog).makeAsyncIterator()
        #expect(await iterator.next() == "count 0")
        clock.advance(by: .seconds(60))
        cogs.turn(_countCog, to: 1)
        #expect(await iterator.next() == "count 1")
        #expect(runs.count == 2)
    }
}
