import CogPort
import CogTesting
import Testing
import Workload

@MainActor
@Suite("cog port: lifetime")
struct CogPortLifetimeTests {
    @Test("the state the funnel's product screens created is released once they are gone and the grace period passes")
    func funnelStateReturnsToBaseline() async {
        let catalog = Catalog(scale: .small)
        let clock = TestClock()
        let phases = SessionSchedule(catalog: catalog, script: .funnel(catalog: catalog, opens: 60)).phases
        let session = SessionRunner<CogPort>(catalog: catalog) { CogPort(service: $0, graceClock: clock) }
        await session.play(phases.dropLast().flatMap(\.steps))
        // Let what browsing left unobserved go first, so the baseline is settled.
        clock.advance(by: .seconds(30))
        let baseline = session.port.liveStateCount
        #expect(session.port.statesInGrace == 0)

        await session.play(phases.last!.steps)
        let afterFunnel = session.port.liveStateCount
        // The funnel's product screens left states of their own (8 at small
        // scale since the detail reads the cart's sources rather than a
        // quantity state per opened product; 14 with those, and 30 more
        // while each had a price state too); they are held through the
        // grace period.
        #expect(afterFunnel - baseline == 8)
        #expect(session.port.statesInGrace == afterFunnel - baseline)

        clock.advance(by: .seconds(29))
        #expect(session.port.liveStateCount == afterFunnel, "nothing is released before the grace period ends")
        clock.advance(by: .seconds(1))
        #expect(session.port.liveStateCount == baseline)
        #expect(session.port.statesInGrace == 0)
        #expect(clock.activeSleeperCount == 0)
    }
}
