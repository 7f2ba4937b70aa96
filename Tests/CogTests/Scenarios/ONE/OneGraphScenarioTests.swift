import Cog
import CogTesting
import Observation
import Testing

private let _cartCountCog = Cog<Int>.Manual(name: "cartCount") { 0 }
let cartCountCog = _cartCountCog.readOnly

extension CogOps {
    /// An op as a feature file declares it, beside the source it may write.
    fileprivate func addToCart() {
        turn { c in c[_cartCountCog] += 1 }
    }
}

/// A stand-in for a SwiftUI view: a value that is thrown away and rebuilt,
/// reading the runtime it was handed by its environment.
@MainActor
private struct CartBadge {
    let cogs: Cogs
    var body: String { "\(cogs[cartCountCog]) items" }
}

/// A screen-scoped draft: state whose life is the screen's, not the app's.
private let _noteDraftCog = Cog<String>.Manual(name: "noteDraft", lifetime: .whileObserved(resetToInitial: true)) {
    ""
}

extension CogOps {
    fileprivate func writeNote(_ note: String) {
        turn(_noteDraftCog, to: note)
    }
}

/// A view of the cart screen, rebuilt with its scene.
@MainActor
private struct CartScreen {
    let cogs: Cogs
    var body: String { "\(cogs[cartCountCog]) items, note \(cogs[_noteDraftCog])" }
}

@MainActor
struct OneGraphScenarioTests {
    @Test("ONE-01 assembly installs the one context; an op's write is seen by a read elsewhere")
    func assemblyInstallsOneContext() {
        Cogs.withAssembledCogs(mechanisms: []) { cogs in
            #expect(Cogs.isAssembledCogs(cogs))
            cogs.addToCart()
            #expect(CartBadge(cogs: cogs).body == "1 items")
        }
    }

    @Test("ONE-02 a second assembly traps in every build, saying Cog is already assembled")
    func secondAssemblyTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                _ = Cogs.assemble(mechanisms: [])
                _ = Cogs.assemble(mechanisms: [])
            }
        }
        #expect(result?.standardErrorContent.text.contains("Cog is already assembled") == true)
    }

    @Test("ONE-05 testing contexts are fresh and isolated, and never trip the app-install guard")
    func testingContextsAreIsolated() {
        let first = Cogs.forTesting()
        let second = Cogs.forTesting()
        first.addToCart()
        #expect(first.peek(cartCountCog) == 1)
        #expect(second.peek(cartCountCog) == 0)
        for _ in 0..<50 {
            let another = Cogs.forTesting()
            #expect(another.peek(cartCountCog) == 0)
            another.addToCart()
            #expect(!Cogs.isAssembledCogs(another))
        }
        #expect(first.peek(cartCountCog) == 1)
        #if DEBUG
            let seeded = Cogs.forTesting { seed in seed[_cartCountCog] = 7 }
            #expect(seeded.peek(cartCountCog) == 7)
            #expect(seeded.debugCompletedTurnCount == 0)
        #endif
        #expect(!Cogs.isAssembledCogs(first))
    }

    @Test("ONE-06 rebuilding the views keeps manual state, which lives in the context (headless)")
    func rebuiltViewsKeepState() {
        let clock = TestClock()
        let cogs = Cogs.forTesting(clock: clock, grace: .seconds(1))
        var scene: [CartScreen]? = [CartScreen(cogs: cogs), CartScreen(cogs: cogs)]
        cogs.addToCart()
        cogs.addToCart()
        cogs.writeNote("gift wrap")
        #expect(scene?.map(\.body) == ["2 items, note gift wrap", "2 items, note gift wrap"])
        // The scene is thrown away: its views go, the screen's own draft is
        // discarded as a scene teardown would, and time passes with no view
        // at all. What the views held is gone (the draft comes back empty);
        // what the context holds is not.
        scene = nil
        cogs.discard(_noteDraftCog)
        clock.advance(by: .seconds(5))
        #expect(cogs.debugSlot(of: _noteDraftCog) == nil, "the screen's draft was released with the scene")
        let rebuilt = CartScreen(cogs: cogs)
        #expect(rebuilt.body == "2 items, note ")
        // The rebuilt view reads live state: the next op reaches it.
        let notices = NoticeCounter()
        withObservationTracking {
            _ = rebuilt.body
        } onChange: {
            notices.bump()
        }
        cogs.addToCart()
        #expect(notices.count == 1)
        #expect(rebuilt.body == "3 items, note ")
    }
}
