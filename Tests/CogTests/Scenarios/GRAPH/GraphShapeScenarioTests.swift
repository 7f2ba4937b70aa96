import Cog
import CogTesting
import Testing

private let _deepSourceCog = Cog<Int>.Manual(name: "deepSource") { 0 }

/// chainCogs[k] = chainCogs[k - 1] + 1, with chainCogs[0] reading the source.
private let chainCogs: CogBox<Int, Int> = CogBox(name: "chain") { c, link in
    link == 0 ? c[_deepSourceCog] : c[chainCogs[link - 1]] + 1
}

@MainActor
struct GraphShapeScenarioTests {
    @Test("GRAPH-03 a chain too deep for a recursive walk settles iteratively once its links are computed")
    func deepChainSettlesIteratively() {
        let depth = 50_000
        let cogs = Cogs.forTesting()
        for link in 0..<depth {
            _ = cogs.peek(chainCogs[link])
        }
        #expect(cogs.peek(chainCogs[depth - 1]) == depth - 1)
        cogs.turn { c in c[_deepSourceCog] = 10 }
        #expect(cogs.peek(chainCogs[depth - 1]) == depth - 1 + 10)
        #expect(cogs.peek(chainCogs[depth / 2]) == depth / 2 + 10)
    }

    @Test("GRAPH-14 a cold first read nests 128 computations successfully")
    func coldNestingWithinLimit() {
        let cogs = Cogs.forTesting()
        #expect(cogs.peek(chainCogs[127]) == 127)
    }

    @Test("GRAPH-14 the 129th nested cold computation fails, naming the innermost links and the way out")
    func coldNestingBeyondLimitTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let cogs = Cogs.forTesting(clock: TestClock())
                _ = cogs.peek(chainCogs[128])
            }
        }
        let message = result?.standardErrorContent.text ?? ""
        #expect(message.contains("nested more than 128 automatic computations"))
        #expect(message.contains("chain[0] ← chain[1] ← chain[2]"))
        #expect(message.contains("Read the chain from its source end first, or make it shorter"))
    }

    @Test("GRAPH-04 one source feeds many automatic cogs; only the ones read recompute")
    func onlyReadOnesRecompute() {
        let _sourceCog = Cog<Int>.Manual { 1 }
        let runs = (0..<10).map { _ in RunCounter() }
        let fanCogs = (0..<10).map { index in
            Cog<Int> { c in
                runs[index].bump()
                return c[_sourceCog] + index
            }
        }
        let cogs = Cogs.forTesting()
        for index in [2, 5] { #expect(cogs[fanCogs[index]] == 1 + index) }
        cogs.turn { c in c[_sourceCog] = 100 }
        for index in [2, 5] { #expect(cogs[fanCogs[index]] == 100 + index) }
        #expect(runs.map(\.count) == [0, 0, 2, 0, 0, 2, 0, 0, 0, 0])
    }

    @Test("GRAPH-13 shortcut diamond: each arm and the join recompute once and the join never sees a stale arm")
    func shortcutDiamond() {
        let _aCog = Cog<Int>.Manual { 1 }
        let leftRuns = RunCounter()
        let innerRuns = RunCounter()
        let rightRuns = RunCounter()
        let joinRuns = RunCounter()
        let leftCog = Cog<Int> { c in
            leftRuns.bump()
            return c[_aCog] + 1
        }
        let innerCog = Cog<Int> { c in
            innerRuns.bump()
            return c[_aCog] * 2
        }
        let rightCog = Cog<Int> { c in
            rightRuns.bump()
            return c[innerCog] + 1
        }
        var mixed = 0
        let joinCog = Cog<Int> { c in
            joinRuns.bump()
            let a = c[_aCog]
            let left = c[leftCog]
            let right = c[rightCog]
            if left != a + 1 || right != 2 * a + 1 { mixed += 1 }
            return a + left + right
        }
        let cogs = Cogs.forTesting()
        #expect(cogs[joinCog] == 1 + 2 + 3)
        cogs.turn { c in c[_aCog] = 5 }
        #expect(cogs[joinCog] == 5 + 6 + 11)
        #expect([leftRuns.count, innerRuns.count, rightRuns.count, joinRuns.count] == [2, 2, 2, 2])
        #expect(mixed == 0)
    }

    @Test("GRAPH-05 a middle cog landing on an equal value stops the cogs below it")
    func equalMiddleStops() {
        let _aCog = Cog<Int>.Manual { 1 }
        let isPositiveCog = Cog<Bool> { c in c[_aCog] > 0 }
        let belowRuns = RunCounter()
        let labelCog = Cog<String> { c in
            belowRuns.bump()
            return c[isPositiveCog] ? "positive" : "not positive"
        }
        let cogs = Cogs.forTesting()
        #expect(cogs[labelCog] == "positive")
        cogs.turn { c in c[_aCog] = 2 }
        #expect(cogs[labelCog] == "positive")
        #expect(belowRuns.count == 1)
    }

    @Test("GRAPH-06 a middle cog that always changes drives each link of the chain once per turn")
    func chainFollows() {
        let _aCog = Cog<Int>.Manual { 0 }
        let runs = (0..<4).map { _ in RunCounter() }
        let firstCog = Cog<Int> { c in
            runs[0].bump()
            return c[_aCog] + 1
        }
        let secondCog = Cog<Int> { c in
            runs[1].bump()
            return c[firstCog] + 1
        }
        let thirdCog = Cog<Int> { c in
            runs[2].bump()
            return c[secondCog] + 1
        }
        let fourthCog = Cog<Int> { c in
            runs[3].bump()
            return c[thirdCog] + 1
        }
        let cogs = Cogs.forTesting()
        #expect(cogs[fourthCog] == 4)
        for turn in 1...3 {
            cogs.turn { c in c[_aCog] = turn }
            #expect(cogs[fourthCog] == turn + 4)
        }
        #expect(runs.map(\.count) == [4, 4, 4, 4])
    }

    @Test("GRAPH-08 a cold cog that missed ten turns computes once, from the newest values")
    func coldMissesTurns() {
        let _aCog = Cog<Int>.Manual { 0 }
        let runs = RunCounter()
        let coldCog = Cog<Int> { c in
            runs.bump()
            return c[_aCog] * 3
        }
        let cogs = Cogs.forTesting()
        #expect(cogs.peek(coldCog) == 0)
        cogs.turn { c in c[_aCog] = 1 }
        #expect(runs.count == 1)
        for value in 2...10 { cogs.turn { c in c[_aCog] = value } }
        #expect(runs.count == 1)
        #expect(cogs.peek(coldCog) == 30)
        #expect(runs.count == 2)
    }
}

private let _totalsSourceCog = Cog<Int>.Manual(name: "totalsSource") { 1 }

/// runningTotalCogs[k] reads the source and runningTotalCogs[k - 1]: one
/// write makes every link DIRTY at once, so a re-settle nests link by link.
private let runningTotalCogs: CogBox<Int, Int> = CogBox(name: "runningTotal") { c, link in
    let own = c[_totalsSourceCog]
    return link == 0 ? own : own + c[runningTotalCogs[link - 1]]
}

extension GraphShapeScenarioTests {
    @Test("GRAPH-14 the 128 limit is for first reads: re-settling a computed chain may nest deeper")
    func warmNestingIsNotLimitedTo128() {
        let cogs = Cogs.forTesting()
        for link in 0..<300 { _ = cogs.peek(runningTotalCogs[link]) }
        #expect(cogs.peek(runningTotalCogs[299]) == 300)
        cogs.turn { c in c[_totalsSourceCog] = 2 }
        #expect(cogs.peek(runningTotalCogs[299]) == 600)
    }
}
