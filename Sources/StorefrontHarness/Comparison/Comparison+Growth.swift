import Measure

/// The growth suite in `storefront compare`: each port's slope of each
/// metric along each axis in A and in B. A slope is what the growth suite
/// promises (how a cost grows, not what it is at one size), so two runs
/// are compared by it: B's slope is steeper or flatter when the two
/// intervals are apart and the slopes differ by at least `slopeTolerance`.
extension Comparison {
    /// Below this difference two slopes say the same thing about growth
    /// even where their intervals are apart: an exact count's fit has an
    /// interval near zero, and a few instructions more at one size move it.
    static let slopeTolerance = 0.05

    enum SlopeChange: String {
        case steeper, flatter, same
        /// One side has no fit to set against the other.
        case none
    }

    struct GrowthRow {
        /// "products/cog/filter-on time".
        var entry: String
        var before: GrowthFit?
        var after: GrowthFit?
        var change = SlopeChange.none
        /// Why a row has no change: a side lacks the line or its fit.
        var note: String?
    }

    static func growthRows(_ a: SuiteResult?, _ b: SuiteResult?) -> [GrowthRow] {
        let old = a?.growth?.series ?? [], new = b?.growth?.series ?? []
        var axes = old.map(\.axis)
        for series in new where !axes.contains(series.axis) { axes.append(series.axis) }
        return axes.flatMap { axis in
            let before = old.first { $0.axis == axis }, after = new.first { $0.axis == axis }
            var ports = before?.lines.map(\.runtime) ?? []
            for line in after?.lines ?? [] where !ports.contains(line.runtime) { ports.append(line.runtime) }
            return ports.flatMap { port in
                let oldLine = before?.lines.first { $0.runtime == port }
                let newLine = after?.lines.first { $0.runtime == port }
                var metrics = oldLine?.fits.map(\.metric) ?? []
                for fit in newLine?.fits ?? [] where !metrics.contains(fit.metric) { metrics.append(fit.metric) }
                return metrics.map { metric in
                    growthRow(
                        "\(axis)/\(port)/\(metric)", oldLine, newLine,
                        oldLine?.fits.first { $0.metric == metric }, newLine?.fits.first { $0.metric == metric })
                }
            }
        }
    }

    private static func growthRow(
        _ entry: String, _ oldLine: GrowthLine?, _ newLine: GrowthLine?, _ old: GrowthMetricFit?,
        _ new: GrowthMetricFit?
    ) -> GrowthRow {
        var row = GrowthRow(entry: entry, before: old?.fit, after: new?.fit)
        if oldLine == nil { row.note = "not in A" } else if newLine == nil { row.note = "not in B" }
        guard row.note == nil else { return row }
        guard let before = old?.fit, let after = new?.fit else {
            let reasons = [("A", old), ("B", new)].compactMap { side, fit -> String? in
                fit?.fit == nil ? "\(side): \(fit?.unavailable ?? "no such metric")" : nil
            }
            row.note = "no slope in " + reasons.joined(separator: "; ")
            return row
        }
        // A slope over other sizes describes another range: say so rather
        // than call it steeper or flatter.
        let sizesA = oldLine?.points.map(\.size) ?? [], sizesB = newLine?.points.map(\.size) ?? []
        guard before.points == after.points, sizesA.prefix(before.points) == sizesB.prefix(after.points) else {
            row.note = "fitted over other sizes (A \(before.points), B \(after.points))"
            return row
        }
        row.change = slopeChange(before, after)
        return row
    }

    static func slopeChange(_ before: GrowthFit, _ after: GrowthFit) -> SlopeChange {
        guard abs(after.slope - before.slope) >= slopeTolerance else { return .same }
        if after.low > before.high { return .steeper }
        if after.high < before.low { return .flatter }
        return .same
    }
}
