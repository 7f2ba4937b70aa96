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
        ratio = SampleSummary.quantile(a.sorted(), 0.5) / SampleSummary.quantile(b.sorted(), 0.5)
        interval = Bootstrap.ratioInterval(a, b, resamples: resamples)
        if interval.upperBound < 1 {
            verdict = .lower
        } else if interval.lowerBound > 1 {
            verdict = .higher
        } else {
            verdict = .undecided
        }
    }
}
