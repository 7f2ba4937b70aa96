import Cog
import CogTesting
import Testing

private let _gateCog = Cog<Bool>.Manual { false }
private let _zipCog = Cog<Int>.Manual { 1 }

@MainActor
struct AsyncGraceScenarioTests {
    @Test(
        "ASYNC-24 a stale result during grace cannot clear a dependency change; a returning consumer starts from the newest source"
    )
    func staleResultDuringGrace() async {
        let clock = TestClock()
        let work = ControlledWork<String>()
        let inputs = EventLog()
        let weatherCog = Cog<String>.Async(default: "") { c in
            let zip = c[_zipCog]
            return .run {
                inputs.append("\(zip)")
                return try await work.run()
            }
        }
        let (cogs, m) = Cogs.forTestingWithController(clock: clock, grace: .seconds(5))
        m.scope(_gateCog) { child in child.run { c in _ = c[weatherCog] } }
        cogs.turn(_gateCog, to: true)
        await work.started(1)
        cogs.turn(_gateCog, to: false)
        cogs.turn(_zipCog, to: 2)
        await work.succeed(1, with: "for zip 1")
        #expect(cogs.status.peek(weatherCog).value == "")
        cogs.turn(_gateCog, to: true)
        await work.started(2)
        #expect(inputs.events == ["1", "2"])
        await work.succeed(2, with: "for zip 2")
        #expect(cogs.peek(weatherCog) == "for zip 2")
    }
}
