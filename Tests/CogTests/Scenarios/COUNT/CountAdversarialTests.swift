import Cog
import CogTesting
import Testing

@MainActor
struct CountAdversarialTests {
    /// The window slides forth and back: keys that leave and return inside
    /// their grace window come back warm and run nothing; keys released by
    /// grace come back cold and run once each. The total runs once per turn.
    @Test(
        "COUNT-08 an oscillating window: returning warm keys run nothing, released keys run once, the total once per turn"
    )
    func oscillatingWindow() {
        let clock = TestClock()
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
        let cogs = Cogs.forTesting(clock: clock, grace: .seconds(5))
        _ = cogs[totalCog]
        cogs.turn(_visibleCog, to: Array(4..<12))
        #expect(itemRuns.count == 8 + 4 && totalRuns.count == 2)
        for turn in 1...20 {
            cogs.turn(_visibleCog, to: turn.isMultiple(of: 2) ? Array(4..<12) : Array(0..<8))
        }
        #expect(itemRuns.count == 12, "keys back inside grace are warm")
        #expect(totalRuns.count == 22)
        #expect(cogs[totalCog] == (5...12).reduce(0, +))
        // Now keys 0..<4 stay out past their grace and are released.
        clock.advance(by: .seconds(5))
        cogs.turn { c in c[_quantityCogs[2]] = 7 }
        #expect(itemRuns.count == 12 && totalRuns.count == 22, "a released key's source reaches nothing")
        cogs.turn(_visibleCog, to: Array(0..<8))
        #expect(itemRuns.count == 12 + 4 && totalRuns.count == 23)
        #expect(cogs[totalCog] == (1...8).reduce(0, +) + 6 * 3)
    }

    /// A write that leaves both arms of a keyed diamond equal runs the two
    /// arms and nothing below them; the other keys run nothing at all.
    @Test("COUNT-07 keyed diamonds: a write both arms absorb runs the arms once and the join not at all")
    func armsAbsorbTheWrite() {
        let armRuns = RunCounter()
        let joinRuns = RunCounter()
        let _priceCogs = CogBox<Int, Int>.Manual { key in key * 10 }
        let taxCogs = CogBox<Int, Int> { c, key in
            armRuns.bump()
            return c[_priceCogs[key]] / 100
        }
        let bulkyCogs = CogBox<Bool, Int> { c, key in
            armRuns.bump()
            return c[_priceCogs[key]] > 500
        }
        let labelCogs = CogBox<String, Int> { c, key in
            joinRuns.bump()
            return "\(key): tax \(c[taxCogs[key]]), \(c[bulkyCogs[key]] ? "bulky" : "small")"
        }
        let cogs = Cogs.forTesting()
        for key in 0..<20 { _ = cogs[labelCogs[key]] }
        #expect(armRuns.count == 40 && joinRuns.count == 20)
        cogs.turn { c in c[_priceCogs[3]] = 31 }
        #expect(armRuns.count == 42 && joinRuns.count == 20)
        cogs.turn { c in c[_priceCogs[3]] = 600 }
        #expect(armRuns.count == 44 && joinRuns.count == 21)
        #expect(cogs[labelCogs[3]] == "3: tax 6, bulky")
        // Changed and changed back within one turn: no change, nothing runs.
        cogs.turn { c in
            c[_priceCogs[4]] = 999
            c[_priceCogs[4]] = 40
        }
        #expect(armRuns.count == 44 && joinRuns.count == 21)
    }

    /// One reaction per visible key, opened and retired by `scope(each:)` as
    /// the window slides, so retired reaction nodes are reused over and over.
    /// A slide costs exactly one effect run (the entering key's first run);
    /// afterwards a write to a visible key runs its one line and one effect,
    /// and a write to a key that left runs nothing.
    @Test(
        "COUNT-08 per-key reactions churned by scope(each:): one effect run per slide, one per visible write, none for a key that left"
    )
    func churnedReactions() {
        let window = 6
        let effectRuns = RunCounter()
        let lineRuns = RunCounter()
        let _visibleCog = Cog<[Int]>.Manual { Array(0..<6) }
        let _quantityCogs = CogBox<Int, Int>.Manual { _ in 1 }
        let lineCogs = CogBox<Int, Int> { c, key in
            lineRuns.bump()
            return c[_quantityCogs[key]] * key
        }
        let clock = TestClock()
        let (cogs, m) = Cogs.forTestingWithController(clock: clock, grace: .seconds(5))
        m.scope(each: _visibleCog) { child, key in
            child.run { c in
                effectRuns.bump()
                _ = c[lineCogs[key]]
            }
        }
        #expect(effectRuns.count == window && lineRuns.count == window)
        var nodesAfterFirstSlide = 0
        for shift in 1...100 {
            let effects = effectRuns.count
            cogs.turn(_visibleCog, to: Array(shift..<(shift + window)))
            #expect(effectRuns.count == effects + 1)
            clock.advance(by: .seconds(5))
            if shift == 1 { nodesAfterFirstSlide = cogs.debugNodeCount }
        }
        // Each slide adds the entering key's quantity source (app lifetime)
        // and nothing else: reaction and line nodes are reused.
        #expect(cogs.debugNodeCount == nodesAfterFirstSlide + 99)
        let effects = effectRuns.count
        let lines = lineRuns.count
        cogs.turn { c in c[_quantityCogs[102]] = 3 }
        #expect(effectRuns.count == effects + 1 && lineRuns.count == lines + 1)
        cogs.turn { c in c[_quantityCogs[50]] = 3 }
        #expect(effectRuns.count == effects + 1 && lineRuns.count == lines + 1)
    }
}
