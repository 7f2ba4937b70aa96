import Foundation

/// One growth chart: a metric's cost against the axis's size, both axes
/// logarithmic, one line per port through the sizes it was measured at. On
/// log axes a cost that grows as size^b is a straight line of slope b, so
/// a reader compares growth by the lines' steepness and sees where they cross.
enum GrowthChart {
    /// Port colours, in lineup order (Tableau 10, which stays apart for
    /// the common colour-vision deficiencies).
    static let palette = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#9c755f"]

    /// The chart of `metric` along `series`, or nil when no port has a
    /// positive value of it (a log axis has no place for zero).
    static func svg(_ series: GrowthSeries, metric: String) -> String? {
        let lines = series.lines.enumerated().map { index, line in
            (
                line.runtime, palette[index % palette.count],
                line.points.compactMap { point -> (Double, Double)? in
                    guard let value = point.value(of: metric), value > 0 else { return nil }
                    return (Double(point.size), value)
                }
            )
        }
        let values = lines.flatMap { $0.2.map(\.1) }
        guard let lowest = values.min(), let highest = values.max(), let first = series.sizes.first,
            let last = series.sizes.last, last > first
        else { return nil }
        let left = 78.0, top = 34.0, plotWidth = 440.0, plotHeight = 240.0, legendWidth = 130.0
        let width = left + plotWidth + 24 + legendWidth, height = top + plotHeight + 48
        let xRange = log10(Double(first))...log10(Double(last))
        let yRange = floor(log10(lowest))...max(ceil(log10(highest)), floor(log10(lowest)) + 1)
        func x(_ size: Double) -> Double {
            left + (log10(size) - xRange.lowerBound) / (xRange.upperBound - xRange.lowerBound) * plotWidth
        }
        func y(_ value: Double) -> Double {
            top + plotHeight - (log10(value) - yRange.lowerBound) / (yRange.upperBound - yRange.lowerBound)
                * plotHeight
        }
        var parts = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" "
                + "font-family=\"sans-serif\" font-size=\"12\" role=\"img\" "
                + "aria-label=\"\(escape("\(metric) against \(series.axis), log axes"))\">",
            "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>",
            text(8, 18, "\(metric) against \(series.axis) (log axes)", bold: true),
        ]
        // A gridline and label at every decade of cost and at every size.
        for decade in stride(from: yRange.lowerBound, through: yRange.upperBound, by: 1) {
            let level = y(pow(10, decade))
            parts.append(line(left, level, left + plotWidth, level, color: "#ddd"))
            parts.append(text(left - 6, level + 4, label(metric, pow(10, decade)), anchor: "end"))
        }
        for size in series.sizes {
            let position = x(Double(size))
            parts.append(line(position, top, position, top + plotHeight, color: "#eee"))
            parts.append(
                text(position, top + plotHeight + 16, ReportRenderer.grouped(Double(size)), anchor: "middle"))
        }
        parts.append(text(left + plotWidth / 2, top + plotHeight + 36, series.axis, anchor: "middle"))
        parts.append(line(left, top, left, top + plotHeight, color: "#888"))
        parts.append(line(left, top + plotHeight, left + plotWidth, top + plotHeight, color: "#888"))
        for (index, entry) in lines.enumerated() {
            let (name, color, points) = entry
            let path = points.map { String(format: "%.1f,%.1f", x($0.0), y($0.1)) }.joined(separator: " ")
            if points.count > 1 {
                parts.append("<polyline points=\"\(path)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\"/>")
            }
            for (size, value) in points {
                parts.append(
                    String(format: "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" ", x(size), y(value))
                        + "fill=\"\(color)\"><title>\(escape("\(name): \(label(metric, value)) at \(ReportRenderer.grouped(size))"))"
                        + "</title></circle>")
            }
            let legendY = top + 8 + Double(index) * 18
            parts.append(line(left + plotWidth + 24, legendY, left + plotWidth + 44, legendY, color: color, width: 3))
            parts.append(text(left + plotWidth + 50, legendY + 4, name))
        }
        parts.append("</svg>")
        return parts.joined(separator: "\n") + "\n"
    }

    /// The metrics charted along `series`: every timed one and the peak
    /// heap (the malloc counts are in the tables).
    static func chartedMetrics(_ series: GrowthSeries) -> [String] {
        (series.lines.first?.fits.map(\.metric) ?? []).filter {
            $0.hasSuffix(" time") || $0 == GrowthMetric.peakHeap.name
        }
    }

    /// A metric's value as the tables and charts write it.
    static func label(_ metric: String, _ value: Double) -> String {
        if metric.hasSuffix(" time") { return ReportRenderer.duration(value) }
        if metric == GrowthMetric.peakHeap.name { return ReportRenderer.bytes(Int64(value)) }
        return value < 1_000 ? String(format: "%.1f", value) : ReportRenderer.grouped(value)
    }

    private static func line(
        _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, color: String, width: Double = 1
    ) -> String {
        String(format: "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" ", x1, y1, x2, y2)
            + "stroke=\"\(color)\" stroke-width=\"\(Int(width))\"/>"
    }

    private static func text(_ x: Double, _ y: Double, _ content: String, bold: Bool = false, anchor: String? = nil)
        -> String
    {
        String(format: "<text x=\"%.1f\" y=\"%.1f\"", x, y) + (bold ? " font-weight=\"bold\"" : "")
            + (anchor.map { " text-anchor=\"\($0)\"" } ?? "") + ">\(escape(content))</text>"
    }

    private static func escape(_ text: String) -> String { HTML.escape(text) }
}
