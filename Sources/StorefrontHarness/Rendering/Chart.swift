import Foundation

/// A small SVG chart of one runtime suite: each port's median time and its
/// mallocs per iteration as horizontal bars, side by side, so a reader sees
/// both costs at a glance.
enum Chart {
    static func svg(for suite: SuiteResult) -> String? {
        let measured = (suite.runtimes ?? []).filter { $0.wallNanoseconds != nil }
        guard !measured.isEmpty else { return nil }
        let rowHeight = 26.0, top = 48.0, labelWidth = 110.0, panelWidth = 300.0, gap = 40.0
        let height = top + rowHeight * Double(measured.count) + 16
        let width = labelWidth + 2 * panelWidth + gap + 20
        let maxTime = measured.map { $0.wallNanoseconds!.median }.max() ?? 1
        let maxMallocs = Double(measured.compactMap(\.mallocsPerIteration).max() ?? 1)
        var parts = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" "
                + "font-family=\"sans-serif\" font-size=\"12\">",
            "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>",
            text(8, 18, "\(suite.suite): median time and mallocs per iteration", bold: true),
            text(labelWidth, 38, "median time (lower is better)"),
            text(labelWidth + panelWidth + gap, 38, "mallocs per iteration"),
        ]
        for (row, result) in measured.enumerated() {
            let y = top + Double(row) * rowHeight
            let time = result.wallNanoseconds!.median
            let mallocs = Double(result.mallocsPerIteration ?? 0)
            parts.append(text(8, y + 14, result.runtime))
            parts.append(bar(x: labelWidth, y: y, length: panelWidth * 0.8 * time / maxTime, color: "#4e79a7"))
            parts.append(
                text(
                    labelWidth + panelWidth * 0.8 * time / maxTime + 4, y + 14,
                    ReportRenderer.duration(time)))
            let left = labelWidth + panelWidth + gap
            parts.append(bar(x: left, y: y, length: panelWidth * 0.8 * mallocs / max(maxMallocs, 1), color: "#f28e2b"))
            parts.append(text(left + panelWidth * 0.8 * mallocs / max(maxMallocs, 1) + 4, y + 14, String(Int(mallocs))))
        }
        parts.append("</svg>")
        return parts.joined(separator: "\n") + "\n"
    }

    private static func bar(x: Double, y: Double, length: Double, color: String) -> String {
        "<rect x=\"\(format(x))\" y=\"\(format(y))\" width=\"\(format(max(length, 1)))\" height=\"18\" fill=\"\(color)\"/>"
    }

    private static func text(_ x: Double, _ y: Double, _ content: String, bold: Bool = false) -> String {
        let escaped = content.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        return "<text x=\"\(format(x))\" y=\"\(format(y))\"\(bold ? " font-weight=\"bold\"" : "")>\(escaped)</text>"
    }

    private static func format(_ value: Double) -> String { String(format: "%.1f", value) }
}
