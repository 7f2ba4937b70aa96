import Cog
import CogTesting
import Observation
import Testing

@MainActor
struct UiAdversarialTests {
    @Test("UI-13 a notice that re-renders at once reads a derived pair consistent with its sources, for every key")
    func noticeReadsConsistentKeyedPair() {
        let _priceCogs = CogBox<Int, Int>.Manual { _ in 1 }
        let _quantityCogs = CogBox<Int, Int>.Manual { _ in 1 }
        let totalCogs = CogBox<Int, Int> { c, key in c[_priceCogs[key]] * c[_quantityCogs[key]] }
        let cogs = Cogs.forTesting()
        let log = EventLog()
        for key in 0..<3 {
            let render: @MainActor () -> String = {
                let price = cogs[_priceCogs[key]]
                let quantity = cogs[_quantityCogs[key]]
                let total = cogs[totalCogs[key]]
                return total == price * quantity ? "ok" : "torn \(price)×\(quantity)≠\(total)"
            }
            withObservationTracking {
                _ = render()
            } onChange: {
                MainActor.assumeIsolated { log.append("\(key) \(render())") }
            }
        }
        cogs.turn { c in
            c[_quantityCogs[2]] = 3
            c[_priceCogs[0]] = 7
            c[_priceCogs[2]] = 5
        }
        #expect(log.events.sorted() == ["0 ok", "2 ok"])
        #expect(cogs.peek(totalCogs[2]) == 15)
    }

    @Test("UI-04 a two-level chain whose middle recomputes equal notifies the source's view and not the chain's")
    func equalMiddleOfChainIsQuiet() {
        let _countCog = Cog<Int>.Manual { 2 }
        let isEvenCog = Cog<Bool> { c in c[_countCog] % 2 == 0 }
        let badgeCog = Cog<String> { c in c[isEvenCog] ? "even" : "odd" }
        let cogs = Cogs.forTesting()
        let badgeView = HeadlessView()
        badgeView.render { _ = cogs[badgeCog] }
        let countView = HeadlessView()
        countView.render { _ = cogs[_countCog] }
        cogs.turn { c in c[_countCog] = 4 }
        #expect(countView.notices.count == 1)
        #expect(badgeView.notices.count == 0)
        countView.render { _ = cogs[_countCog] }
        cogs.turn { c in c[_countCog] = 5 }
        #expect(countView.notices.count == 2)
        #expect(badgeView.notices.count == 1)
    }

    @Test("UI-16 a card that switches keys stops re-rendering for the old key and follows the new one")
    func cardSwitchesKeys() {
        let _stockCogs = CogBox<Int, Int>.Manual { _ in 0 }
        let cogs = Cogs.forTesting()
        let card = HeadlessView()
        card.render { _ = cogs[_stockCogs[1]] }
        cogs.turn { c in c[_stockCogs[1]] = 5 }
        #expect(card.notices.count == 1)
        // The notice re-renders the card, which now shows key 2.
        card.render { _ = cogs[_stockCogs[2]] }
        cogs.turn { c in c[_stockCogs[1]] = 9 }
        #expect(card.notices.count == 1, "key 1 is no longer read by the latest render")
        cogs.turn { c in c[_stockCogs[2]] = 9 }
        #expect(card.notices.count == 2)
    }

    @Test("UI-09 a body that peeks a cog and reads it through cogs[] is re-rendered by it: the read wins")
    func peekAndReadInOneBody() {
        let _aCog = Cog<Int>.Manual { 0 }
        let _bCog = Cog<Int>.Manual { 0 }
        let cogs = Cogs.forTesting()
        let view = HeadlessView()
        view.render {
            _ = cogs.peek(_aCog)
            _ = cogs[_aCog]
            _ = cogs.peek(_bCog)
        }
        cogs.turn { c in c[_bCog] = 1 }
        #expect(view.notices.count == 0)
        cogs.turn { c in c[_aCog] = 1 }
        #expect(view.notices.count == 1)
    }

    @Test("UI-13 a notice that reads a cold cog derived from both changed sources sees it settled from the new pair")
    func noticeReadsColdDerived() {
        let _aCog = Cog<Int>.Manual { 1 }
        let _bCog = Cog<Int>.Manual { 10 }
        let runs = RunCounter()
        let sumCog = Cog<Int> { c in
            runs.bump()
            return c[_aCog] + c[_bCog]
        }
        let cogs = Cogs.forTesting()
        let log = EventLog()
        withObservationTracking {
            _ = cogs[_aCog]
        } onChange: {
            MainActor.assumeIsolated { log.append("notice sees sum \(cogs.peek(sumCog))") }
        }
        cogs.turn { c in
            c[_aCog] = 2
            c[_bCog] = 20
        }
        #expect(log.events == ["notice sees sum 22"])
        #expect(runs.count == 1)
        #expect(cogs.peek(sumCog) == 22)
    }
}
