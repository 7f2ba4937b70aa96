import Cog
import CogTesting
import Testing

private let _advLoopOnCog = Cog<Bool>.Manual(name: "advLoopOn") { false }
private let _advTriggerCog = Cog<Bool>.Manual(name: "advTrigger") { false }
private let advGateCog: Cog<Int> = Cog(name: "advGate") { c in c[_advLoopOnCog] ? c[advFollowerCog] : 0 }
private let advFollowerCog: Cog<Int> = Cog(name: "advFollower") { c in c[advGateCog] + 1 }

private let _advRingClosedCog = Cog<Bool>.Manual(name: "advRingClosed") { false }
/// advRing[k] reads advRing[k % 3 + 1] once the ring is closed: 1 → 2 → 3 → 1.
private let advRingCogs: CogBox<Int, Int> = CogBox(name: "advRing") { c, key in
    c[_advRingClosedCog] ? c[advRingCogs[key % 3 + 1]] : key
}

@MainActor
struct CycleAdversarialTests {
    /// The condition is raised and lowered inside one turn: the commit drops
    /// the write as no change, so the cycle never exists and nothing traps.
    @Test("CYCLE-04 a condition raised and lowered inside one turn never closes the cycle")
    func conditionFlippedBackInOneTurn() {
        let cogs = Cogs.forTesting()
        #expect(cogs[advFollowerCog] == 1)
        cogs.turn { c in
            c[_advLoopOnCog] = true
            c[_advLoopOnCog] = false
        }
        #expect(cogs[advFollowerCog] == 1)
        #expect(cogs[advGateCog] == 0)
    }

    /// The flip arrives as a controller turn queued from a reaction, so the
    /// cycle closes while the drain settles the hot follower: Cog must still
    /// catch it with its path, not loop or overflow the stack.
    @Test("CYCLE-04 a condition flipped by a turn queued from a reaction traps with the cycle's path")
    func conditionFlippedByQueuedTurnTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let (cogs, m) = Cogs.forTestingWithController(clock: TestClock())
                _ = cogs[advFollowerCog]
                m.watch(_advTriggerCog) { _, on in
                    if on { m.turn { w in w[_advLoopOnCog] = true } }
                }
                cogs.turn(_advTriggerCog, to: true)
            }
        }
        let message = result?.standardErrorContent.text ?? ""
        #expect(message.contains("dependency cycle:"))
        #expect(
            message.contains("advGate → advFollower → advGate")
                || message.contains("advFollower → advGate → advFollower"))
    }

    /// Keys 4 to 9 are created and released first, so keys 1 to 3 are
    /// created in rows and nodes others used before. The trap must walk the
    /// ring with the keys the states have now, not the ones the slots had.
    @Test("CYCLE-07 a keyed cycle through reused slots traps naming each state's current key")
    func keyedCycleThroughReusedSlots() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let clock = TestClock()
                let cogs = Cogs.forTesting(clock: clock, grace: .seconds(5))
                for key in 4...9 { _ = cogs.peek(advRingCogs[key]) }
                clock.advance(by: .seconds(5))
                for key in 1...3 { _ = cogs.peek(advRingCogs[key]) }
                cogs.turn(_advRingClosedCog, to: true)
                _ = cogs.peek(advRingCogs[1])
            }
        }
        let message = result?.standardErrorContent.text ?? ""
        #expect(message.contains("dependency cycle: advRing[1] → advRing[2] → advRing[3] → advRing[1]"), "\(message)")
    }
}
