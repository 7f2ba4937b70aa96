import Foundation

/// How a cost grows with a size: the slope `b` of the least-squares line
/// through (log size, log cost), so that cost ≈ a · size^b over the sizes
/// measured, with a 95% interval for `b`.
///
/// A timed cost is fitted through each size's median, and its interval
/// comes from the bootstrap: every resample redraws each size's samples,
/// takes their median, and refits. An exact cost (a malloc count, a peak
/// heap) has no sampling noise, so its interval is the fit's own: the
/// slope's t-interval from the residuals, zero wide when the points lie on
/// a line.
public struct GrowthFit: Sendable, Equatable, Codable {
    /// Growth classes by slope: below 0.2 the cost is flat over the range;
    /// from 0.2 to 0.8 it is sublinear; from 0.8 to 1.2 linear; above,
    /// superlinear (a quadratic cost fits a slope near 2).
    public enum GrowthClass: String, Sendable, Codable, CaseIterable, Comparable {
        case flat, sublinear, linear, superlinear

        public init(slope: Double) {
            switch slope {
            case ..<0.2: self = .flat
            case ..<0.8: self = .sublinear
            case ...1.2: self = .linear
            default: self = .superlinear
            }
        }

        public static func < (lhs: Self, rhs: Self) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    public var slope: Double
    public var low: Double
    public var high: Double
    /// log(a): the fitted log cost at size 1.
    public var intercept: Double
    /// The sizes the fit went through.
    public var points: Int

    /// The class of the fitted slope.
    public var growthClass: GrowthClass { GrowthClass(slope: slope) }

    /// The classes the whole interval lies in, lowest first: one class when
    /// the measurements support it alone.
    public var supportedClasses: [GrowthClass] {
        let lowest = GrowthClass(slope: low), highest = GrowthClass(slope: high)
        return GrowthClass.allCases.filter { $0 >= lowest && $0 <= highest }
    }

    /// "linear", or "sublinear to linear" when the interval spans classes.
    public var classLabel: String {
        let classes = supportedClasses
        return classes.count == 1 ? classes[0].rawValue : "\(classes.first!.rawValue) to \(classes.last!.rawValue)"
    }

    /// The fitted cost at `size`.
    public func cost(at size: Double) -> Double { exp(intercept + slope * log(size)) }

    /// The size at which this fit's line meets `other`'s, if their slopes
    /// differ.
    public func crossing(with other: GrowthFit) -> Double? {
        let slopes = slope - other.slope
        guard abs(slopes) > 1e-9 else { return nil }
        return exp((other.intercept - intercept) / slopes)
    }

    /// The fit of timed costs: `samples[i]` holds every sample taken at
    /// `sizes[i]`. Needs at least three sizes, each with a positive median.
    public init?(sizes: [Double], samples: [[Double]], resamples: Int = Bootstrap.defaultResamples) {
        guard sizes.count == samples.count, sizes.count >= 3, samples.allSatisfy({ !$0.isEmpty }) else {
            return nil
        }
        let medians = samples.map(Self.median)
        guard let line = Self.line(sizes, medians) else { return nil }
        var generator = SplitMix64(seed: Bootstrap.seed)
        var scratch = samples.map { [Double](repeating: 0, count: $0.count) }
        var resampledMedians = medians
        var slopes: [Double] = []
        slopes.reserveCapacity(resamples)
        for _ in 0..<resamples {
            for point in samples.indices {
                let taken = samples[point]
                for slot in taken.indices { scratch[point][slot] = taken[Int(generator.next() % UInt64(taken.count))] }
                resampledMedians[point] = Self.median(scratch[point])
            }
            if let resampled = Self.line(sizes, resampledMedians) { slopes.append(resampled.slope) }
        }
        slopes.sort()
        guard !slopes.isEmpty else { return nil }
        self.init(
            slope: line.slope, low: SampleSummary.quantile(slopes, 0.025), high: SampleSummary.quantile(slopes, 0.975),
            intercept: line.intercept, points: sizes.count)
    }

    /// The fit of exact costs, one value per size. Needs at least three
    /// sizes; a cost that is zero everywhere is flat, one that is zero at
    /// some sizes only has no log-log fit.
    public init?(sizes: [Double], exact values: [Double]) {
        guard sizes.count == values.count, sizes.count >= 3 else { return nil }
        if values.allSatisfy({ $0 == 0 }) {
            self.init(slope: 0, low: 0, high: 0, intercept: -.infinity, points: sizes.count)
            return
        }
        guard let line = Self.line(sizes, values) else { return nil }
        let xs = sizes.map(log), ys = values.map(log)
        let meanX = xs.reduce(0, +) / Double(xs.count)
        let spread = xs.reduce(0) { $0 + ($1 - meanX) * ($1 - meanX) }
        let residuals = zip(xs, ys).reduce(0) { sum, point in
            let error = point.1 - (line.intercept + line.slope * point.0)
            return sum + error * error
        }
        let standardError = (residuals / Double(xs.count - 2) / spread).squareRoot()
        let half = Self.tQuantile975(degreesOfFreedom: xs.count - 2) * standardError
        self.init(
            slope: line.slope, low: line.slope - half, high: line.slope + half, intercept: line.intercept,
            points: sizes.count)
    }

    public init(slope: Double, low: Double, high: Double, intercept: Double, points: Int) {
        self.slope = slope
        self.low = low
        self.high = high
        self.intercept = intercept
        self.points = points
    }

    /// The least-squares line through (log x, log y); nil when a value is
    /// not positive or the sizes do not differ.
    private static func line(_ sizes: [Double], _ costs: [Double]) -> (slope: Double, intercept: Double)? {
        guard sizes.allSatisfy({ $0 > 0 }), costs.allSatisfy({ $0 > 0 }) else { return nil }
        let xs = sizes.map(log), ys = costs.map(log)
        let meanX = xs.reduce(0, +) / Double(xs.count), meanY = ys.reduce(0, +) / Double(ys.count)
        var covariance = 0.0, spread = 0.0
        for (x, y) in zip(xs, ys) {
            covariance += (x - meanX) * (y - meanY)
            spread += (x - meanX) * (x - meanX)
        }
        guard spread > 0 else { return nil }
        let slope = covariance / spread
        return (slope, meanY - slope * meanX)
    }

    private static func median(_ values: [Double]) -> Double {
        SampleSummary.quantile(values.sorted(), 0.5)
    }

    /// Student's t at 97.5% for small samples; the normal's 1.96 beyond 30.
    static func tQuantile975(degreesOfFreedom: Int) -> Double {
        let table: [Double] = [
            12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
            2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048,
            2.045, 2.042,
        ]
        return degreesOfFreedom <= table.count ? table[max(degreesOfFreedom, 1) - 1] : 1.96
    }
}
