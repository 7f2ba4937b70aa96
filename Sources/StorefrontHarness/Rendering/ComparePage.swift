/// The page `storefront compare` writes: the same kind of page as a run's
/// (`ResultsPage`), holding the differences. Each B/A factor is coloured by
/// what it means (a regression red, slower yellow, faster green, one the
/// samples cannot tell from 1 grey), regressions also say so in words.
package enum ComparePage {
    package static func html(_ comparison: Comparison) -> String {
        let regressions = comparison.regressions
        var body = [
            "<h1>storefront compare: B against A</h1>",
            HTML.definitions(
                id: "compared",
                [("A", comparison.before.label), ("B", comparison.after.label)]
                    + [("A runtimes", comparison.before), ("B runtimes", comparison.after)].compactMap { name, run in
                        run.runtimesLabel.map { (name, $0) }
                    }),
        ]
        body += comparison.warnings.map { "<p class=\"banner warning\">\(HTML.escape($0))</p>" }
        body.append(
            "<p id=\"verdict\" class=\"\(regressions.isEmpty ? "passed" : "failed")\">"
                + HTML.escape(
                    regressions.isEmpty
                        ? "No regressions."
                        : "\(regressions.count) regression(s): "
                            + regressions.joined(separator: "; ")) + "</p>")
        body.append(
            "<p class=\"note\">B/A is B's median as a factor of A's, with its 95% interval beneath; a "
                + "regression is a factor above \(HTML.escape(String(format: "%.2f", comparison.timeLimit)))× "
                + "(Results/thresholds.json's relativeTimeLimit) whose interval lies wholly above 1. Malloc counts "
                + "are exact, so any change is tinted: more in yellow, fewer in green.</p>")
        body.append(legend)
        for suite in comparison.suites where !suite.isEmpty {
            let id = "compare-\(HTML.identifier(suite.suite))"
            body.append("<section id=\"\(id)\" class=\"suite\"><h2>\(HTML.escape(suite.suite))</h2>")
            if !suite.growth.isEmpty {
                body.append(growthTable(suite.growth, id: id))
                body.append("</section>")
                continue
            }
            body.append(
                HTML.table(
                    id: "\(id)-table",
                    header: [
                        "entry", "A median", "B median", "B/A", "verdict", "mallocs A", "mallocs B", "instructions A",
                        "instructions B",
                    ],
                    rows: suite.rows.map(cells)))
            body.append("</section>")
        }
        return ResultsPage.page(title: "storefront compare", body: body)
    }

    private static func cells(_ row: Comparison.Row) -> [HTML.Cell] {
        let verdictClass = row.verdict == .none ? "na" : row.verdict.rawValue
        var factor = HTML.Cell("–", classes: ["na"])
        if let value = row.factor?.value {
            var html = (row.verdict == .same ? "≈" : "") + String(format: "%.2f×", value)
            if let low = row.factor?.low, let high = row.factor?.high {
                html += "<span class=\"interval\">" + String(format: "%.2f–%.2f", low, high) + "</span>"
            } else {
                html += "<span class=\"interval\">no interval</span>"
            }
            factor = HTML.Cell(
                html: html, classes: ["delta", verdictClass],
                attributes: [
                    ("data-factor", String(format: "%.4f", value)),
                    ("data-verdict", row.verdict.rawValue),
                ])
        }
        let verdict =
            row.note.map { HTML.Cell($0, classes: $0.contains("failed") ? ["failed"] : ["na"]) }
            ?? HTML.Cell(CompareText.verdictText(row.verdict), classes: [verdictClass])
        return [
            HTML.Cell(row.entry), HTML.Cell(row.before.map(ReportRenderer.duration) ?? "–"),
            HTML.Cell(row.after.map(ReportRenderer.duration) ?? "–"), factor, verdict,
            HTML.Cell(row.mallocs.before.map(ReportRenderer.perUnit) ?? "–", classes: changed(row.mallocs)),
            HTML.Cell(row.mallocs.after.map(ReportRenderer.perUnit) ?? "–", classes: changed(row.mallocs)),
            HTML.Cell(row.instructions.before.map(ReportRenderer.grouped) ?? "–"),
            HTML.Cell(row.instructions.after.map(ReportRenderer.grouped) ?? "–"),
        ]
    }

    /// The growth suite's slopes in A and B; a steeper one tinted as slower.
    private static func growthTable(_ rows: [Comparison.GrowthRow], id: String) -> String {
        let cells = zip(rows, CompareText.growthCells(rows)).map { row, words -> [HTML.Cell] in
            let tint: [String] =
                switch row.change {
                case .steeper: ["slower"]
                case .flatter: ["faster"]
                case .same: ["same"]
                case .none: ["na"]
                }
            return [
                HTML.Cell(words[0]), HTML.Cell(words[1]), HTML.Cell(words[2]),
                HTML.Cell(
                    html: HTML.escape(words[3]), classes: tint, attributes: [("data-change", row.change.rawValue)]),
                HTML.Cell(words[4]),
            ]
        }
        return HTML.table(
            id: "\(id)-slopes", header: ["entry", "A slope (95%)", "B slope (95%)", "change", "growth A → B"],
            rows: cells)
    }

    /// Malloc counts are exact: a changed one is worth a reader's eye.
    private static func changed(_ counts: (before: Double?, after: Double?)) -> [String] {
        guard let before = counts.before, let after = counts.after, before != after else { return [] }
        return [after > before ? "slower" : "faster", "changed"]
    }

    private static let legend =
        "<ul class=\"legend\" id=\"legend\">"
        + [
            ("regression", "regression: above the limit, interval above 1"), ("slower", "slower, within the limit"),
            ("faster", "faster"), ("same", "≈ cannot be told from 1.00×"),
        ]
        .map { "<li><span class=\"swatch \($0.0)\"></span>\(HTML.escape($0.1))</li>" }.joined()
        + "</ul>"
}
