import CMeasure
import Measure
import Testing

@Suite("Clock estimate")
struct ClockEstimateTests {
    /// The estimate divides adds by time, so the chain must run exactly the
    /// adds it claims: 16 per round, each on the running value.
    @Test("the add chain runs 16 dependent adds per round", .enabled(if: cmeasure_dependent_adds_per_round() > 0))
    func chainCountsItsAdds() {
        #expect(cmeasure_dependent_adds_per_round() == 16)
        #expect(cmeasure_dependent_adds(1_000) == 1_000 + 16 * 1_000)
        #expect(cmeasure_dependent_adds(0) == 0)
    }
}
