import Cog
import CogTesting
import Testing

private let _draftCog = Cog<String>.Manual(name: "draft", lifetime: .whileObserved(resetToInitial: true)) { "" }
private let _noteCogs = CogBox<String, Int>.Manual(name: "note", lifetime: .whileObserved(resetToInitial: true)) { _ in
    ""
}
private let _filterCogs = CogBox<String, Int>.Manual(name: "filter", lifetime: .whileObserved(resetToInitial: true)) {
    _ in "all"
}
private let _catalogCog = Cog<[String]>.Manual(name: "catalog") { ["tea", "milk"] }
private let visibleCogs = CogBox<Int, Int>(name: "visible") { c, screen in
    c[_filterCogs[screen]] == "all" ? c[_catalogCog].count : 1
}
private let _appLevelCog = Cog<Int>.Manual(name: "appLevel") { 0 }
private let _openCog = Cog<Bool>.Manual { false }

/// A mutable reference-type starting value (LIFE-12).
@MainActor
private final class Draft {
    var text = "start"
}

extension CogOps {
    fileprivate func type(_ text: String, on screen: Int) { turn(_noteCogs[screen], to: text) }

    /// The op that closes a screen: it discards that screen's note and filter.
    fileprivate func closeScreen(_ screen: Int) {
        discard(_noteCogs[screen])
        discard(visibleCogs[screen])
        discard(_filterCogs[screen])
    }
}

@MainActor
struct ResetAndDiscardScenarioTests {
    @Test("LIFE-05 a whileObserved(resetToInitial: true) source comes back at its starting value after release")
    func resetSourceReleased() {
        let clock = TestClock()
        let (cogs, m) = Cogs.forTestingWithController(clock: clock, grace: .seconds(5))
        cogs.turn(_draftCog, to: "hello")
        #expect(clock.activeSleeperCount == 1, "the write is transient demand: one grace window")
        clock.advance(by: .seconds(4))
        #expect(cogs.peek(_draftCog) == "hello", "a peek renews the window")
        clock.advance(by: .seconds(4))
        #expect(cogs.peek(_draftCog) == "hello")
        // A reaction leases it: no grace window ends it while it watches.
        m.scope(_openCog) { child in child.run { c in _ = c[_draftCog] } }
        cogs.turn(_openCog, to: true)
        clock.advance(by: .seconds(60))
        #expect(cogs.peek(_draftCog) == "hello")
        let rows = cogs.debugLiveRowCount
        cogs.turn(_openCog, to: false)
        clock.advance(by: .seconds(5))
        #expect(cogs.debugLiveRowCount == rows - 2, "the retired reaction and the draft are gone")
        #expect(cogs.peek(_draftCog) == "")
    }

    @Test("LIFE-12 a released reset source's reference-type starting value is produced fresh, not the mutated object")
    func freshReferenceValue() {
        let clock = TestClock()
        var made = 0
        let _sheetCog = Cog<Draft>.Manual(lifetime: .whileObserved(resetToInitial: true)) {
            made += 1
            return Draft()
        }
        let cogs = Cogs.forTesting(clock: clock, grace: .seconds(5))
        let first = cogs.peek(_sheetCog)
        first.text = "mutated"
        clock.advance(by: .seconds(5))
        let second = cogs.peek(_sheetCog)
        #expect(second !== first)
        #expect(second.text == "start")
        #expect(made == 2, "the starting-value closure ran a second time")
    }

    @Test("LIFE-12 a reset source's own grace: overrides the context default")
    func declarationGrace() {
        let clock = TestClock()
        let _quickCog = Cog<Int>.Manual(lifetime: .whileObserved(resetToInitial: true, grace: .seconds(1))) { 0 }
        let cogs = Cogs.forTesting(clock: clock, grace: .seconds(30))
        cogs.turn(_quickCog, to: 7)
        clock.advance(by: .seconds(1))
        #expect(cogs.peek(_quickCog) == 0)
    }

    @Test(
        "LIFE-13 discard releases a UI-pinned keyed source, its boundary included; a tracking reader re-reads a fresh state"
    )
    func discardPinnedState() {
        let cogs = Cogs.forTesting()
        let baseline = cogs.debugBoundaryObjectCount
        let rowsBefore = cogs.debugLiveRowCount
        let view = HeadlessView()
        var seen: [String] = []
        cogs.type("draft", on: 1)
        view.render { seen.append(cogs[_noteCogs[1]]) }
        #expect(cogs.debugBoundaryObjectCount == baseline + 1)
        cogs.closeScreen(1)
        #expect(view.notices.count == 1, "the reader still tracking the boundary is told")
        #expect(cogs.debugBoundaryObjectCount == baseline, "the boundary went with the state")
        #expect(cogs.debugLiveRowCount == rowsBefore, "the row and its value went too")
        // The re-render recreates the state at its starting value on a fresh boundary.
        view.render { seen.append(cogs[_noteCogs[1]]) }
        #expect(seen == ["draft", ""])
        #expect(cogs.debugBoundaryObjectCount == baseline + 1)
        cogs.type("again", on: 1)
        #expect(view.notices.count == 2, "the fresh boundary delivers changes")
        #if DEBUG
            #expect(cogs.debugRecentTurnNames.contains("discard(note[1])"))
        #endif
    }

    @Test("LIFE-13 a write queued after a discard in the same flush lands on the state the discard started over")
    func writeAfterDiscardLands() {
        let (cogs, m) = Cogs.forTestingWithController()
        cogs.turn(_draftCog, to: "before")
        cogs.type("old", on: 4)
        _ = cogs[_noteCogs[4]]  // pinned: only a discard releases it
        m.run { c in
            guard c[_openCog] else { return }
            m.discard(_draftCog)
            m.turn(_draftCog, to: "after")
            m.discard(_noteCogs[4])
            m.turn(_noteCogs[4], to: "new")
        }
        cogs.turn(_openCog, to: true)
        #expect(cogs.peek(_draftCog) == "after")
        #expect(cogs.peek(_noteCogs[4]) == "new")
    }

    @Test(
        "LIFE-14 discard names one state: siblings, shared state and leased states are left alone; 200 cycles stay bounded"
    )
    func discardIsNarrow() {
        let (cogs, m) = Cogs.forTestingWithController()
        let delivered = EventLog()
        m.watch(_noteCogs[3]) { _, new in delivered.append(new) }
        _ = cogs[_catalogCog]
        cogs.type("two", on: 2)
        cogs.type("three", on: 3)
        _ = cogs[_noteCogs[2]]
        _ = cogs[_noteCogs[3]]
        _ = cogs[visibleCogs[2]]
        cogs.closeScreen(1)  // never opened: nothing to discard
        cogs.discard(_noteCogs[3])  // leased by the watch: left to its owner
        #expect(cogs.peek(_noteCogs[2]) == "two")
        #expect(cogs.peek(_noteCogs[3]) == "three")
        #expect(cogs.peek(_catalogCog) == ["tea", "milk"])
        cogs.type("three!", on: 3)
        #expect(delivered.events == ["three", "three!"])
        // Open, type, read, close, two hundred times: boundaries and rows return to baseline.
        let boundaries = cogs.debugBoundaryObjectCount
        let rows = cogs.debugLiveRowCount
        for screen in 100..<300 {
            cogs.type("note \(screen)", on: screen)
            _ = cogs[_noteCogs[screen]]
            _ = cogs[visibleCogs[screen]]
            cogs.closeScreen(screen)
        }
        #expect(cogs.debugBoundaryObjectCount == boundaries)
        #expect(cogs.debugLiveRowCount == rows)
        #expect(cogs.peek(_noteCogs[2]) == "two")
        // Discard through a retired controller is inert, like a turn.
        var retired: CogController?
        m.scope(_openCog) { child in retired = child }
        cogs.turn(_openCog, to: true)
        cogs.turn(_openCog, to: false)
        retired?.discard(_noteCogs[2])
        #expect(cogs.debugBoundaryObjectCount == boundaries)
        #expect(cogs.peek(_noteCogs[2]) == "two")
    }

    @Test("LIFE-15 discarding a source declared .app stops with an error naming the declaration change")
    func discardAppSourceTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let cogs = Cogs.forTesting(clock: TestClock())
                cogs.turn(_appLevelCog, to: 1)
                cogs.discard(_appLevelCog)
            }
        }
        let message = result?.standardErrorContent.text ?? ""
        #expect(message.contains("discard of 'appLevel', a manual source declared .app"))
        #expect(message.contains("lifetime: .whileObserved(resetToInitial: true)"))
    }
}
