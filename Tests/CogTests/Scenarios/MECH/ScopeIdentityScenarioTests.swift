import Cog
import CogTesting
import Testing

private let _sessionCog = Cog<String?>.Manual { nil }
private let _outerGateCog = Cog<Bool>.Manual { false }
private let _levelCog = Cog<Int>.Manual { 0 }

@MainActor
struct ScopeIdentityScenarioTests {
    @Test("MECH-18 returning to an identity used before opens a fresh instance; only the newest reacts")
    func returningIdentityIsFresh() {
        let log = EventLog()
        let (cogs, m) = Cogs.forTestingWithController()
        var instances = 0
        m.scope(_sessionCog) { child, id in
            instances += 1
            let instance = instances
            child.run { c in log.append("\(id)#\(instance) \(c[_levelCog])") }
        }
        cogs.turn(_sessionCog, to: "A")
        cogs.turn(_sessionCog, to: nil)
        cogs.turn(_sessionCog, to: "A")
        cogs.turn(_sessionCog, to: "B")
        cogs.turn(_sessionCog, to: "A")
        log.events.removeAll()
        cogs.turn(_levelCog, to: 1)
        #expect(instances == 4)
        #expect(log.events == ["A#4 1"])
    }

    @Test(
        "MECH-23 identity and Bool scopes nest; retiring the outermost retires every descendant, and repeated teardown is safe"
    )
    func nestedMixedScopes() {
        let log = EventLog()
        let (cogs, m) = Cogs.forTestingWithController()
        m.scope(_sessionCog) { session, id in
            session.scope(_outerGateCog) { gated in
                gated.run { c in log.append("\(id) \(c[_levelCog])") }
            }
        }
        cogs.turn(_sessionCog, to: "A")
        cogs.turn(_outerGateCog, to: true)
        cogs.turn(_sessionCog, to: nil)
        cogs.turn(_sessionCog, to: nil)
        cogs.turn(_levelCog, to: 5)
        #expect(log.events == ["A 0"])
    }

    @Test("MECH-27 ifLive performs the read while live and returns nil once retired")
    func ifLiveIsRecoverable() {
        let (cogs, m) = Cogs.forTestingWithController()
        var captured: CogController?
        m.scope(_outerGateCog) { child in captured = child }
        cogs.turn(_outerGateCog, to: true)
        let child = captured!
        #expect(child.ifLive { child.peek(_levelCog) } == 0)
        cogs.turn(_outerGateCog, to: false)
        #expect(child.ifLive { child.peek(_levelCog) } == nil)
    }
}
