import Cog
import CogTesting
import Testing

@MainActor
struct KeyedRunCountScenarioTests {
    @Test("COUNT-07 keyed diamonds: one key's write runs its two arms and join once; other keys run nothing")
    func keyedDiamonds() {
        let keys = 0..<40
        let armRuns = RunCounter()
        let joinRuns = RunCounter()
        let _priceCogs = CogBox<Int, Int>.Manual { key in key }
        let taxCogs = CogBox<Int, Int> { c, key in
            armRuns.bump()
            return c[_priceCogs[key]] / 10
        }
        let shippingCogs = CogBox<Int, Int> { c, key in
            armRuns.bump()
            return c[_priceCogs[key]] > 20 ? 0 : 5
        }
        let totalCogs = CogBox<Int, Int> { c, key in
            joinRuns.bump()
            return c[_priceCogs[key]] + c[taxCogs[key]] + c[shippingCogs[key]]
        }
        let cogs = Cogs.forTesting()
        for key in keys { _ = cogs[totalCogs[key]] }
        #expect(armRuns.count == 80 && joinRuns.count == 40)

        cogs.turn { c in c[_priceCogs[7]] = 100 }
        #expect(cogs[totalCogs[7]] == 100 + 10 + 0)
        #expect(armRuns.count == 82 && joinRuns.count == 41)

        cogs.turn { c in for key in keys { c[_priceCogs[key]] += 1 } }
        #expect(armRuns.count == 82 + 80 && joinRuns.count == 41 + 40)
        #expect(cogs[totalCogs[3]] == 4 + 0 + 5)
    }

    @Test("COUNT-08 key churn: each turn costs the churn window, never the family size")
    func keyChurn() {
        let window = 8
        let itemRuns = RunCounter()
        let totalRuns = RunCounter()
        let _visibleCog = Cog<[Int]>.Manual { Array(0..<8) }
        let _quantityCogs = CogBox<Int, Int>.Manual { _ in 1 }
        let lineCogs = CogBox<Int, Int> { c, key in
            itemRuns.bump()
            return c[_quantityCogs[key]] * (key + 1)
        }
        let totalCog = Cog<Int> { c in
            totalRuns.bump()
            return c[_visibleCog].reduce(0) { $0 + c[lineCogs[$1]] }
        }
        let cogs = Cogs.forTesting()
        _ = cogs[totalCog]
        #expect(itemRuns.count == window && totalRuns.count == 1)

        for shift in 1...300 {
            let items = itemRuns.count
            let totals = totalRuns.count
            cogs.turn { c in c[_visibleCog] = Array(shift..<(shift + window)) }
            // Only the key that entered runs (cold), plus the total once.
            #expect(itemRuns.count == items + 1)
            #expect(totalRuns.count == totals + 1)
        }
        let visible = Array(300..<308)
        #expect(cogs[totalCog] == visible.reduce(0) { $0 + $1 + 1 })

        let items = itemRuns.count
        let totals = totalRuns.count
        cogs.turn { c in c[_quantityCogs[5]] = 10 }
        #expect(itemRuns.count == items && totalRuns.count == totals)
        cogs.turn { c in c[_quantityCogs[303]] = 2 }
        #expect(itemRuns.count == items + 1 && totalRuns.count == totals + 1)
    }
}
