import Cog
import CogTesting
import Testing

private let _advLoopOnCog = Cog<Bool>.Manual(name: "advLoopOn") { false }
private let _advTriggerCog = Cog<Bool>.Manual(name: "advTrigger") { false }
private let advGateCog: Cog<Int> = Cog(name: "advGate") { c in c[_advLoopOnCog] ? c[advFollowerCog] : 0 }
private let advFollowerCog: Cog<Int> = Cog(name: "advFollower") { c in c[advGateCog] + 1 }

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
}
