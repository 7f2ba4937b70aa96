/// The distribution of one metric's samples: order statistics, spread and a
/// confidence interval of the median. Means and coefficients of variation
/// are left out on purpose: on a shared 2-core machine a few multi-millisecond
/// outliers would dominate them.
public struct SampleSummary: Sendable, Equatable, Codable {
    public var count: Int
    public var min: Double
    public var p10: Double
    public var median: Double
    public var p90: Double
    public var p99: Double
    public var max: Double
    /// Median absolute deviation from the median (unscaled).
    public var medianAbsoluteDeviation: Double
    /// Bootstrap 95% confidence interval of the median.
    public var medianInterval: ClosedRange<Double>
    /// Samples outside Tukey's inner fences (more than 1.5 interquartile
    /// ranges beyond the quartiles), and outside the outer ones (3 ranges):
    /// criterion's mild and severe outliers. Severe ones include the mild.
    public var outliers: Int
    public var severeOutliers: Int

    /// Summarizes `samples`, which must not be empty.
    public init(_ samples: [Double], resamples: Int = Bootstrap.defaultResamples) {
        precondition(!samples.isEmpty, "SampleSummary needs at least one sample")
        let sorted = samples.sorted()
        count = sorted.count
        min = sorted[0]
        p10 = Self.quantile(sorted, 0.10)
        median = Self.quantile(sorted, 0.50)
        p90 = Self.quantile(sorted, 0.90)
        p99 = Self.quantile(sorted, 0.99)
        max = sorted[sorted.count - 1]
        let center = median
        medianAbsoluteDeviation = Self.quantile(sorted.map { abs($0 - center) }.sorted(), 0.5)
        medianInterval = Bootstrap.medianInterval(of: sorted, resamples: resamples)
        let lower = Self.quantile(sorted, 0.25), upper = Self.quantile(sorted, 0.75)
        let range = upper - lower
        func beyond(_ k: Double) -> Int { sorted.count(where: { $0 < lower - k * range || $0 > upper + k * range }) }
        outliers = beyond(1.5)
        severeOutliers = beyond(3)
    }

    /// The share of samples beyond the outer fences above which a report
    /// warns that a cell's samples are unstable.
    public static let severeOutlierWarningShare = 0.05

    /// The q-quantile of sorted values, interpolating linearly between the
    /// two nearest ranks (the "type 7" rule most statistics tools default to).
    public static func quantile(_ sorted: [Double], _ q: Double) -> Double {
        precondition(!sorted.isEmpty, "quantile of no values")
        let position = q * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down))
        let upper = Swift.min(lower + 1, sorted.count - 1)
        let fraction = position - Double(lower)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * fraction
    }
}
