import Foundation
import Measure

/// The results page's tables: the cross-runtime summary (suites as rows,
/// ports as columns, as js-framework-benchmark lays out its frameworks) and
/// one section per suite with its table, chart and counters.
extension ResultsPage {
    /// Every runtime suite but the compute control as a row, each port's
    /// factor against the fastest port of that suite in its column, then
    /// the geometric mean and the whole session against the compute
    /// control; then the same in callgrind instructions, when counted.
    static func crossRuntimeSection(_ document: ResultsDocument) -> [String] {
        let suites = document.suites.filter { $0.runtimes != nil && $0.suite != Suite.computeControl.rawValue }
        var lines = ["<section id=\"cross-runtime-summary\">", "<h2>Cross-runtime: each port against the fastest</h2>"]
        guard !suites.isEmpty else {
            lines += ["<p class=\"note\">No runtime suite ran.</p>", "</section>"]
            return lines
        }
        let ports = portNames(document)
        lines.append(
            "<p class=\"note\">Each cell is the port's median time as a factor of the fastest port in that "
                + "suite, with the 95% interval of the factor beneath; ≈ marks a factor the samples cannot tell from 1.</p>"
        )
        lines.append(FactorScale.legend)
        var rows = suites.map { suite in
            [HTML.Cell(suite.suite)]
                + ports.map { port in
                    portCell(port, in: suite) { FactorScale.cell($0.factorVsFastest) }
                }
        }
        rows.append(
            [HTML.Cell("geometric mean")]
                + ports.map { port in
                    FactorScale.cell(
                        exact: geometricMean(
                            suites.compactMap { suite in
                                suite.runtimes?.first { $0.runtime == port && $0.gate == "passed" }?.factorVsFastest?
                                    .value
                            }))
                })
        if let control = controlSuite(suites) {
            rows.append(
                [HTML.Cell("\(control.suite) vs compute control")]
                    + ports.map { port in
                        portCell(port, in: control) { FactorScale.cell($0.factorVsControl) }
                    })
        }
        lines.append(HTML.table(id: "cross-runtime-table", header: ["suite"] + ports, rows: rows))
        let instructionFactors = suites.map { ReportRenderer.instructionFactors($0.runtimes ?? []) }
        if instructionFactors.contains(where: { !$0.isEmpty }) {
            var rows = zip(suites, instructionFactors).map { suite, factors in
                [HTML.Cell(suite.suite)]
                    + ports.map { port in
                        portCell(port, in: suite) { FactorScale.cell(exact: factors[$0.runtime]) }
                    }
            }
            rows.append(
                [HTML.Cell("geometric mean")]
                    + ports.map { port in
                        FactorScale.cell(exact: geometricMean(instructionFactors.compactMap { $0[port] }))
                    })
            lines.append(
                HTML.table(
                    id: "cross-runtime-instructions",
                    caption: "callgrind instructions, each port against the fewest",
                    header: ["suite"] + ports, rows: rows))
        } else {
            lines.append("<p class=\"note\">Instructions not counted (add <code>--instructions callgrind</code>).</p>")
        }
        lines.append("</section>")
        return lines
    }

    /// A port's cell in a summary row: `measured` for a port that passed,
    /// "failed" (with the reason on hover) for one that did not, blank for
    /// one that did not run that suite.
    private static func portCell(_ port: String, in suite: SuiteResult, measured: (RuntimeResult) -> HTML.Cell)
        -> HTML.Cell
    {
        guard let result = suite.runtimes?.first(where: { $0.runtime == port }) else { return HTML.Cell("") }
        guard result.gate == "passed" else {
            return HTML.Cell(
                html: "failed", classes: ["failed"],
                attributes: [("title", result.gateFailure ?? "failed the agreement gate")])
        }
        return measured(result)
    }

    /// The whole-session suite whose `factorVsControl` the summary shows:
    /// `session`, else `cross-runtime`; nil when the control was not run.
    private static func controlSuite(_ suites: [SuiteResult]) -> SuiteResult? {
        [Suite.session, Suite.crossRuntime].lazy.compactMap { wanted in
            suites.first { $0.suite == wanted.rawValue }
        }.first { suite in suite.runtimes?.contains { $0.factorVsControl?.value != nil } == true }
    }

    static func geometricMean(_ factors: [Double]) -> Double? {
        factors.isEmpty ? nil : exp(factors.map(log).reduce(0, +) / Double(factors.count))
    }

    /// One suite: its heading, chart, table (and the interactions suite's
    /// per-kind table), its counters, and what was not measured and why.
    static func suiteSection(_ suite: SuiteResult, document: ResultsDocument) -> [String] {
        let id = "suite-\(HTML.identifier(suite.suite))"
        var lines = [
            "<section id=\"\(id)\" class=\"suite\">",
            "<h2>\(HTML.escape(suite.suite))</h2>",
            "<p>\(HTML.escape(suite.summary))</p>",
        ]
        if let svg = Chart.svg(for: suite) {
            // Chart.svg escapes its text; its only inputs are port names and numbers.
            lines.append("<figure class=\"chart\">\(svg)</figure>")
        }
        if let regions = suite.regions { lines.append(calibrationTable(regions, id: id)) }
        if let runtimes = suite.runtimes {
            lines.append(runtimeTable(runtimes, control: suite.control, id: id))
            lines += actionKindTable(runtimes, id: id)
        }
        if let shapes = suite.shapes {
            lines.append(graphTable(shapes, id: id))
            if shapes.contains(where: { $0.alienMilliseconds != nil }) {
                lines.append(
                    "<p class=\"note\" id=\"\(id)-alien\">alien-signals = "
                        + HTML.escape(ReportRenderer.alienFiguresNote) + "</p>")
            }
        }
        if let probes = suite.probes { lines += probeSection(probes, id: id) }
        if let growth = suite.growth { lines += growthSection(growth, id: id) }
        lines += counterNotes(suite)
        lines.append("</section>")
        return lines
    }

    /// The ports' rows, then the compute control's, played through the
    /// same view layer (its instruction factor is against the fewest port).
    private static func runtimeTable(_ runtimes: [RuntimeResult], control: RuntimeResult?, id: String) -> String {
        let measured = runtimes.filter { $0.gate == "passed" } + (control.map { [$0] } ?? [])
        let controlled = measured.contains {
            $0.factorVsControl?.value != nil && $0.runtime != Suite.computeControl.rawValue
        }
        let instructionFactors = ReportRenderer.instructionFactors(runtimes, control: control)
        let counted = !instructionFactors.isEmpty
        let header =
            ["port", "median", "95% CI", "p90", "vs fastest"] + (controlled ? ["vs control"] : [])
            + (counted
                ? ["instructions", "instr vs fewest", "shared rules", "view layer (own)", "retains/releases"] : [])
            + [
                "mallocs", "mallocs/action", "heap peak", "retained", "RSS growth", "renders", "recomputations",
                "requests",
            ]
        let rows = (runtimes + (control.map { [$0] } ?? [])).map { result -> [HTML.Cell] in
            guard result.gate == "passed", let wall = result.wallNanoseconds else {
                var failure = HTML.Cell(
                    "failed the agreement gate: " + (result.gateFailure ?? "no reason recorded"),
                    classes: ["failed"])
                failure.columns = header.count - 1
                return [HTML.Cell(result.runtime), failure]
            }
            var row = [
                HTML.Cell(result.runtime), HTML.Cell(ReportRenderer.duration(wall.median)),
                HTML.Cell(ReportRenderer.interval(wall) + result.spreadMark),
                HTML.Cell(ReportRenderer.duration(wall.p90)),
                FactorScale.cell(result.factorVsFastest),
            ]
            if controlled { row.append(FactorScale.cell(result.factorVsControl)) }
            if counted {
                row.append(HTML.Cell(ReportRenderer.instructionCount(result).map(ReportRenderer.grouped) ?? "–"))
                row.append(FactorScale.cell(exact: instructionFactors[result.runtime]))
                row.append(HTML.Cell(SharedRules.share(of: result.counters).map(ReportRenderer.percent) ?? "–"))
                row.append(HTML.Cell(ViewLayerCost.shares(of: result.counters) ?? "–"))
                row.append(
                    HTML.Cell(
                        ReportRenderer.retainsAndReleases(
                            result.counters?[CallgrindCounts.retainCalls]?.value,
                            result.counters?[CallgrindCounts.releaseCalls]?.value)))
            }
            row.append(HTML.Cell(result.mallocsPerIteration.map(String.init) ?? "–"))
            row.append(HTML.Cell(result.mallocsPerAction.map { String(format: "%.1f", $0) } ?? "–"))
            row.append(HTML.Cell(result.peakLiveBytes.map(ReportRenderer.bytes) ?? "–"))
            row.append(HTML.Cell(result.retainedBytes.map(ReportRenderer.bytes) ?? "–"))
            row.append(HTML.Cell(result.residentGrowthBytes?.value.map { ReportRenderer.bytes(Int64($0)) } ?? "–"))
            row.append(HTML.Cell(result.renders.map(String.init) ?? "–"))
            row.append(HTML.Cell(result.recomputations?.value.map { String(Int64($0)) } ?? "–"))
            row.append(
                HTML.Cell(
                    result.requests.map { "\($0.started) (\($0.applied) applied, \($0.rejected) rejected)" }
                        ?? "–"))
            return row
        }
        return HTML.table(id: "\(id)-table", header: header, rows: rows)
    }

    /// The interactions suite's actions by kind: a row per kind and port,
    /// each factor against the fastest port at that kind.
    private static func actionKindTable(_ runtimes: [RuntimeResult], id: String) -> [String] {
        let measured = runtimes.filter { $0.gate == "passed" && $0.actionKinds != nil }
        guard !measured.isEmpty else { return [] }
        let counted = ActionKindResult.instructionsCounted(in: measured)
        let rows = ActionKindResult.kinds(in: measured).flatMap { kind in
            let instructionFactors = ActionKindResult.instructionFactors(measured, kind: kind)
            return measured.compactMap { result -> [HTML.Cell]? in
                guard let entry = result.actionKinds!.first(where: { $0.kind == kind }) else { return nil }
                let wall = entry.wallNanoseconds
                var row = [
                    HTML.Cell(kind), HTML.Cell(result.runtime, classes: ["text"]),
                    HTML.Cell(String(entry.actionsPerCycle)),
                    HTML.Cell(ReportRenderer.duration(wall.median)), HTML.Cell(ReportRenderer.interval(wall)),
                    HTML.Cell(ReportRenderer.duration(wall.p90)), FactorScale.cell(entry.factorVsFastest),
                    HTML.Cell(String(format: "%.1f", entry.mallocsPerAction)),
                ]
                if counted {
                    row.append(HTML.Cell(entry.instructionsPerAction?.value.map(ReportRenderer.grouped) ?? "–"))
                    row.append(FactorScale.cell(exact: instructionFactors[result.runtime]))
                    row.append(
                        HTML.Cell(
                            ReportRenderer.retainsAndReleases(
                                entry.retainsPerAction?.value, entry.releasesPerAction?.value)))
                }
                return row
            }
        }
        return [
            HTML.table(
                id: "\(id)-kinds", caption: "per action kind (each factor against the fastest port at that kind)",
                header: [
                    "kind", "port", "actions/cycle", "median", "95% CI", "p90", "vs fastest",
                    "mallocs/action",
                ] + (counted ? ["instructions/action", "instr vs fewest", "retains/releases"] : []), rows: rows)
        ]
    }

    private static func calibrationTable(_ regions: [CalibrationResult], id: String) -> String {
        HTML.table(
            id: "\(id)-table",
            header: ["region", "median", "95% CI", "p90", "mallocs", "expected", "heap peak", "instructions"],
            rows: regions.map { region in
                [
                    HTML.Cell(region.region), HTML.Cell(ReportRenderer.duration(region.wallNanoseconds.median)),
                    HTML.Cell(ReportRenderer.interval(region.wallNanoseconds)),
                    HTML.Cell(ReportRenderer.duration(region.wallNanoseconds.p90)),
                    HTML.Cell(
                        String(region.allocations.allocations), classes: region.mismatch == nil ? [] : ["failed"]),
                    HTML.Cell(region.expectedAllocations.map(String.init) ?? "–"),
                    HTML.Cell(ReportRenderer.bytes(region.allocations.peakBytes)),
                    HTML.Cell(region.counters["callgrind-instructions"]?.value.map(ReportRenderer.grouped) ?? "–"),
                ]
            })
    }

    private static func graphTable(_ shapes: [GraphShapeResult], id: String) -> String {
        HTML.table(
            id: "\(id)-table",
            header: ["shape", "runtime", "unit", "fastest", "median", "alien-signals", "mallocs", "per", "edge pool"],
            rows: shapes.map { shape in
                guard shape.verified == "passed" else {
                    var failure = HTML.Cell(
                        "failed its count check: " + (shape.failure ?? "no reason recorded"),
                        classes: ["failed"])
                    failure.columns = 6
                    return [
                        HTML.Cell(shape.shape), HTML.Cell(shape.runtime, classes: ["text"]),
                        HTML.Cell(shape.unit, classes: ["text"]), failure,
                    ]
                }
                var pool = shape.edgePoolHighWaterMark.map(String.init) ?? "–"
                if let after = shape.edgePoolAfterFurtherIterations { pool += " → \(after)" }
                return [
                    HTML.Cell(shape.shape), HTML.Cell(shape.runtime, classes: ["text"]),
                    HTML.Cell(shape.unit, classes: ["text"]),
                    HTML.Cell(shape.fastestNanoseconds.map(ReportRenderer.duration) ?? "–"),
                    HTML.Cell(shape.medianNanoseconds.map(ReportRenderer.duration) ?? "–"),
                    HTML.Cell(shape.alienMilliseconds.map { ReportRenderer.duration($0 * 1e6) } ?? "–"),
                    HTML.Cell(shape.mallocsPerIteration.map(String.init) ?? "–"),
                    HTML.Cell(shape.iterationUnit, classes: ["text"]), HTML.Cell(pool),
                ]
            })
    }

    /// The counters the tables leave out, per entry, and each reason a
    /// counter was unavailable once: never a silent blank.
    private static func counterNotes(_ suite: SuiteResult) -> [String] {
        let entries =
            (suite.regions?.map { ($0.region, $0.counters) } ?? [])
            + ((suite.runtimes ?? []) + (suite.control.map { [$0] } ?? [])).compactMap { result in
                result.counters.map { (result.runtime, $0) }
            }
        var items: [String] = []
        var unavailable: [String: Set<String>] = [:]
        for (name, counters) in entries {
            let counted = counters.sorted { $0.key < $1.key }.compactMap { counter, reading in
                reading.value.map { "\(counter) \(ReportRenderer.grouped($0))" }
            }
            if !counted.isEmpty { items.append("\(name): " + counted.joined(separator: ", ")) }
            for (counter, reading) in counters {
                if let reason = reading.unavailable { unavailable[reason, default: []].insert(counter) }
            }
        }
        items += unavailable.sorted { $0.key < $1.key }.map { reason, counters in
            "unavailable \(counters.sorted().joined(separator: ", ")): \(reason)"
        }
        guard !items.isEmpty else { return [] }
        return [
            "<details class=\"counters\"><summary>counters</summary><ul>"
                + items.map { "<li>\(HTML.escape($0))</li>" }.joined() + "</ul></details>"
        ]
    }
}
