import Cog
import CogTesting
import Measure
import Testing

private let _abandonedCountCog = Cog<Int>.Manual { 0 }

private struct ReaderLeft: Error {}

/// Fired once by a reading task when it has its first value, so the test
/// cancels a reader that is inside its loop.
@MainActor
private final class FirstValueSignal {
    private var fired = false
    private var waiter: CheckedContinuation<Void, Never>?

    func fire() {
        guard !fired else { return }
        fired = true
        waiter?.resume()
        waiter = nil
    }

    func wait() async {
        if fired { return }
        await withCheckedContinuation { waiter = $0 }
    }
}

/// Issue 57: a subscription ends when its reader leaves, however the
/// reading loop ends. Each case abandons a reader of a whileObserved cog,
/// lets a grace period pass and changes the cog's input: a subscription
/// that outlived its reader would keep the cog alive and rerun it.
@MainActor
struct ExportAbandonedReaderTests {
    @MainActor
    private struct Fixture {
        let clock = TestClock()
        let runs = RunCounter()
        let cogs: Cogs
        let labelCog: Cog<String>

        init() {
            cogs = Cogs.forTesting(clock: clock, grace: .seconds(5))
            let runs = runs
            labelCog = Cog<String> { c in
                runs.bump()
                return "count \(c[_abandonedCountCog])"
            }
        }

        /// After the reader left: nothing subscribed, and once the grace
        /// period passes a change to the input runs nothing.
        func expectReleased(_ comment: Comment, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(cogs.debugLiveExportCount == 0, comment, sourceLocation: sourceLocation)
            clock.advance(by: .seconds(60))
            cogs.turn(_abandonedCountCog, to: 1)
            #expect(runs.count == 1, comment, sourceLocation: sourceLocation)
        }
    }

    @Test("EXPORT-06 a loop left by break ends its subscription")
    func breakEnds() async {
        let fixture = Fixture()
        for await label in fixture.cogs.values(of: fixture.labelCog) where label == "count 0" { break }
        fixture.expectReleased("break")
    }

    @Test("EXPORT-06 a loop left by return ends its subscription")
    func returnEnds() async {
        let fixture = Fixture()
        func firstLabel() async -> String? {
            for await label in fixture.cogs.values(of: fixture.labelCog) { return label }
            return nil
        }
        #expect(await firstLabel() == "count 0")
        fixture.expectReleased("return")
    }

    @Test("EXPORT-06 a loop left by a thrown error ends its subscription")
    func throwEnds() async {
        let fixture = Fixture()
        do {
            for await _ in fixture.cogs.values(of: fixture.labelCog) { throw ReaderLeft() }
        } catch {}
        fixture.expectReleased("throw")
    }

    @Test("EXPORT-06 first(where:) and prefix end their subscriptions")
    func algorithmsEnd() async {
        let fixture = Fixture()
        let isLabel: @Sendable (String) async -> Bool = { $0.hasPrefix("count") }
        let first = await fixture.cogs.values(of: fixture.labelCog).first(where: isLabel)
        #expect(first == "count 0")
        var prefixed: [String] = []
        for await label in fixture.cogs.values(of: fixture.labelCog).prefix(1) { prefixed.append(label) }
        #expect(prefixed == ["count 0"])
        fixture.expectReleased("first(where:) and prefix")
    }

    @Test("EXPORT-06 an iterator dropped unread ends its subscription")
    func droppedIteratorEnds() {
        let fixture = Fixture()
        do {
            let iterator = fixture.cogs.values(of: fixture.labelCog).makeAsyncIterator()
            _ = iterator
            #expect(fixture.cogs.debugLiveExportCount == 1, "the iterator holds the subscription")
        }
        fixture.expectReleased("dropped iterator")
    }

    @Test("EXPORT-06 cancelling the reading task ends its subscription")
    func taskCancellationEnds() async {
        let fixture = Fixture()
        let started = FirstValueSignal()
        let reader = Task {
            for await _ in fixture.cogs.values(of: fixture.labelCog) { started.fire() }
        }
        await started.wait()
        reader.cancel()
        await reader.value
        fixture.expectReleased("cancelled task")
    }

    @Test("EXPORT-06 an unbounded subscription whose reader left buffers nothing more")
    func unboundedStopsBuffering() async {
        let fixture = Fixture()
        for await _ in fixture.cogs.values(of: _abandonedCountCog, buffering: .unbounded) { break }
        #expect(fixture.cogs.debugLiveExportCount == 0)
        // The first turns settle what any turn allocates once.
        for count in 1...10 { fixture.cogs.turn(_abandonedCountCog, to: count) }
        let before = AllocationCounter.begin()
        for count in 11...110 { fixture.cogs.turn(_abandonedCountCog, to: count) }
        let counts = before.end()
        if AllocationCounter.isActive { #expect(counts.netBytes == 0, "no buffer keeps growing") }
    }

    @Test("EXPORT-06 10,000 loops left by break leave nothing behind: no subscription, no node, no live heap byte")
    func abandonedLoopsLeaveNothing() async {
        let fixture = Fixture()
        let cogs = fixture.cogs
        func abandon() async {
            for await _ in cogs.values(of: _abandonedCountCog) { break }
        }
        for _ in 0..<100 { await abandon() }
        let nodes = cogs.debugNodeCount
        let region = AllocationCounter.begin()
        for _ in 100..<10_000 { await abandon() }
        let counts = region.end()
        print(
            "EXPORT-06 abandoned loops: live heap bytes changed by \(counts.netBytes) over loops 101 to 10,000, \(counts.allocations) mallocs"
        )
        #expect(cogs.debugLiveExportCount == 0)
        #expect(cogs.debugNodeCount == nodes)
        if AllocationCounter.isActive { #expect(counts.netBytes == 0) }
    }
}
