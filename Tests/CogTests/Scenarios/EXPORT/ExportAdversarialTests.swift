import Cog
import CogTesting
import Testing

private let _advNameCog = Cog<String>.Manual { "start" }
private let _advCountCog = Cog<Int>.Manual { 0 }

@MainActor
struct ExportAdversarialTests {
    /// A cancelled subscription's node may be reused by the next one, here
    /// over a different cog. The old reader must stay ended and the new one
    /// must see only its own cog: current value first, then its changes.
    @Test("EXPORT-06 a subscription made after one was cancelled sees only its own cog; the old reader stays ended")
    func resubscribeAfterCancel() async {
        let cogs = Cogs.forTesting(clock: TestClock())
        let first = cogs.values(of: _advNameCog, buffering: .unbounded)
        var firstValues = first.makeAsyncIterator()
        #expect(await firstValues.next() == "start")
        first.cancel()
        #expect(cogs.debugLiveExportCount == 0)
        let second = cogs.values(of: _advCountCog, buffering: .unbounded)
        var secondValues = second.makeAsyncIterator()
        cogs.turn(_advNameCog, to: "A")
        cogs.turn(_advCountCog, to: 1)
        cogs.turn(_advNameCog, to: "B")
        cogs.turn(_advCountCog, to: 2)
        #expect(await firstValues.next() == nil)
        #expect(await secondValues.next() == 0)
        #expect(await secondValues.next() == 1)
        #expect(await secondValues.next() == 2)
        #expect(cogs.debugLiveExportCount == 1)
        second.cancel()
        #expect(await secondValues.next() == nil)
    }

    /// Turns queued from a reaction each settle and offer their own value,
    /// in FIFO order, and a queued turn whose derived value is equal offers
    /// nothing: the reader sees 0, 1, 2 from counts 0 → 1 → 2 → 3 → 4.
    @Test("EXPORT-14 turns queued from a reaction offer each changed settled value in order, and equal ones nothing")
    func queuedTurnsOfferInOrder() async {
        let halfCog = Cog<Int> { c in c[_advCountCog] / 2 }
        let (cogs, m) = Cogs.forTestingWithController(clock: TestClock())
        var values = cogs.values(of: halfCog, buffering: .unbounded).makeAsyncIterator()
        #expect(await values.next() == 0)
        m.watch(_advCountCog) { _, count in
            if count == 1 {
                m.turn { w in w[_advCountCog] = 2 }
                m.turn { w in w[_advCountCog] = 3 }
                m.turn { w in w[_advCountCog] = 4 }
            }
        }
        cogs.turn(_advCountCog, to: 1)
        #expect(cogs.peek(_advCountCog) == 4)
        #expect(await values.next() == 1)
        #expect(await values.next() == 2)
        cogs.turn(_advCountCog, to: 10)
        #expect(await values.next() == 5, "nothing else was buffered between")
    }

    /// A reaction subscribes while the flush that woke it is still running.
    /// The first value must be the settled value of that turn, and the
    /// queued turn the same reaction requested must arrive after it.
    @Test("EXPORT-01 a subscription made from a reaction starts at the settled value of the turn that woke it")
    func subscribeDuringFlush() async {
        let doubledCog = Cog<Int> { c in c[_advCountCog] * 2 }
        let (cogs, m) = Cogs.forTestingWithController(clock: TestClock())
        let subscriptions = SubscriptionList()
        m.watch(_advCountCog) { _, count in
            if count == 1 {
                subscriptions.items.append(cogs.values(of: doubledCog, buffering: .unbounded))
                m.turn { w in w[_advCountCog] = 2 }
            }
        }
        cogs.turn(_advCountCog, to: 1)
        #expect(subscriptions.items.count == 1)
        var values = subscriptions.items[0].makeAsyncIterator()
        #expect(await values.next() == 2)
        #expect(await values.next() == 4)
        cogs.turn(_advCountCog, to: 5)
        #expect(await values.next() == 10)
    }

    /// Fifty subscriptions to different keys, each cancelled after its first
    /// value, churn the export nodes. The last one, to key 7, must deliver
    /// only key 7's values, and the runtime keeps one live export.
    @Test("EXPORT-05 after fifty keyed subscriptions came and went, a new one delivers only its own key")
    func keyedSubscriptionChurn() async {
        let _scoreCogs = CogBox<Int, Int>.Manual { key in key * 10 }
        let cogs = Cogs.forTesting(clock: TestClock())
        for key in 0..<50 {
            let values = cogs.values(of: _scoreCogs[key])
            var iterator = values.makeAsyncIterator()
            #expect(await iterator.next() == key * 10)
            values.cancel()
        }
        #expect(cogs.debugLiveExportCount == 0)
        let seven = cogs.values(of: _scoreCogs[7], buffering: .unbounded)
        var values = seven.makeAsyncIterator()
        for key in 0..<50 { cogs.turn(_scoreCogs[key], to: key * 10 + 1) }
        #expect(cogs.debugLiveExportCount == 1)
        #expect(await values.next() == 70)
        #expect(await values.next() == 71)
        cogs.turn(_scoreCogs[7], to: 72)
        #expect(await values.next() == 72)
    }
}

/// Subscriptions a reaction made.
@MainActor
private final class SubscriptionList {
    var items: [CogValues<Int>] = []
}
