import Cog
import CogTesting
import Testing

/// The push steps from a node to its first subscriber, and the settle walk
/// from a node to its first dependency, through columns that shadow the
/// heads of the edge lists (`firstSub`, `firstDep`). These pin the cases
/// where a head changes under a node that keeps others: a stale shadow
/// would send the walk to a node that is no longer on the list, and miss
/// the one that is.
@MainActor
struct WalkShortcutInfrastructureTests {
    @Test("a selector whose first dependency changes settles through its new first dependency")
    func firstDependencyChanges() {
        let _choiceCog = Cog<Bool>.Manual { true }
        let _sCog = Cog<Int>.Manual { 1 }
        let _tCog = Cog<Int>.Manual { 2 }
        let _aCog = Cog<Int> { c in c[_sCog] * 10 }
        let _bCog = Cog<Int> { c in c[_tCog] + 100 }
        let runs = RunCounter()
        // The choice is peeked: the selector's one dependency is a or b,
        // and it becomes the first edge of the list either way.
        let _pickedCog = Cog<Int> { c in
            runs.bump()
            return c.peek(_choiceCog) ? c[_aCog] : c[_bCog]
        }
        // Read through a node above it, so the walk steps down into the
        // selector (a walk's root finds its first dependency by its edge).
        let _topCog = Cog<Int> { c in c[_pickedCog] }
        let cogs = Cogs.forTesting()
        #expect(cogs[_topCog] == 10)

        // a changes while the choice flips: the selector reruns through a,
        // then reads b first, at the head of its list in place of a.
        cogs.turn { c in
            c[_choiceCog] = false
            c[_sCog] = 2
        }
        #expect(cogs[_topCog] == 102)
        #expect(runs.count == 2)

        // b changes and a does not: the selector is only CHECK, so the walk
        // must find b stale at the head of the list.
        cogs.turn { c in c[_tCog] = 3 }
        #expect(cogs[_topCog] == 103)
        #expect(runs.count == 3)
        // a is no dependency any more.
        cogs.turn { c in c[_sCog] = 4 }
        #expect(cogs[_topCog] == 103)
        #expect(runs.count == 3)
    }

    @Test("when a node's first subscriber leaves, the push still reaches the ones after it")
    func firstSubscriberLeaves() {
        let _gateCog = Cog<Bool>.Manual { true }
        let _sCog = Cog<Int>.Manual { 1 }
        // s → m → n: n is two steps below the write, where the push walks.
        let _mCog = Cog<Int> { c in c[_sCog] + 1 }
        let _nCog = Cog<Int> { c in c[_mCog] * 2 }
        let (cogs, m) = Cogs.forTestingWithController()
        var firstRuns = 0
        var seen: [Int] = []
        // The first reaction subscribes to n first, then stops reading it.
        m.run { c in
            firstRuns += 1
            if c[_gateCog] { _ = c[_nCog] }
        }
        m.run { c in seen.append(c[_nCog]) }
        #expect(seen == [4])

        cogs.turn { c in c[_gateCog] = false }
        #expect(firstRuns == 2)

        cogs.turn { c in c[_sCog] = 5 }
        #expect(seen == [4, 12])
        #expect(firstRuns == 2)
    }
}
