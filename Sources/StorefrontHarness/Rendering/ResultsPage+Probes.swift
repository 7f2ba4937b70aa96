extension ResultsPage {
    /// The perf-scenarios table, a count per unit in each cell, then the
    /// notes the text report prints under it (notice order, memory, what
    /// was unavailable and why).
    static func probeSection(_ probes: [ScenarioProbeResult], id: String) -> [String] {
        let table = HTML.table(
            id: "\(id)-table",
            header: [
                "probe", "per", "median", "mallocs", "instructions", "retains", "releases", "notices", "heap peak",
            ],
            rows: probes.map { probe in
                guard probe.verified == "passed" else {
                    var failure = HTML.Cell(
                        "failed its value check: " + (probe.failure ?? "no reason recorded"), classes: ["failed"])
                    failure.columns = 7
                    return [
                        HTML.Cell(probe.probe, classes: ["text"]), HTML.Cell(probe.unit, classes: ["text"]), failure,
                    ]
                }
                return [
                    HTML.Cell(probe.probe, classes: ["text"]), HTML.Cell(probe.unit, classes: ["text"]),
                    HTML.Cell(probe.wallNanoseconds.map { ReportRenderer.duration($0.median) } ?? "–"),
                    HTML.Cell(probe.mallocsPerUnit.map(ReportRenderer.perUnit) ?? "–"),
                    HTML.Cell(probe.instructionsPerUnit.map(ReportRenderer.perUnit) ?? "–"),
                    HTML.Cell(probe.retainsPerUnit.map(ReportRenderer.perUnit) ?? "–"),
                    HTML.Cell(probe.releasesPerUnit.map(ReportRenderer.perUnit) ?? "–"),
                    HTML.Cell(probe.noticesPerUnit.map(ReportRenderer.perUnit) ?? "–"),
                    HTML.Cell(probe.peakHeapBytes.map(ReportRenderer.bytes) ?? "–"),
                ]
            })
        let notes = ReportRenderer.probeNotes(probes).map { $0.trimmingPrefix("  ") }
        guard !notes.isEmpty else { return [table] }
        return [
            table,
            "<ul class=\"probe-notes\">" + notes.map { "<li>\(HTML.escape(String($0)))</li>" }.joined() + "</ul>",
        ]
    }
}
