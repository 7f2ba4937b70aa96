import Cog
import CogTesting
import Testing

@MainActor
struct DynamicDependencyScenarioTests {
    @Test("GRAPH-09 a selector follows only the branch it read: X, then after the switch, Y")
    func switchFollowsBranch() {
        let _useXCog = Cog<Bool>.Manual { true }
        let _xCog = Cog<Int>.Manual { 1 }
        let _yCog = Cog<Int>.Manual { 2 }
        let runs = RunCounter()
        let pickCog = Cog<Int> { c in
            runs.bump()
            return c[_useXCog] ? c[_xCog] : c[_yCog]
        }
        let cogs = Cogs.forTesting()
        #expect(cogs[pickCog] == 1)
        cogs.turn { c in c[_yCog] = 20 }
        #expect(cogs[pickCog] == 1)
        #expect(runs.count == 1)
        cogs.turn { c in c[_useXCog] = false }
        #expect(cogs[pickCog] == 20)
        #expect(runs.count == 2)
        cogs.turn { c in c[_yCog] = 21 }
        #expect(cogs[pickCog] == 21)
        #expect(runs.count == 3)
        cogs.turn { c in c[_xCog] = 10 }
        #expect(cogs[pickCog] == 21)
        #expect(runs.count == 3)

        // Flipping back and forth re-captures the branch each time and
        // recycles the dropped edge instead of growing the pool.
        let highWater = cogs.debugEdgePoolHighWaterMark
        for flip in 0..<10 {
            cogs.turn { c in c[_useXCog] = flip % 2 == 0 }
            #expect(cogs[pickCog] == (flip % 2 == 0 ? 10 : 21))
        }
        #expect(cogs.debugEdgePoolHighWaterMark == highWater)
    }

    @Test("GRAPH-10 a dependency first read by a later run reruns the selector from then on")
    func earlyReturnThenRead() {
        let _readyCog = Cog<Bool>.Manual { false }
        let _zCog = Cog<Int>.Manual { 5 }
        let runs = RunCounter()
        let gatedCog = Cog<Int> { c in
            runs.bump()
            guard c[_readyCog] else { return -1 }
            return c[_zCog]
        }
        let cogs = Cogs.forTesting()
        #expect(cogs[gatedCog] == -1)
        cogs.turn { c in c[_zCog] = 6 }
        #expect(cogs[gatedCog] == -1)
        #expect(runs.count == 1)
        cogs.turn { c in c[_readyCog] = true }
        #expect(cogs[gatedCog] == 6)
        cogs.turn { c in c[_zCog] = 7 }
        #expect(cogs[gatedCog] == 7)
        #expect(runs.count == 3)
    }

    @Test("GRAPH-11 an item removed from the list drops its keyed dependency")
    func removedItemDropped() {
        let _idsCog = Cog<[Int]>.Manual { [1, 2, 3] }
        let _priceCogs = CogBox<Int, Int>.Manual { id in id * 100 }
        let runs = RunCounter()
        let totalCog = Cog<Int> { c in
            runs.bump()
            var total = 0
            for id in c[_idsCog] { total += c[_priceCogs[id]] }
            return total
        }
        let cogs = Cogs.forTesting()
        #expect(cogs[totalCog] == 600)
        cogs.turn { c in c[_idsCog] = [1, 3] }
        #expect(cogs[totalCog] == 400)
        #expect(runs.count == 2)
        cogs.turn { c in c[_priceCogs[2]] = 1 }
        #expect(cogs[totalCog] == 400)
        #expect(runs.count == 2)
        cogs.turn { c in c[_priceCogs[3]] = 1 }
        #expect(cogs[totalCog] == 101)
        #expect(runs.count == 3)
    }

    @Test("GRAPH-12 a selector follows the zip it is told to read and lets go of the old one")
    func followsIndirection() {
        let _currentZipCog = Cog<String>.Manual { "10001" }
        let _weatherCogs = CogBox<String, String>.Manual { zip in "weather \(zip)" }
        let runs = RunCounter()
        let hereCog = Cog<String> { c in
            runs.bump()
            let zip = c[_currentZipCog]
            return c[_weatherCogs[zip]]
        }
        let cogs = Cogs.forTesting()
        #expect(cogs[hereCog] == "weather 10001")
        cogs.turn { c in c[_currentZipCog] = "94103" }
        #expect(cogs[hereCog] == "weather 94103")
        cogs.turn { c in c[_weatherCogs["10001"]] = "snow" }
        #expect(cogs[hereCog] == "weather 94103")
        #expect(runs.count == 2)
        cogs.turn { c in c[_weatherCogs["94103"]] = "fog" }
        #expect(cogs[hereCog] == "fog")
        #expect(runs.count == 3)
    }
}
