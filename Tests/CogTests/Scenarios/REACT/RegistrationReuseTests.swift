import Cog
import CogTesting
import Measure
import Testing

private let _reuseTempCog = Cog<Int>.Manual { 50 }
private let _reuseOpenCog = Cog<Bool>.Manual { false }

/// Issue 35: a retired reaction's or export's node, family and slot are
/// reused by a later registration, so scopes opened and closed for a whole
/// app's life leave the graph's size bounded.
@MainActor
struct RegistrationReuseTests {
    @Test(
        "Issue 35 bounded memory: 10,000 cycles of a scope that registers a reaction leave the node count and live heap bytes where 100 cycles left them"
    )
    func reactionChurnIsBounded() {
        let (cogs, m) = Cogs.forTestingWithController()
        var runs = 0
        m.scope(_reuseOpenCog) { child in
            child.run { c in
                _ = c[_reuseTempCog]
                runs += 1
            }
        }
        func cycle() {
            cogs.turn(_reuseOpenCog, to: true)
            cogs.turn(_reuseOpenCog, to: false)
        }
        for _ in 0..<100 { cycle() }
        let nodesAfter100 = cogs.debugNodeCount
        let (_, counts) = AllocationCounter.measure { for _ in 100..<10_000 { cycle() } }
        print(
            "issue 35 reaction churn: \(nodesAfter100) nodes after 100 cycles, \(cogs.debugNodeCount) after 10,000; live heap bytes changed by \(counts.netBytes) over cycles 101 to 10,000"
        )
        #expect(cogs.debugNodeCount == nodesAfter100)
        if AllocationCounter.isActive { #expect(counts.netBytes == 0) }
        #expect(runs == 10_000)
    }

    @Test(
        "Issue 35 bounded memory: 10,000 export subscriptions, each cancelled, leave the node count and live heap bytes where 100 left them"
    )
    func exportChurnIsBounded() {
        let cogs = Cogs.forTesting()
        func cycle() {
            let values = cogs.values(of: _reuseTempCog)
            values.cancel()
        }
        for _ in 0..<100 { cycle() }
        let nodesAfter100 = cogs.debugNodeCount
        let (_, counts) = AllocationCounter.measure { for _ in 100..<10_000 { cycle() } }
        print(
            "issue 35 export churn: \(nodesAfter100) nodes after 100 cycles, \(cogs.debugNodeCount) after 10,000; live heap bytes changed by \(counts.netBytes) over cycles 101 to 10,000"
        )
        #expect(cogs.debugNodeCount == nodesAfter100)
        if AllocationCounter.isActive { #expect(counts.netBytes == 0) }
    }

    @Test("REACT-05 registration order holds when a reused node is older than a live reaction")
    func reusedNodeKeepsRegistrationOrder() {
        let (cogs, m) = Cogs.forTestingWithController()
        let log = EventLog()
        // The scope's reaction gets a node, then its child's reaction one...
        m.scope(_reuseOpenCog) { child in
            child.run { c in log.append("scoped \(c[_reuseTempCog])") }
        }
        cogs.turn(_reuseOpenCog, to: true)
        // ...and this one a newer, higher-numbered node.
        m.run { c in log.append("live \(c[_reuseTempCog])") }
        let nodes = cogs.debugNodeCount
        // Closing and reopening the scope registers its child's reaction
        // again, on the retired, older node.
        cogs.turn(_reuseOpenCog, to: false)
        cogs.turn(_reuseOpenCog, to: true)
        #expect(cogs.debugNodeCount == nodes)
        log.events.removeAll()
        cogs.turn(_reuseTempCog, to: 7)
        // Registered after "live", so it runs after it, whatever its node.
        #expect(log.events == ["live 7", "scoped 7"])
    }
}
