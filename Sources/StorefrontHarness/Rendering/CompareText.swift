import Foundation

/// `storefront compare`'s comparison as plain text or Markdown (for a
/// pull-request comment), and the words its page shares with them.
package enum CompareText {
    /// The comparison: who A and B are, any warning, then a table per
    /// suite, and the verdict last.
    package static func text(_ comparison: Comparison, markdown: Bool = false) -> String {
        let item = markdown ? "- " : ""
        var lines = markdown ? ["### storefront compare: B against A", ""] : []
        lines += ["\(item)A: \(comparison.before.label)", "\(item)B: \(comparison.after.label)"]
        for (letter, run) in [("A", comparison.before), ("B", comparison.after)] {
            if let runtimes = run.runtimesLabel { lines.append("\(item)\(letter) runtimes: \(runtimes)") }
        }
        lines += comparison.warnings.map { markdown ? "> **Warning:** \($0)" : "warning: \($0)" }
        lines += [
            "",
            "B/A is B's median as a factor of A's, with its 95% interval (≈: the samples cannot tell it from 1); "
                + "a regression is a factor above \(String(format: "%.2f", comparison.timeLimit))× whose interval lies "
                + "wholly above 1.", "",
        ]
        for suite in comparison.suites where !suite.isEmpty {
            lines.append(markdown ? "#### \(suite.suite)\n" : suite.suite)
            if !suite.growth.isEmpty {
                lines += growthTable(suite.growth, markdown: markdown)
                lines.append("")
                continue
            }
            lines += ReportRenderer.table(
                header: ["entry", "A median", "B median", "B/A", "verdict", "mallocs A → B", "instructions A → B"],
                rows: suite.rows.map { row in
                    [
                        row.entry, row.before.map(ReportRenderer.duration) ?? "–",
                        row.after.map(ReportRenderer.duration) ?? "–",
                        factorText(row.factor), row.note ?? verdictText(row.verdict),
                        pair(
                            row.mallocs.before.map(ReportRenderer.perUnit),
                            row.mallocs.after.map(ReportRenderer.perUnit)),
                        pair(
                            row.instructions.before.map(ReportRenderer.grouped),
                            row.instructions.after.map(ReportRenderer.grouped)),
                    ]
                }, markdown: markdown
            ).map { markdown ? $0 : "  " + $0 }
            lines.append("")
        }
        let regressions = comparison.regressions
        let verdict =
            regressions.isEmpty ? "no regressions" : "\(regressions.count) regression(s) marked REGRESSION above"
        lines.append(markdown ? "**\(verdict)**" : verdict)
        return lines.joined(separator: "\n")
    }

    /// The growth suite's slopes, A's then B's, and what changed.
    private static func growthTable(_ rows: [Comparison.GrowthRow], markdown: Bool) -> [String] {
        [
            "slope: log cost against log size, with its 95% interval; steeper or flatter when the two intervals are "
                + "apart and the slopes differ by at least \(Comparison.slopeTolerance)"
        ]
            + ReportRenderer.table(
                header: ["entry", "A slope", "B slope", "change", "growth A → B"],
                rows: growthCells(rows), markdown: markdown
            ).map { markdown ? $0 : "  " + $0 }
    }

    /// A growth row's cells as words, shared by the page.
    static func growthCells(_ rows: [Comparison.GrowthRow]) -> [[String]] {
        rows.map { row in
            [
                row.entry, row.before.map(ReportRenderer.slopeText) ?? "–",
                row.after.map(ReportRenderer.slopeText) ?? "–", row.note ?? slopeChangeText(row.change),
                row.before == nil && row.after == nil
                    ? "–"
                    : "\(row.before?.classLabel ?? "–") → \(row.after?.classLabel ?? "–")",
            ]
        }
    }

    static func slopeChangeText(_ change: Comparison.SlopeChange) -> String {
        switch change {
        case .steeper: "steeper"
        case .flatter: "flatter"
        case .same: "≈ same"
        case .none: ""
        }
    }

    static func factorText(_ factor: Factor?) -> String {
        guard let factor, let value = factor.value else { return "–" }
        if factor.low == nil { return String(format: "%.2f× (no interval)", value) }
        return ReportRenderer.factor(factor)
    }

    static func verdictText(_ verdict: Comparison.Verdict) -> String {
        switch verdict {
        case .regression: "REGRESSION"
        case .slower: "slower"
        case .faster: "faster"
        case .same: "≈ same"
        case .none: ""
        }
    }

    private static func pair(_ before: String?, _ after: String?) -> String {
        before == nil && after == nil ? "–" : "\(before ?? "–") → \(after ?? "–")"
    }
}
