import Cog
import CogTesting
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
        let cogs = Cogs.forTesting()
        var badge: CartBadge? = CartBadge(cogs: cogs)
        cogs.addToCart()
        cogs.addToCart()
        #expect(badge?.body == "2 items")
        badge = nil
        badge = CartBadge(cogs: cogs)
        #expect(badge?.body == "2 items")
    }
}
