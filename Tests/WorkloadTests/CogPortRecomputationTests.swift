import CogPort
import Testing
import Workload

@MainActor
@Suite("cog port: recomputations")
struct CogPortRecomputationTests {
    /// The interactions suite's cycle on a warmed small session. Each count
    /// is exact: it is what Cog's equality cut-off and boxed state let
    /// through, so a modelling change that widens a dependency shows here.
    @Test("a settled action recomputes only what reads what it changed")
    func settledActionsRecomputeExactly() async {
        let catalog = Catalog(scale: .small)
        let schedule = SessionSchedule(catalog: catalog)
        let setup = schedule.stepsBeforeBurst
        let session = SessionRunner<CogPort>(catalog: catalog)
        await session.play(setup)
        let cycle = SessionSchedule.interactionCycle(after: setup)
        var counts: [Int] = []
        for action in cycle {
            let before = session.port.recomputations!
            await session.perform(action, expectedIssued: session.service.issuedCount)
            counts.append(session.port.recomputations! - before)
        }
        // A quantity change: the product's quantity and card, the cart, the
        // checkout, the header and the open detail (it shows that product);
        // never the recommendations, which read only which products are in
        // the cart. The filter: the filtered list, the facet counts, the
        // facets screen the view reads and the page; under the featured sort
        // no sorted list (T23, round 6). A page flip: the page and the cards
        // it mounts for the first time.
        #expect(counts == [6, 6, 4, 4, 7, 1])
    }
}
