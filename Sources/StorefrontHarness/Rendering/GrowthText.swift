import Foundation
import Measure

/// The growth suite in the text and Markdown reports: per axis, one table of
/// timed costs and one of exact counts, each metric's value at every size
/// beside its slope and class, then the crossings, skips and failures.
extension ReportRenderer {
    static func growthSection(_ growth: GrowthResult, markdown: Bool) -> [String] {
        var lines: [String] = []
        for series in growth.series {
            let title = "growth with \(series.axis) (\(series.held))"
            lines.append(markdown ? "#### \(title)" : title)
            lines.append("")
            let metrics = series.lines.lazy.map { $0.fits.map(\.metric) }.first ?? []
            let timed = metrics.filter { $0.hasSuffix(" time") }
            let exact = metrics.filter { !$0.hasSuffix(" time") }
            for group in [timed, exact] where !group.isEmpty {
                lines += table(
                    header: ["metric", "port"] + series.sizes.map { grouped(Double($0)) } + [
                        "slope (95%)", "growth", "largest 3: slope", "growth",
                    ],
                    rows: group.flatMap { metric in
                        series.lines.map { line in
                            [metric, line.runtime] + series.sizes.map { growthCell(line, metric: metric, size: $0) }
                                + slopeCells(line.fits.first { $0.metric == metric })
                        }
                    }, markdown: markdown)
                lines.append("")
            }
            lines += growthNotes(series)
            lines.append("")
        }
        lines.append(growthFootnote(growth))
        return lines
    }

    /// How the growth suite's numbers were taken and read.
    static func growthFootnote(_ growth: GrowthResult) -> String {
        "growth: timed in this process only, \(growth.plan.iterations) iterations after \(growth.plan.warmup) "
            + "warm-up rounds per port at each size, ports rotating; a slope is the least-squares line through "
            + "log cost against log size (a timed cost through each size's median, its interval from "
            + "resampling every size's samples; a count's interval from the fit's residuals); flat below 0.2, "
            + "sublinear below 0.8, linear to 1.2, superlinear above; \"largest 3\" fits the three largest sizes only, "
            + "where a fixed cost no longer hides the growth; a crossing is listed where both ports' intervals are "
            + "apart at both sizes; a size predicted to take one port over "
            + String(format: "%.0f", growth.budgetSecondsPerSize) + " s is skipped."
            + (growth.countsInstructions
                ? " Instructions: callgrind's count for one cycle per port after a warmed set-up, the same in "
                    + "every process, at each size whose play under callgrind was predicted to fit the budget; a "
                    + "slope through them says how the work grows, apart from the machine's caches." : "")
    }

    /// A metric's value at one size: its median (timed) or count, "skipped",
    /// "failed" or "–".
    static func growthCell(_ line: GrowthLine, metric: String, size: Int) -> String {
        guard let point = line.point(at: size) else {
            if line.skipped.contains(where: { $0.size == size }) { return "skipped" }
            return line.failure != nil && size > (line.points.last?.size ?? 0) ? "failed" : "–"
        }
        return point.value(of: metric).map { GrowthChart.label(metric, $0) } ?? "–"
    }

    /// The whole range's slope and class, then the largest three sizes'.
    static func slopeCells(_ fit: GrowthMetricFit?) -> [String] {
        guard let fit else { return ["–", "–", "–", "–"] }
        guard let line = fit.fit, let label = fit.growthClass else {
            return ["unavailable: \(fit.unavailable ?? "no fit")", "–", "–", "–"]
        }
        return [slopeText(line), label, fit.largest.map(slopeText) ?? "–", fit.largestClass ?? "–"]
    }

    /// "1.02 (0.97–1.08)".
    static func slopeText(_ fit: GrowthFit) -> String {
        String(format: "%.2f (%.2f–%.2f)", fit.slope, fit.low, fit.high)
    }

    /// The crossings, skips and failures of one axis, one line each.
    static func growthNotes(_ series: GrowthSeries) -> [String] {
        let clear = series.crossings.filter(\.clear)
        var notes = clear.map { crossingSentence($0, axis: series.axis) }
        let unclear = series.crossings.count - clear.count
        if unclear > 0 {
            notes.append(
                "\(unclear) more change\(unclear == 1 ? "" : "s") of order between two ports lie within the "
                    + "intervals at one of the two sizes (in the JSON, with clear: false)")
        }
        for line in series.lines {
            if !line.skipped.isEmpty {
                let sizes = line.skipped.map { grouped(Double($0.size)) }.joined(separator: ", ")
                notes.append("skipped: \(line.runtime) at \(sizes) \(series.axis): \(line.skipped[0].reason)")
            }
            if let failure = line.failure { notes.append("failed: \(line.runtime) \(failure)") }
        }
        if clear.isEmpty, series.lines.count > 1 {
            notes.append("no two ports' costs clearly change order between two sizes of this axis")
        }
        return notes
    }

    /// "filter-on time: memoized is cheaper at 3,000 products, cog at
    /// 10,000 (the fitted lines meet near 5,400)".
    static func crossingSentence(_ crossing: GrowthCrossing, axis: String) -> String {
        var sentence =
            "crossing: \(crossing.metric): \(crossing.cheaperBelow) is cheaper at "
            + "\(grouped(Double(crossing.below))) \(axis), \(crossing.cheaperAbove) at "
            + grouped(Double(crossing.above))
        if let meet = crossing.fittedCrossing { sentence += " (the fitted lines meet near \(grouped(meet.rounded())))" }
        return sentence
    }
}
