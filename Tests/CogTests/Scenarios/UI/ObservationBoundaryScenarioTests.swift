import Cog
import CogTesting
import Observation
import Testing

/// Renders like a view body: runs `body` under Observation tracking and
/// counts the notices that would re-render it.
@MainActor
final class HeadlessView {
    let notices = NoticeCounter()
    private(set) var renders = 0

    func render(_ body: @MainActor () -> Void) {
        renders += 1
        let notices = notices
        withObservationTracking {
            body()
        } onChange: {
            notices.bump()
        }
    }
}

@MainActor
struct ObservationBoundaryScenarioTests {
    @Test("UI-01 a view that read a cog through cogs[] re-renders when it changes")
    func changedCogNotifies() {
        let _countCog = Cog<Int>.Manual { 0 }
        let cogs = Cogs.forTesting()
        let view = HeadlessView()
        view.render { _ = cogs[_countCog] }
        cogs.turn { c in c[_countCog] = 1 }
        #expect(view.notices.count == 1)
    }

    @Test("UI-02 a change to a cog the view never read does not re-render it")
    func unreadCogIsQuiet() {
        let _readCog = Cog<Int>.Manual { 0 }
        let _otherCog = Cog<Int>.Manual { 0 }
        let derivedOtherCog = Cog<Int> { c in c[_otherCog] + 1 }
        let cogs = Cogs.forTesting()
        _ = cogs[derivedOtherCog]
        let view = HeadlessView()
        view.render { _ = cogs[_readCog] }
        cogs.turn { c in c[_otherCog] = 1 }
        #expect(view.notices.count == 0)
    }

    @Test("UI-03 writing weather[zipB] re-renders only zipB's card")
    func keyedCardsAreIsolated() {
        let _weatherCogs = CogBox<String, String>.Manual { _ in "clear" }
        let isRainyCogs = CogBox<Bool, String> { c, zip in c[_weatherCogs[zip]] == "rain" }
        let cogs = Cogs.forTesting()
        let cardA = HeadlessView()
        let cardB = HeadlessView()
        cardA.render {
            _ = cogs[_weatherCogs["zipA"]]
            _ = cogs[isRainyCogs["zipA"]]
        }
        cardB.render {
            _ = cogs[_weatherCogs["zipB"]]
            _ = cogs[isRainyCogs["zipB"]]
        }
        cogs.turn { c in c[_weatherCogs["zipB"]] = "rain" }
        #expect(cardA.notices.count == 0)
        #expect(cardB.notices.count == 1)
    }

    @Test("UI-04 equal recomputes and equal writes send no Observation notice")
    func equalValuesAreQuiet() {
        let _aCog = Cog<Int>.Manual { 1 }
        let signCog = Cog<Bool> { c in c[_aCog] > 0 }
        let cogs = Cogs.forTesting()
        let derivedView = HeadlessView()
        derivedView.render { _ = cogs[signCog] }
        let sourceView = HeadlessView()
        sourceView.render { _ = cogs[_aCog] }
        cogs.turn { c in c[_aCog] = 1 }
        #expect(sourceView.notices.count == 0)
        #expect(derivedView.notices.count == 0)
        cogs.turn { c in c[_aCog] = 2 }
        #expect(sourceView.notices.count == 1)
        #expect(derivedView.notices.count == 0)
    }

    @Test("UI-05 only cogs a view read get a boundary object; interior states never do")
    func boundariesOnlyForReadStates() {
        let _aCog = Cog<Int>.Manual { 1 }
        let interiorCog = Cog<Int> { c in c[_aCog] + 1 }
        let leafCog = Cog<Int> { c in c[interiorCog] + 1 }
        let cogs = Cogs.forTesting()
        let view = HeadlessView()
        view.render { _ = cogs[leafCog] }
        #expect(cogs.debugBoundaryObjectCount == 1)
        _ = cogs.peek(interiorCog)
        cogs.turn { c in c[_aCog] = 5 }
        #expect(cogs.debugBoundaryObjectCount == 1)
        view.render { _ = cogs[leafCog] }
        #expect(cogs.debugBoundaryObjectCount == 1)
        #expect(view.notices.count == 1)
    }

    @Test("UI-09 a one-shot cogs.peek in a body does not re-render the view")
    func peekIsUntracked() {
        let _aCog = Cog<Int>.Manual { 1 }
        let cogs = Cogs.forTesting()
        let view = HeadlessView()
        view.render { _ = cogs.peek(_aCog) }
        cogs.turn { c in c[_aCog] = 2 }
        #expect(view.notices.count == 0)
        #expect(cogs.debugBoundaryObjectCount == 0)
    }

    @Test("UI-13 every render sees the old pair or the new pair, never one of each")
    func pairsAreConsistent() {
        let _aCog = Cog<Int>.Manual { 1 }
        let _bCog = Cog<Int>.Manual { 10 }
        let productCog = Cog<Int> { c in c[_aCog] * c[_bCog] }
        let cogs = Cogs.forTesting()
        let log = EventLog()
        let render: @MainActor () -> String = { "\(cogs[_aCog])×\(cogs[_bCog])=\(cogs[productCog])" }
        log.append(render())
        withObservationTracking {
            _ = render()
        } onChange: {
            MainActor.assumeIsolated { log.append("notice sees \(render())") }
        }
        cogs.turn { c in
            c[_aCog] = 2
            log.append("mid-turn sees \(render())")
            c[_bCog] = 20
        }
        log.append(render())
        #expect(log.events == ["1×10=10", "mid-turn sees 1×10=10", "notice sees 2×20=40", "2×20=40"])
    }

    @Test("UI-16 each render tracks only what it read: after dropping A, changing A no longer re-renders")
    func rendersRetrack() {
        let _aCog = Cog<Int>.Manual { 0 }
        let _bCog = Cog<Int>.Manual { 0 }
        let cogs = Cogs.forTesting()
        let first = HeadlessView()
        first.render {
            _ = cogs[_aCog]
            _ = cogs[_bCog]
        }
        cogs.turn { c in c[_bCog] = 1 }
        #expect(first.notices.count == 1)
        let second = HeadlessView()
        second.render { _ = cogs[_bCog] }
        cogs.turn { c in c[_aCog] = 1 }
        #expect(second.notices.count == 0)
        cogs.turn { c in c[_bCog] = 2 }
        #expect(second.notices.count == 1)
    }
}
