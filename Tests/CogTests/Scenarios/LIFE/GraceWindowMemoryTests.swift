import Cog
import CogTesting
import Measure
import Testing

private let _graceCellCogs = CogBox<Int, Int>.Manual { key in key }
private let graceDoubledCogs = CogBox<Int, Int> { c, key in c[_graceCellCogs[key]] * 2 }
private let _graceShownCog = Cog<Bool>.Manual { true }

/// Issue 35: a state waiting out its grace window costs memory for itself
/// only, not for every node of the graph it sits in.
@MainActor
struct GraceWindowMemoryTests {
    /// The live heap bytes that opening `waiting` grace windows adds, in a
    /// runtime whose graph holds `otherStates` app-lifetime sources first, so
    /// the waiting states' nodes come after them.
    private func bytesToStartWaiting(_ waiting: Int, after otherStates: Int) -> Int64 {
        let clock = TestClock()
        let (cogs, m) = Cogs.forTestingWithController(clock: clock)
        for key in 0..<otherStates { _ = cogs.peek(_graceCellCogs[100_000 + key]) }
        m.scope(_graceShownCog) { child in
            child.run { c in
                for key in 0..<waiting { _ = c[graceDoubledCogs[key]] }
            }
        }
        #expect(cogs.debugPendingGraceTimerCount == 0)
        let (_, counts) = AllocationCounter.measure { cogs.turn(_graceShownCog, to: false) }
        #expect(
            cogs.debugPendingGraceTimerCount == waiting, "each state the retired reaction read waits out its window")
        clock.advance(by: .seconds(30))
        #expect(cogs.debugPendingGraceTimerCount == 0)
        return counts.netBytes
    }

    @Test(
        "Issue 35 grace memory: 100 states waiting out their grace window cost the same live heap bytes behind 10,000 or 100,000 other states as behind none"
    )
    func waitingCostsOnlyTheWaitingStates() {
        // The process's first runtime pays one-time set-up; leave it out.
        _ = bytesToStartWaiting(100, after: 0)
        let alone = bytesToStartWaiting(100, after: 0)
        let behind10k = bytesToStartWaiting(100, after: 10_000)
        let behind100k = bytesToStartWaiting(100, after: 100_000)
        print(
            "issue 35 grace memory: 100 waiting states add \(alone) B alone, \(behind10k) B behind 10,000 other states, \(behind100k) B behind 100,000"
        )
        guard AllocationCounter.isActive else { return }
        // Within 1 KiB: the turn's own work stacks grow at points the
        // graph's history sets, and the counter adds malloc's usable sizes,
        // which move with the heap's state (tests running beside this one
        // moved them by 512 B). A window column indexed by node grew with
        // the graph instead: at least 9 B for every node before the last
        // waiting one, 90,000 B behind 10,000 states.
        for bytes in [behind10k, behind100k] { #expect(abs(bytes - alone) <= 1_024) }
        // A table entry and a heap entry per waiting state, each table grown by doubling.
        #expect(alone <= 100 * 64)
    }
}
