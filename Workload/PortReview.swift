/// The last independent review of a port: a fresh expert in its runtime,
/// briefed to lower its instructions with identical screens, who had not
/// seen the port's earlier findings (`Runtimes/README.md`). What that round
/// still found is the ratios' remaining uncertainty: a later expert could
/// move the port's numbers by about that much, so the reports publish it
/// beside them.
public struct PortReview: Sendable, Equatable {
    /// The round's number in the port's tuning ledger.
    public let round: Int
    /// When the round ran, as `YYYY-MM-DD`.
    public let date: String
    /// Per suite, the round's largest single finding (applied or not) as a
    /// percentage of that suite's instructions: 2.4 means −2.4%.
    public let largestFinding: [String: Double]

    public init(round: Int, date: String, largestFinding: [String: Double]) {
        self.round = round
        self.date = date
        self.largestFinding = largestFinding
    }
}
