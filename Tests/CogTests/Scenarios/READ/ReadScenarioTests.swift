import Cog
import CogTesting
import Testing

@MainActor
struct ReadScenarioTests {
    @Test("READ-02 two reads with no change in between run the selector once")
    func cachedSecondRead() {
        let runs = RunCounter()
        let _aCog = Cog<Int>.Manual { 2 }
        let squareCog = Cog<Int> { c in
            runs.bump()
            return c[_aCog] * c[_aCog]
        }
        let cogs = Cogs.forTesting()
        #expect(cogs.peek(squareCog) == 4)
        #expect(cogs[squareCog] == 4)
        #expect(runs.count == 1)
    }

    @Test("READ-03 two sources changed in one turn are seen together, never one new and one old")
    func bothInputsTogether() {
        let _firstCog = Cog<String>.Manual { "Ada" }
        let _lastCog = Cog<String>.Manual { "Lovelace" }
        var seen: [String] = []
        let fullNameCog = Cog<String> { c in "\(c[_firstCog]) \(c[_lastCog])" }
        let cogs = Cogs.forTesting()
        seen.append(cogs[fullNameCog])
        cogs.turn { c in
            c[_firstCog] = "Grace"
            c[_lastCog] = "Hopper"
        }
        seen.append(cogs[fullNameCog])
        #expect(seen == ["Ada Lovelace", "Grace Hopper"])
    }

    @Test("READ-04 c.curr folds a running total, and each box key folds its own total")
    func currFolds() {
        let _inputCog = Cog<Int>.Manual { 1 }
        let totalCog = Cog<Int> { c in (c.curr ?? 0) + c[_inputCog] }
        let _keyedInputCogs = CogBox<Int, Int>.Manual { key in key }
        let keyedTotalCogs = CogBox<Int, Int> { c, key in (c.curr ?? 0) + c[_keyedInputCogs[key]] }
        let cogs = Cogs.forTesting()
        #expect(cogs[totalCog] == 1)
        cogs.turn { c in c[_inputCog] = 5 }
        #expect(cogs[totalCog] == 6)
        cogs.turn { c in c[_inputCog] = 10 }
        #expect(cogs[totalCog] == 16)

        #expect(cogs[keyedTotalCogs[1]] == 1)
        #expect(cogs[keyedTotalCogs[100]] == 100)
        cogs.turn { c in c[_keyedInputCogs[1]] = 2 }
        #expect(cogs[keyedTotalCogs[1]] == 3)
        #expect(cogs[keyedTotalCogs[100]] == 100)
        cogs.turn { c in c[_keyedInputCogs[100]] = 50 }
        #expect(cogs[keyedTotalCogs[1]] == 3)
        #expect(cogs[keyedTotalCogs[100]] == 150)
    }

    @Test("READ-05 the first run of a c.curr selector sees no previous value")
    func firstRunHasNoCurr() {
        let _inputCog = Cog<Int>.Manual { 1 }
        let firstRuns = RunCounter()
        let markerCog = Cog<String> { c in
            let input = c[_inputCog]
            guard let previous = c.curr else {
                firstRuns.bump()
                return "first \(input)"
            }
            return "\(previous) then \(input)"
        }
        let cogs = Cogs.forTesting()
        #expect(cogs.peek(markerCog) == "first 1")
        cogs.turn { c in c[_inputCog] = 2 }
        #expect(cogs.peek(markerCog) == "first 1 then 2")
        #expect(firstRuns.count == 1)
    }

    @Test("READ-06 c.peek adds no edge, returns the newest settled value, and never removes a tracked edge")
    func peekIsOnlyNoEdge() {
        let _triggerCog = Cog<Int>.Manual { 0 }
        let _xCog = Cog<Int>.Manual { 1 }
        let xPlusOneCog = Cog<Int> { c in c[_xCog] + 1 }
        let runs = RunCounter()
        let sampleCog = Cog<Int> { c in
            runs.bump()
            return c[_triggerCog] * 100 + c.peek(xPlusOneCog)
        }
        let cogs = Cogs.forTesting()
        #expect(cogs[sampleCog] == 2)
        cogs.turn { c in c[_xCog] = 5 }
        #expect(cogs[sampleCog] == 2)
        #expect(runs.count == 1)
        cogs.turn { c in c[_triggerCog] = 1 }
        #expect(cogs[sampleCog] == 106)
        #expect(runs.count == 2)

        let bothRuns = RunCounter()
        let bothCog = Cog<Int> { c in
            bothRuns.bump()
            return c[_xCog] + c.peek(_xCog)
        }
        #expect(cogs[bothCog] == 10)
        cogs.turn { c in c[_xCog] = 6 }
        #expect(cogs[bothCog] == 12)
        #expect(bothRuns.count == 2)
    }

    @Test("READ-07 cogs.peek settles a cold automatic cog to its newest value without subscribing")
    func peekSettlesCold() {
        let _aCog = Cog<Int>.Manual { 1 }
        let runs = RunCounter()
        let doubleCog = Cog<Int> { c in
            runs.bump()
            return c[_aCog] * 2
        }
        let cogs = Cogs.forTesting()
        #expect(cogs.peek(doubleCog) == 2)
        cogs.turn { c in c[_aCog] = 2 }
        cogs.turn { c in c[_aCog] = 3 }
        #expect(runs.count == 1)
        #expect(cogs.peek(doubleCog) == 6)
        #expect(runs.count == 2)
        #expect(cogs.debugBoundaryObjectCount == 0)
    }
}
