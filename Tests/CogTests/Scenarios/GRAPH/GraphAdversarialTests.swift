import Cog
import CogTesting
import Testing

@MainActor
struct GraphAdversarialTests {
    /// An item leaves the list, its keyed automatic line is released after
    /// grace, a new key is created (it may take the freed row), and the item
    /// comes back. The total must follow exactly the items the list names.
    @Test(
        "GRAPH-11 a dropped item's line released, its row reused by a new key, and the item re-added: edges follow the list"
    )
    func removedItemReleasedAndReadded() {
        let clock = TestClock()
        let _idsCog = Cog<[Int]>.Manual { [1, 2] }
        let _priceCogs = CogBox<Int, Int>.Manual { id in id * 100 }
        let lineRuns = EventLog()
        let lineCogs = CogBox<Int, Int> { c, id in
            lineRuns.append("\(id)")
            return c[_priceCogs[id]] * 2
        }
        let totalRuns = RunCounter()
        let totalCog = Cog<Int> { c in
            totalRuns.bump()
            return c[_idsCog].reduce(0) { $0 + c[lineCogs[$1]] }
        }
        let cogs = Cogs.forTesting(clock: clock, grace: .seconds(5))
        #expect(cogs[totalCog] == 600)
        cogs.turn(_idsCog, to: [1])
        #expect(cogs[totalCog] == 200)
        clock.advance(by: .seconds(5))
        #expect(cogs.debugSlot(of: lineCogs[2]) == nil, "the dropped line was released")
        #expect(cogs.peek(lineCogs[3]) == 600)
        cogs.turn { c in c[_priceCogs[2]] = 1 }
        cogs.turn { c in c[_priceCogs[3]] = 1 }
        #expect(totalRuns.count == 2, "neither the dropped line nor the new key reruns the total")
        cogs.turn(_idsCog, to: [1, 2])
        #expect(cogs[totalCog] == 202)
        #expect(totalRuns.count == 3)
        cogs.turn { c in c[_priceCogs[2]] = 5 }
        #expect(cogs[totalCog] == 210)
        #expect(totalRuns.count == 4)
        #expect(lineRuns.events == ["1", "2", "3", "2", "2"])
    }

    /// One turn both flips the switch to Y and changes Y: the selector runs
    /// once, reads the new Y, and from then on follows Y alone.
    @Test("GRAPH-09 a turn that flips the switch and writes the new branch reruns the selector once, on the new value")
    func switchAndWriteInOneTurn() {
        let _useYCog = Cog<Bool>.Manual { false }
        let _xCog = Cog<Int>.Manual { 1 }
        let _yCog = Cog<Int>.Manual { 2 }
        let runs = RunCounter()
        let pickCog = Cog<Int> { c in
            runs.bump()
            return c[_useYCog] ? c[_yCog] : c[_xCog]
        }
        let cogs = Cogs.forTesting()
        #expect(cogs[pickCog] == 1)
        cogs.turn { c in
            c[_useYCog] = true
            c[_yCog] = 20
            c[_xCog] = 10
        }
        #expect(cogs[pickCog] == 20)
        #expect(runs.count == 2)
        cogs.turn(_xCog, to: 11)
        #expect(runs.count == 2, "the old branch is let go")
        // Back to X within one turn, with Y written too: one run, on X.
        cogs.turn { c in
            c[_useYCog] = false
            c[_yCog] = 21
        }
        #expect(cogs[pickCog] == 11)
        #expect(runs.count == 3)
        cogs.turn(_yCog, to: 22)
        #expect(runs.count == 3)
    }

    /// Writes to a shortcut diamond's source arrive as turns queued from a
    /// reaction, and a second reaction reads the join with both arms. Every
    /// run it makes must see one turn's values: never new A beside a stale arm.
    @Test(
        "GRAPH-13 a shortcut diamond driven by queued turns shows a reaction only consistent joins, each arm once per turn"
    )
    func diamondUnderQueuedTurns() {
        let _aCog = Cog<Int>.Manual { 1 }
        let armRuns = RunCounter()
        let joinRuns = RunCounter()
        let leftCog = Cog<Int> { c in
            armRuns.bump()
            return c[_aCog] * 10
        }
        let rightInnerCog = Cog<Int> { c in c[_aCog] + 1 }
        let rightCog = Cog<Int> { c in
            armRuns.bump()
            return c[rightInnerCog] * 100
        }
        let joinCog = Cog<String> { c in
            joinRuns.bump()
            return "\(c[_aCog]):\(c[leftCog]):\(c[rightCog])"
        }
        let (cogs, m) = Cogs.forTestingWithController()
        let seen = EventLog()
        m.watch(_aCog) { _, a in
            if a == 2 {
                m.turn { w in w[_aCog] = 3 }
                m.turn { w in w[_aCog] = 4 }
            }
        }
        m.run { c in seen.append(c[joinCog]) }
        cogs.turn(_aCog, to: 2)
        #expect(seen.events == ["1:10:200", "2:20:300", "3:30:400", "4:40:500"])
        #expect(armRuns.count == 2 * 4)
        #expect(joinRuns.count == 4)
    }
}
