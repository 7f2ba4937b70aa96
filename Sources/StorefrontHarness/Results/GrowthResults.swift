import Measure

/// The growth suite's results (`SuiteResult.growth`): how each port's costs
/// change along each axis the suite varies.
struct GrowthResult: Codable {
    /// The most seconds one port may take at one size (`--growth-budget`):
    /// a size predicted to take longer is skipped, and said to be.
    var budgetSecondsPerSize: Double
    /// The timing plan at every size: the run's, capped (`GrowthSuiteRunner`).
    var plan: SamplingPlan
    var series: [GrowthSeries]

    /// Whether callgrind counted instructions at any point.
    var countsInstructions: Bool {
        series.contains { series in
            series.lines.contains { line in
                line.points.contains { point in point.actionKinds.contains { $0.instructionsPerAction != nil } }
            }
        }
    }
}

/// One axis: the sizes it steps through, what stays fixed, one line per port.
struct GrowthSeries: Codable {
    /// "products" or "cart lines".
    var axis: String
    /// What every size of this axis holds fixed, in words.
    var held: String
    var sizes: [Int]
    var lines: [GrowthLine]
    /// Where two ports' measured costs change order between two sizes.
    var crossings: [GrowthCrossing]
}

/// One port along one axis.
struct GrowthLine: Codable {
    var runtime: String
    var points: [GrowthPoint]
    /// Sizes not measured because they would have overrun the budget.
    var skipped: [GrowthSkip]
    /// The gate failure (or wrong session end) that stopped this port's
    /// line, with the size it happened at.
    var failure: String? = nil
    /// One fit per metric, in `GrowthMetric.all` order.
    var fits: [GrowthMetricFit]

    func point(at size: Int) -> GrowthPoint? { points.first { $0.size == size } }
}

extension GrowthPoint {
    /// A metric's value here, by its name: a timed metric's median, a
    /// count's value; nil where this point lacks it.
    func value(of metric: String) -> Double? {
        if metric == GrowthMetric.coldStartTime.name { return coldStart?.median }
        if metric == GrowthMetric.peakHeap.name { return peakLiveBytes.map(Double.init) }
        let kind = String(metric.prefix { $0 != " " })
        guard let cost = actionKinds.first(where: { $0.kind == kind }) else { return nil }
        if metric.hasSuffix(" time") { return cost.wallNanoseconds.median }
        return metric.hasSuffix(" instructions") ? cost.instructionsPerAction : cost.mallocsPerAction
    }
}

/// What one port cost at one size.
struct GrowthPoint: Codable {
    var size: Int
    /// Seconds this port's gate took at this size, and its share of the
    /// measuring: what the budget is checked against.
    var seconds: Double
    /// Each kind of settled action in the interactions cycle.
    var actionKinds: [GrowthActionCost]
    /// Phase one from nothing: absent on an axis that does not change it.
    var coldStart: WallTime? = nil
    /// The peak live heap of that cold start: the runtime, the catalog and
    /// every view's first render.
    var peakLiveBytes: Int64? = nil
}

struct GrowthActionCost: Codable {
    /// An `ActionKind` raw value.
    var kind: String
    var wallNanoseconds: WallTime
    var mallocsPerAction: Double
    /// Callgrind's count for one action of this kind; absent without
    /// `--instructions callgrind` and at a size the callgrind child
    /// skipped for the budget.
    var instructionsPerAction: Double? = nil
}

struct GrowthSkip: Codable {
    var size: Int
    var reason: String
}

/// A fit of one metric along one port's line, or why there is none.
struct GrowthMetricFit: Codable {
    /// A `GrowthMetric` name: "quantity time", "page mallocs", "cold-start time", "peak heap".
    var metric: String
    var fit: GrowthFit? = nil
    /// The class the fit's interval supports ("linear", "flat to sublinear").
    var growthClass: String? = nil
    var unavailable: String? = nil
    /// The same fit through the three largest sizes only, when the line
    /// has more: a fixed cost that dominates the small sizes flattens the
    /// whole-range slope, and the largest sizes show the growth an app at
    /// scale meets.
    var largest: GrowthFit? = nil
    var largestClass: String? = nil
}

/// Two ports whose costs change order between two adjacent sizes.
struct GrowthCrossing: Codable, Equatable {
    var metric: String
    /// The port cheaper at `below`, then the one cheaper at `above`.
    var cheaperBelow: String
    var cheaperAbove: String
    var below: Int
    var above: Int
    /// Where the two fitted lines meet, when that lies between the sizes.
    var fittedCrossing: Double? = nil
    /// Whether the two ports' intervals are apart at both sizes; when not,
    /// the order may have changed by noise alone.
    var clear: Bool
}

/// A cost the growth suite fits: a kind's time or mallocs per action, the
/// cold start's time, or its peak heap.
struct GrowthMetric: Equatable, Sendable {
    var name: String
    /// Whether the metric is sampled (a time, fitted by the bootstrap) or
    /// exact (a count, fitted through its values).
    var timed: Bool
    /// Its values at `point`: the samples of a timed metric, the one value
    /// of an exact one; nil where the point lacks it.
    var samples: @Sendable (GrowthPoint, _ kindSamples: [String: [Double]]) -> [Double]?
    /// The summary a timed metric is reported and compared by.
    var wall: @Sendable (GrowthPoint) -> WallTime?
    /// An exact metric's value.
    var value: @Sendable (GrowthPoint) -> Double?

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.name == rhs.name }

    static func time(of kind: String) -> GrowthMetric {
        GrowthMetric(
            name: "\(kind) time", timed: true, samples: { _, samples in samples[kind] },
            wall: { point in point.actionKinds.first { $0.kind == kind }?.wallNanoseconds }, value: { _ in nil })
    }

    static func mallocs(of kind: String) -> GrowthMetric {
        GrowthMetric(
            name: "\(kind) mallocs", timed: false,
            samples: { point, _ in point.actionKinds.first { $0.kind == kind }.map { [$0.mallocsPerAction] } },
            wall: { _ in nil }, value: { point in point.actionKinds.first { $0.kind == kind }?.mallocsPerAction })
    }

    static func instructions(of kind: String) -> GrowthMetric {
        GrowthMetric(
            name: "\(kind) instructions", timed: false,
            samples: { point, _ in
                point.actionKinds.first { $0.kind == kind }?.instructionsPerAction.map { [$0] }
            },
            wall: { _ in nil }, value: { point in point.actionKinds.first { $0.kind == kind }?.instructionsPerAction })
    }

    static let coldStartTime = GrowthMetric(
        name: "cold-start time", timed: true, samples: { _, samples in samples[coldStartKey] },
        wall: { $0.coldStart }, value: { _ in nil })

    static let peakHeap = GrowthMetric(
        name: "peak heap", timed: false, samples: { point, _ in point.peakLiveBytes.map { [Double($0)] } },
        wall: { _ in nil }, value: { $0.peakLiveBytes.map(Double.init) })

    /// The key of the cold start's samples beside the action kinds'.
    static let coldStartKey = "cold-start"

    /// The metrics of an axis: each kind's time and mallocs, its
    /// instructions when callgrind counted them, then the cold start's time
    /// and heap where the axis changes them.
    static func all(kinds: [String], coldStart: Bool, instructions: Bool = false) -> [GrowthMetric] {
        kinds.map(time) + kinds.map(mallocs) + (instructions ? kinds.map(Self.instructions) : [])
            + (coldStart ? [coldStartTime, peakHeap] : [])
    }

    /// The fit of this metric over `points`, which the caller gives with
    /// every timed sample by point (`samples[i]` for `points[i]`).
    func fit(_ points: [GrowthPoint], samples: [[String: [Double]]]) -> GrowthMetricFit {
        let taken = zip(points, samples).compactMap { point, samples in
            self.samples(point, samples).map { (Double(point.size), $0) }
        }
        guard taken.count >= 3 else {
            return GrowthMetricFit(
                metric: name,
                unavailable: "measured at \(taken.count) size\(taken.count == 1 ? "" : "s"); a slope needs three")
        }
        func line(_ points: ArraySlice<(Double, [Double])>) -> GrowthFit? {
            timed
                ? GrowthFit(sizes: points.map(\.0), samples: points.map(\.1))
                : GrowthFit(sizes: points.map(\.0), exact: points.map { $0.1[0] })
        }
        guard let fit = line(taken[...]) else {
            return GrowthMetricFit(metric: name, unavailable: "zero at some sizes and not at others: no log-log line")
        }
        let largest = taken.count > 3 ? line(taken.suffix(3)) : nil
        return GrowthMetricFit(
            metric: name, fit: fit, growthClass: fit.classLabel, largest: largest, largestClass: largest?.classLabel)
    }
}

extension GrowthSeries {
    /// The crossings between every pair of lines, for every timed metric
    /// and the peak heap: each pair of adjacent sizes where both ports were
    /// measured and their order changed.
    static func crossings(_ lines: [GrowthLine], sizes: [Int], metrics: [GrowthMetric]) -> [GrowthCrossing] {
        var found: [GrowthCrossing] = []
        for metric in metrics where metric.timed || metric == .peakHeap {
            for (first, a) in lines.enumerated() {
                for b in lines[(first + 1)...] {
                    found += crossings(a, b, sizes: sizes, metric: metric)
                }
            }
        }
        return found
    }

    private static func crossings(_ a: GrowthLine, _ b: GrowthLine, sizes: [Int], metric: GrowthMetric)
        -> [GrowthCrossing]
    {
        /// The cost and its interval at `size`, for both ports.
        func costs(_ size: Int) -> (a: ClosedRange<Double>, aMid: Double, b: ClosedRange<Double>, bMid: Double)? {
            guard let pa = a.point(at: size), let pb = b.point(at: size) else { return nil }
            if metric.timed {
                guard let wa = metric.wall(pa), let wb = metric.wall(pb) else { return nil }
                return (wa.ciLow...wa.ciHigh, wa.median, wb.ciLow...wb.ciHigh, wb.median)
            }
            guard let va = metric.value(pa), let vb = metric.value(pb) else { return nil }
            return (va...va, va, vb...vb, vb)
        }
        let fitA = a.fits.first { $0.metric == metric.name }?.fit
        let fitB = b.fits.first { $0.metric == metric.name }?.fit
        var found: [GrowthCrossing] = []
        for (low, high) in zip(sizes, sizes.dropFirst()) {
            guard let before = costs(low), let after = costs(high) else { continue }
            let aCheaperBefore = before.aMid < before.bMid, aCheaperAfter = after.aMid < after.bMid
            guard aCheaperBefore != aCheaperAfter, before.aMid != before.bMid, after.aMid != after.bMid else {
                continue
            }
            let apart = { (x: ClosedRange<Double>, y: ClosedRange<Double>) in !x.overlaps(y) }
            var fitted: Double? = nil
            if let fitA, let fitB, let meet = fitA.crossing(with: fitB), meet >= Double(low), meet <= Double(high) {
                fitted = meet
            }
            found.append(
                GrowthCrossing(
                    metric: metric.name, cheaperBelow: aCheaperBefore ? a.runtime : b.runtime,
                    cheaperAbove: aCheaperBefore ? b.runtime : a.runtime, below: low, above: high,
                    fittedCrossing: fitted, clear: apart(before.a, before.b) && apart(after.a, after.b)))
        }
        return found
    }
}
