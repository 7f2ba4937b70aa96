import Cog
import CogTesting
import Foundation
import Testing

private let _cartCountCog = Cog<Int>.Manual { 0 }
private let _stockCogs = CogBox<Int, Int>.Manual { key in key }
private let doubledStockCogs = CogBox<Int, Int> { c, key in c[_stockCogs[key]] * 2 }

extension CogOps {
    fileprivate func addToCart() { turn { c in c[_cartCountCog] += 1 } }
}

/// The compile-fail check of `CompileFailScenarioTests`: the fixture must
/// fail to type-check with the diagnostic its first line names.
@MainActor
struct OneAdversarialTests {
    @Test("ONE-05 a context built and written inside another context's flush settles at once, not behind that flush")
    func contextBuiltDuringAnotherFlush() {
        let (outer, m) = Cogs.forTestingWithController()
        let log = EventLog()
        var inner: Cogs?
        m.run { c in
            guard c[_cartCountCog] == 1 else { return }
            let (fresh, freshController) = Cogs.forTestingWithController()
            freshController.run { c in log.append("inner reaction \(c[_cartCountCog])") }
            fresh.addToCart()
            fresh.addToCart()
            log.append("inner reads \(fresh.peek(_cartCountCog)) outer reads \(outer.peek(_cartCountCog))")
            inner = fresh
        }
        outer.addToCart()
        #expect(
            log.events == [
                "inner reaction 0", "inner reaction 1", "inner reaction 2", "inner reads 2 outer reads 1",
            ])
        #expect(outer.peek(_cartCountCog) == 1)
        #expect(inner?.peek(_cartCountCog) == 2)
        #expect(outer.debugIsIdle)
        #expect(inner?.debugIsIdle == true)
    }

    @Test("ONE-05 contexts built one after another each compute keyed state from scratch; a dropped one leaves nothing")
    func sequentialContextsComputeTheirOwn() {
        let log = EventLog()
        var torndown = 0
        for round in 0..<5 {
            let (cogs, m) = Cogs.forTestingWithController()
            cogs.debugOnTeardown { torndown += 1 }
            m.run { c in log.append("round \(round) sees \(c[doubledStockCogs[3]])") }
            #expect(cogs.peek(_stockCogs[3]) == 3)
            cogs.turn { c in c[_stockCogs[3]] = 10 + round }
        }
        #expect(torndown == 5)
        #expect(
            log.events
                == (0..<5).flatMap { round in ["round \(round) sees 6", "round \(round) sees \(2 * (10 + round))"] }
        )
    }

    @Test(
        "ONE-03 feature code importing only Cog cannot reach the testing factory either",
        .enabled(if: FixtureTypeChecker.runs, "the built Cog module or swiftc could not be located (outside CI)"))
    func testingFactoryNeedsCogTesting() throws {
        try expectFixtureRejected("ONE-03-testing-factory-without-testing.swift")
    }
}
