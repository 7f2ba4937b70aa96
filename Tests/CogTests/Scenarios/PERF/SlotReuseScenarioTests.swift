import Cog
import CogTesting
import Observation
import Testing

private let doubledCogs = CogBox<Int, Int>(name: "doubled") { _, key in key * 2 }
private let _draftCogs = CogBox<Int, Int>.Manual(name: "draft", lifetime: .whileObserved(resetToInitial: true)) { _ in
    0
}
private let _tickCog = Cog<Int>.Manual(name: "tick") { 0 }

@MainActor
struct SlotReuseScenarioTests {
    @Test("PERF-05 a released state's slot is reused by the next key, with a new generation")
    func releasedSlotIsReusedWithANewGeneration() {
        let cogs = Cogs.forTesting(clock: TestClock())
        let view = HeadlessView()
        view.render { _ = cogs[doubledCogs[1]] }
        let first = try! #require(cogs.debugSlot(of: doubledCogs[1]))
        cogs.discard(doubledCogs[1])
        #expect(cogs.debugSlot(of: doubledCogs[1]) == nil)
        view.render { #expect(cogs[doubledCogs[2]] == 4) }
        let second = try! #require(cogs.debugSlot(of: doubledCogs[2]))
        #expect(second.node == first.node, "the released slot is reused")
        #expect(second.generation != first.generation)
        #expect(cogs.debugFollow(second) == "doubled[2]")
    }

    @Test(
        "PERF-05 a discard queued for a state that is released and recreated before its turn leaves the new state alone"
    )
    func queuedDiscardNamesTheExactState() {
        let cogs = Cogs.forTesting(clock: TestClock())
        cogs.turn { c in c[_draftCogs[1]] = 3 }
        let original = try! #require(cogs.debugSlot(of: _draftCogs[1]))
        // During the next flush's notices, three requests queue in order:
        // discard the draft, write it again (recreating it in the freed
        // slot), and discard it again. The second discard named the state
        // that existed when it was requested, which is gone by its turn.
        let view = HeadlessView()
        view.render { _ = cogs[_tickCog] }
        withObservationTracking {
            _ = cogs[_tickCog]
        } onChange: {
            MainActor.assumeIsolated {
                cogs.discard(_draftCogs[1])
                cogs.turn { c in c[_draftCogs[1]] = 5 }
                cogs.discard(_draftCogs[1])
            }
        }
        cogs.turn { c in c[_tickCog] = 1 }
        #expect(cogs.debugIsIdle)
        let recreated = try! #require(cogs.debugSlot(of: _draftCogs[1]), "the recreated draft was discarded")
        #expect(recreated.node == original.node, "the recreated draft reuses the released slot")
        #expect(recreated.generation != original.generation)
        #expect(cogs.peek(_draftCogs[1]) == 5)
        #if DEBUG
            #expect(cogs.debugHistory.filter { $0.kind == .discard }.count == 1)
        #endif
    }

    #if DEBUG
        @Test("PERF-05 following a handle to a released state traps in debug builds, even after the slot is reused")
        func staleAccessTrapsInDebug() async {
            let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                await MainActor.run {
                    let cogs = Cogs.forTesting(clock: TestClock())
                    let view = HeadlessView()
                    view.render { _ = cogs[doubledCogs[1]] }
                    let stale = cogs.debugSlot(of: doubledCogs[1])!
                    cogs.discard(doubledCogs[1])
                    view.render { _ = cogs[doubledCogs[2]] }
                    _ = cogs.debugFollow(stale)
                }
            }
            let message = result?.standardErrorContent.text ?? ""
            #expect(message.contains("Cog internal error: stale access to node"))
            #expect(message.contains("'doubled[2]'"))
        }
    #endif
}
