/// How one runtime's samples compare with another's on the same cut.
public struct PairedComparison: Sendable, Equatable, Codable {
    public enum Verdict: String, Sendable, Codable {
        /// The whole interval of the ratio lies below 1: `a` costs less.
        case lower
        /// The whole interval lies above 1: `a` costs more.
        case higher
        /// The interval contains 1: the samples cannot tell them apart.
        case undecided
    }

    /// median(a) / median(b).
    public var ratio: Double
    /// Bootstrap 95% interval of the ratio.
    public var interval: ClosedRange<Double>
    public var verdict: Verdict

    public init(_ a: [Double], against b: [Double], resamples: Int = Bootstrap.defaultResamples) {
        precondition(!a.isEmpty && !b.isEmpty, "a comparison needs samples on both sides")
        self.init(
            ratio: SampleSummary.quantile(a.sorted(), 0.5) / SampleSummary.quantile(b.sorted(), 0.5),
            interval: Bootstrap.ratioInterval(a, b, resamples: resamples))
    }

    /// median of process medians of `a` / that of `b`. `sameProcesses`:
    /// process i ran both sides (two ports of one run), so a resample draws
    /// the same processes for both; otherwise (two runs) each side's
    /// processes are drawn alone. With one process each, the same as
    /// comparing the samples.
    public init(
        _ a: ProcessSamples, against b: ProcessSamples, sameProcesses: Bool = true,
        resamples: Int = Bootstrap.defaultResamples
    ) {
        guard a.processes.count > 1 || b.processes.count > 1 else {
            self.init(a.processes[0], against: b.processes[0], resamples: resamples)
            return
        }
        precondition(
            !sameProcesses || a.processes.count == b.processes.count, "both sides must come from the same processes")
        self.init(
            ratio: a.median / b.median,
            interval: sameProcesses
                ? Bootstrap.processRatioInterval(a.processes, b.processes, resamples: resamples)
                : Bootstrap.independentProcessRatioInterval(a.processes, b.processes, resamples: resamples))
    }

    private init(ratio: Double, interval: ClosedRange<Double>) {
        self.ratio = ratio
        self.interval = interval
        if interval.upperBound < 1 {
            verdict = .lower
        } else if interval.lowerBound > 1 {
            verdict = .higher
        } else {
            verdict = .undecided
        }
    }
}
