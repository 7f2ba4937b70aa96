import Cog
import CogTesting
import Testing

@MainActor
struct ReadAdversarialTests {
    @Test("READ-06 a peek before the tracked read of the same cog in one run keeps the edge")
    func peekBeforeTrackKeepsEdge() {
        let _xCog = Cog<Int>.Manual { 1 }
        let runs = RunCounter()
        let sumCog = Cog<Int> { c in
            runs.bump()
            let peeked = c.peek(_xCog)
            return peeked + c[_xCog]
        }
        let cogs = Cogs.forTesting()
        #expect(cogs[sumCog] == 2)
        cogs.turn { c in c[_xCog] = 4 }
        #expect(cogs[sumCog] == 8)
        #expect(runs.count == 2)
    }

    @Test("READ-06 a run that only peeks what the previous run tracked drops that edge")
    func peekOnlyRunDropsEdge() {
        let _modeCog = Cog<Bool>.Manual { true }
        let _xCog = Cog<Int>.Manual { 1 }
        let runs = RunCounter()
        let sampleCog = Cog<Int> { c in
            runs.bump()
            return c[_modeCog] ? c[_xCog] : c.peek(_xCog) * 100
        }
        let cogs = Cogs.forTesting()
        #expect(cogs[sampleCog] == 1)
        cogs.turn { c in c[_modeCog] = false }
        #expect(cogs[sampleCog] == 100)
        cogs.turn { c in c[_xCog] = 2 }
        #expect(cogs[sampleCog] == 100)
        #expect(runs.count == 2)
        cogs.turn { c in c[_modeCog] = true }
        #expect(cogs[sampleCog] == 2)
        #expect(runs.count == 3)
    }

    @Test("READ-04 a box key first read after other keys have folded starts from nil, and folds stay per key")
    func churnedKeysFoldTheirOwn() {
        let _inputCogs = CogBox<Int, Int>.Manual { key in key }
        let totalCogs = CogBox<String, Int> { c, key in
            let input = c[_inputCogs[key]]
            guard let previous = c.curr else { return "start \(input)" }
            return previous + " +\(input)"
        }
        let cogs = Cogs.forTesting()
        let view = HeadlessView()
        view.render { _ = cogs[totalCogs[1]] }
        cogs.turn { c in c[_inputCogs[1]] = 5 }
        cogs.turn { c in
            c[_inputCogs[1]] = 6
            c[_inputCogs[2]] = 7
        }
        #expect(cogs[totalCogs[1]] == "start 1 +5 +6")
        #expect(cogs[totalCogs[2]] == "start 7")
        cogs.turn { c in c[_inputCogs[2]] = 8 }
        #expect(cogs[totalCogs[2]] == "start 7 +8")
        #expect(cogs[totalCogs[1]] == "start 1 +5 +6")
    }

    @Test("READ-03 one turn changing two box keys is seen together by a selector combining them")
    func twoKeysSeenTogether() {
        let _priceCogs = CogBox<Int, Int>.Manual { _ in 1 }
        let log = EventLog()
        let spreadCog = Cog<Int> { c in
            let pair = (c[_priceCogs[1]], c[_priceCogs[2]])
            log.append("\(pair.0),\(pair.1)")
            return pair.1 - pair.0
        }
        let (cogs, m) = Cogs.forTestingWithController()
        m.run { c in _ = c[spreadCog] }
        cogs.turn { c in
            c[_priceCogs[2]] = 20
            c[_priceCogs[1]] = 10
        }
        #expect(log.events == ["1,1", "10,20"])
        #expect(cogs.peek(spreadCog) == 10)
    }

    @Test("READ-07 a cold cog over a hot one recomputes only when peeked, while the hot one follows every turn")
    func coldOverHot() {
        let _aCog = Cog<Int>.Manual { 1 }
        let hotRuns = RunCounter()
        let hotCog = Cog<Int> { c in
            hotRuns.bump()
            return c[_aCog] + 1
        }
        let coldRuns = RunCounter()
        let coldCog = Cog<Int> { c in
            coldRuns.bump()
            return c[hotCog] * 10
        }
        let cogs = Cogs.forTesting()
        let view = HeadlessView()
        view.render { _ = cogs[hotCog] }
        #expect(cogs.peek(coldCog) == 20)
        cogs.turn { c in c[_aCog] = 2 }
        cogs.turn { c in c[_aCog] = 3 }
        #expect(hotRuns.count == 3)
        #expect(coldRuns.count == 1)
        #expect(cogs.peek(coldCog) == 40)
        #expect(coldRuns.count == 2)
        #expect(cogs.debugBoundaryObjectCount == 1)
    }

    @Test("READ-07 a one-shot cogs.peek inside a reaction gives the reaction no dependency on what it peeked")
    func peekInsideReactionSubscribesNothing() {
        let _aCog = Cog<Int>.Manual { 1 }
        let _triggerCog = Cog<Int>.Manual { 0 }
        let doubleCog = Cog<Int> { c in c[_aCog] * 2 }
        let (cogs, m) = Cogs.forTestingWithController()
        let log = EventLog()
        m.run { c in log.append("trigger \(c[_triggerCog]) double \(cogs.peek(doubleCog))") }
        cogs.turn(_aCog, to: 2)
        cogs.turn(_aCog, to: 3)
        #expect(log.events == ["trigger 0 double 2"])
        cogs.turn(_triggerCog, to: 1)
        #expect(log.events == ["trigger 0 double 2", "trigger 1 double 6"])
    }
}
