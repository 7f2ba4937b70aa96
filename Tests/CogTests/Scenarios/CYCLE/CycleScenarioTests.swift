import Foundation
import Cog
import CogTesting
import Testing

private let pingCog: Cog<Int> = Cog(name: "ping") { c in c[pongCog] + 1 }
private let pongCog: Cog<Int> = Cog(name: "pong") { c in c[pingCog] + 1 }
private let selfCog: Cog<Int> = Cog(name: "self") { c in c[selfCog] }

private let _loopOnCog = Cog<Bool>.Manual(name: "loopOn") { false }
private let gateCog: Cog<Int> = Cog(name: "gate") { c in c[_loopOnCog] ? c[followerCog] : 0 }
private let followerCog: Cog<Int> = Cog(name: "follower") { c in c[gateCog] + 1 }

/// ringCogs[k] reads ringCogs[k % 3 + 1]: 1 → 2 → 3 → 1.
private let ringCogs: CogBox<Int, Int> = CogBox(name: "ring") { c, key in c[ringCogs[key % 3 + 1]] }

private let _tallyCog = Cog<Int>.Manual(name: "tally") { 0 }

extension CogOps {
    fileprivate func recordTally() {
        turn { c in
            // Straight to the file descriptor: a trap right after would lose
            // a line still sitting in stdout's buffer, and the tests below
            // would read its absence as "the body never ran".
            FileHandle.standardError.write(Data("TURN BODY RAN\n".utf8))
            c[_tallyCog] += 1
        }
    }
}

private let writingCogs: CogBox<Int, String> = CogBox(name: "writing") { c, key in
    Cogs.forTestingRuntimeOfCurrentTest.recordTally()
    return key.count
}

private let equalityWritingCog: Cog<Int> = Cog(
    name: "equalityWriting",
    equals: { lhs, rhs in
        Cogs.forTestingRuntimeOfCurrentTest.recordTally()
        return lhs == rhs
    }
) { c in c[_tallyCog] + 1 }

extension Cogs {
    /// The one runtime of the current exit-test child process.
    @MainActor fileprivate static let forTestingRuntimeOfCurrentTest = Cogs.forTesting()
}

@MainActor
struct CycleScenarioTests {
    @Test("CYCLE-02 two cogs reading each other trap with the whole closed path")
    func mutualCycleTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                _ = Cogs.forTesting(clock: TestClock()).peek(pingCog)
            }
        }
        #expect(result?.standardErrorContent.text.contains("dependency cycle: ping → pong → ping") == true)
        let single = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                _ = Cogs.forTesting(clock: TestClock()).peek(selfCog)
            }
        }
        #expect(single?.standardErrorContent.text.contains("dependency cycle: self → self") == true)
    }

    @Test("CYCLE-04 a conditional cycle works until its condition flips")
    func conditionalCycleWorksWhileOff() {
        let cogs = Cogs.forTesting()
        #expect(cogs[followerCog] == 1)
        #expect(cogs[gateCog] == 0)
    }

    @Test("CYCLE-04 once the condition flips, the cycle traps with its path")
    func conditionalCycleTrapsWhenOn() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let cogs = Cogs.forTesting(clock: TestClock())
                _ = cogs[followerCog]
                cogs.turn { c in c[_loopOnCog] = true }
            }
        }
        let message = result?.standardErrorContent.text ?? ""
        #expect(message.contains("dependency cycle:"))
        #expect(message.contains("gate → follower → gate") || message.contains("follower → gate → follower"))
    }

    @Test("CYCLE-06 a keyed selector that calls a turning op traps before the turn body runs")
    func turnFromSelectorTraps() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            await MainActor.run {
                _ = Cogs.forTestingRuntimeOfCurrentTest.peek(writingCogs["row7"])
            }
        }
        let message = result?.standardErrorContent.text ?? ""
        #expect(
            message.contains("turn 'recordTally()' was attempted while automatic cog 'writing[row7]' was computing"))
        #expect(message.contains("invoke the op outside automatic computation, from event handling or a reaction"))
        #expect(!message.contains("TURN BODY RAN"))
    }

    @Test("CYCLE-06 a custom equality rule that calls a turning op traps before the turn body runs")
    func turnFromEqualityTraps() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            await MainActor.run {
                let cogs = Cogs.forTestingRuntimeOfCurrentTest
                _ = cogs[equalityWritingCog]
                cogs.turn { c in c[_tallyCog] = 5 }
            }
        }
        let message = result?.standardErrorContent.text ?? ""
        #expect(
            message.contains("turn 'recordTally()' was attempted while automatic cog 'equalityWriting' was computing"))
        #expect(!message.contains("TURN BODY RAN"))
    }

    @Test("CYCLE-07 a cycle through keyed cogs traps with every key on the path")
    func keyedCycleTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                _ = Cogs.forTesting(clock: TestClock()).peek(ringCogs[1])
            }
        }
        #expect(
            result?.standardErrorContent.text.contains("dependency cycle: ring[1] → ring[2] → ring[3] → ring[1]")
                == true)
    }
}
