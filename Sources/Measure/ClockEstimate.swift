import CMeasure

/// The core's clock while it runs, estimated without a cycle counter: a
/// chain of dependent one-cycle adds runs one add per cycle, so adds per
/// second is cycles per second. Time × this clock estimates the cycles a
/// region took, and instructions ÷ those cycles its instructions per cycle,
/// on a machine (like this project's) whose PMU is not exposed.
///
/// It is an estimate: it holds for code that ran at the same clock as the
/// chain (same core, same boost state), and it reads the clock of one core
/// under a one-thread load, as the benchmark runs.
public enum ClockEstimate {
    /// The fastest of `samples` runs of `rounds` rounds, in GHz, or nil
    /// where the add chain is not written for this architecture.
    public static func gigahertz(samples: Int = 5, rounds: UInt64 = 20_000_000) -> Double? {
        let addsPerRound = UInt64(cmeasure_dependent_adds_per_round())
        guard addsPerRound > 0 else { return nil }
        var fastest = Double.infinity
        for _ in 0..<samples {
            let start = Stopwatch.now()
            blackHole(cmeasure_dependent_adds(rounds))
            fastest = min(fastest, Double(Stopwatch.now() &- start))
        }
        return Double(rounds * addsPerRound) / fastest
    }
}
