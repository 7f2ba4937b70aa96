import Cog
import CogTesting
import Testing

/// A MainActor-bound reference type that is not Sendable.
@MainActor
final class Thermostat {
    var target = 20
}

@MainActor
struct MainActorScenarioTests {
    // The MainActor is an executor, not necessarily the main thread: under
    // swift test on Linux it is drained off the main thread, so the proof is
    // the runtime isolation precondition, which traps in every build.
    @Test("ACTOR-01 selectors, turn bodies and reactions run on the MainActor")
    func graphWorkRunsOnMain() {
        let lanes = EventLog()
        let _aCog = Cog<Int>.Manual { 1 }
        let doubleCog = Cog<Int> { c in
            MainActor.preconditionIsolated("selectors run on the MainActor")
            lanes.append("selector on MainActor")
            return c[_aCog] * 2
        }
        let (cogs, m) = Cogs.forTestingWithController()
        m.run { c in
            MainActor.preconditionIsolated("reactions run on the MainActor")
            lanes.append("reaction on MainActor, a = \(c[_aCog])")
        }
        cogs.turn { c in
            MainActor.preconditionIsolated("turn bodies run on the MainActor")
            lanes.append("turn on MainActor")
            c[_aCog] = 2
        }
        #expect(cogs[doubleCog] == 4)
        #expect(
            lanes.events == [
                "reaction on MainActor, a = 1", "turn on MainActor", "reaction on MainActor, a = 2",
                "selector on MainActor",
            ])
    }

    @Test("ACTOR-03 a non-Sendable MainActor value lives in a manual cog and an automatic cog reads it unwrapped")
    func nonSendableValue() {
        let _thermostatCog = Cog<Thermostat>.Manual { Thermostat() }
        let targetCog = Cog<Int> { c in c[_thermostatCog].target }
        let cogs = Cogs.forTesting()
        #expect(cogs[targetCog] == 20)
        let replacement = Thermostat()
        replacement.target = 23
        cogs.turn { c in c[_thermostatCog] = replacement }
        #expect(cogs[targetCog] == 23)
        #expect(cogs.peek(_thermostatCog) === replacement)
    }
}
