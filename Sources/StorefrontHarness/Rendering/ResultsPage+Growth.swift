/// The growth suite on the results page: per axis, a log-log chart per
/// timed metric and for the peak heap, then the tables of the text report
/// (each size's value, the slope with its interval, the class) and the
/// crossings, skips and failures.
extension ResultsPage {
    static func growthSection(_ growth: GrowthResult, id: String) -> [String] {
        var lines: [String] = []
        for series in growth.series {
            let seriesID = "\(id)-\(HTML.identifier(series.axis))"
            lines.append("<h3 id=\"\(seriesID)\">\(HTML.escape("Growth with \(series.axis) (\(series.held))"))</h3>")
            for metric in GrowthChart.chartedMetrics(series) {
                guard let svg = GrowthChart.svg(series, metric: metric) else { continue }
                // GrowthChart escapes its text; its inputs are port names and numbers.
                lines.append("<figure class=\"chart\" id=\"\(seriesID)-\(HTML.identifier(metric))\">\(svg)</figure>")
            }
            let metrics = series.lines.first?.fits.map(\.metric) ?? []
            let groups = [
                ("time", metrics.filter { $0.hasSuffix(" time") }),
                ("counts", metrics.filter { !$0.hasSuffix(" time") }),
            ]
            for (name, group) in groups where !group.isEmpty {
                let rows = group.flatMap { metric in
                    series.lines.map { line -> [HTML.Cell] in
                        let fit = line.fits.first { $0.metric == metric }
                        return [HTML.Cell(metric), HTML.Cell(line.runtime, classes: ["text"])]
                            + series.sizes.map { size in
                                let cell = ReportRenderer.growthCell(line, metric: metric, size: size)
                                return HTML.Cell(cell, classes: cell == "skipped" || cell == "–" ? ["na"] : [])
                            }
                            + ReportRenderer.slopeCells(fit).map { HTML.Cell($0) }
                    }
                }
                lines.append(
                    HTML.table(
                        id: "\(seriesID)-\(name)",
                        header: ["metric", "port"] + series.sizes.map { ReportRenderer.grouped(Double($0)) }
                            + ["slope (95%)", "growth", "largest 3: slope", "growth"], rows: rows))
            }
            let notes = ReportRenderer.growthNotes(series)
            if !notes.isEmpty {
                lines.append(
                    "<ul class=\"note\" id=\"\(seriesID)-notes\">"
                        + notes.map { "<li>\(HTML.escape($0))</li>" }.joined() + "</ul>")
            }
        }
        lines.append(
            "<p class=\"note\">"
                + HTML.escape(ReportRenderer.growthFootnote(growth)) + "</p>")
        return lines
    }
}
