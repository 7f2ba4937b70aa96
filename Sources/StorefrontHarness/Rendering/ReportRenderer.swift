import Foundation
import Measure

/// Turns a results document into what a person (or a spreadsheet) reads: a
/// table per suite, then each counter once, unavailable ones grouped by
/// their reason; or JSON; or CSV with one row per suite and port.
package enum ReportRenderer {
    package static func render(_ document: ResultsDocument, as format: Options.Format) throws -> String {
        switch format {
        case .json: return String(decoding: try encoder.encode(document), as: UTF8.self)
        case .csv: return csv(document)
        case .text, .markdown: return text(document, markdown: format == .markdown)
        }
    }

    package static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return encoder
    }()

    // MARK: Text and Markdown

    static func text(_ document: ResultsDocument, markdown: Bool) -> String {
        var lines: [String] = []
        if document.environment.buildConfiguration == "debug" {
            lines += [
                markdown
                    ? "> **Debug build.** These times are not what an app gets; run with `-c release`."
                    : "DEBUG BUILD: these times are not what an app gets; run with -c release.", "",
            ]
        }
        for info in document.lineup ?? [] {
            guard let variant = info.buildVariant else { continue }
            lines += [
                markdown
                    ? "> **\(variant) build.** The \(info.name) runtime was built with \(variant), not what an app gets."
                    : "\(variant.uppercased()) BUILD: the \(info.name) runtime was built with \(variant), not what an app gets.",
                "",
            ]
        }
        for suite in document.suites {
            var heading = "\(suite.suite): \(suite.summary)"
            if suite.runtimes != nil { heading += " (\(document.workload.label))" }
            lines.append(markdown ? "### \(heading)" : heading)
            lines.append("")
            if let regions = suite.regions { lines += calibrationTable(regions, markdown: markdown) }
            if let runtimes = suite.runtimes {
                lines += runtimeTable(runtimes, control: suite.control, markdown: markdown)
                lines += actionKindSection(runtimes, markdown: markdown)
            }
            if let shapes = suite.shapes {
                lines += graphTable(shapes, markdown: markdown)
                for failed in shapes where failed.failure != nil {
                    lines.append("failed: \(failed.shape) on \(failed.runtime): \(failed.failure!)")
                }
            }
            if let probes = suite.probes {
                lines += probeTable(probes, markdown: markdown)
                lines += probeNotes(probes)
            }
            if let growth = suite.growth { lines += growthSection(growth, markdown: markdown) }
            lines.append("")
            let counters =
                (suite.regions?.map { ($0.region, $0.counters) } ?? [])
                + ((suite.runtimes ?? []) + (suite.control.map { [$0] } ?? [])).compactMap { result in
                    result.counters.map { counters in
                        var all = counters
                        if let recomputations = result.recomputations, recomputations.unavailable != nil {
                            all["recomputations"] = recomputations
                        }
                        return (result.runtime, all)
                    }
                }
            lines += counterLines(counters)
            for failed in suite.runtimes?.filter({ $0.gate == "failed" }) ?? [] {
                lines.append("not measured: \(failed.gateFailure ?? failed.runtime)")
            }
            lines.append("")
        }
        lines += crossRuntimeSummary(document, markdown: markdown)
        if document.suites.contains(where: { $0.runtimes != nil || $0.regions != nil }) {
            lines.append(document.samplingNote + "; ≈ marks a factor the samples cannot tell from 1.")
            for warning in document.outlierWarnings { lines.append("warning: unstable samples: " + warning) }
        }
        if document.suites.contains(where: { $0.runtimes != nil }), let uncertainty = document.remainingUncertaintyLines
        {
            lines.append(ResultsDocument.remainingUncertaintyNote)
            lines += uncertainty.map { (markdown ? "- " : "  ") + $0 }
        }
        if document.suites.contains(where: { $0.probes != nil }) {
            lines.append(
                "perf-scenarios: every probe passed its value check first; counts are per unit (one turn, one "
                    + "node of the chain, one whole graph), mallocs thread-exact, instructions, retains and releases "
                    + "callgrind's (calls into the runtime's strong retain and release entry points), notices counted "
                    + "by an observer on every boundary the probe made; median time per unit.")
        }
        let shapes = document.suites.flatMap { $0.shapes ?? [] }
        if !shapes.isEmpty {
            lines.append(
                "graph: every case passed its value and run-count check before timing; fastest and median "
                    + "of \(Self.sampleBudgets(shapes)); alien = " + alienFiguresNote)
        }
        if let took = document.durationLine { lines.append(took) }
        return lines.joined(separator: "\n")
    }

    /// Each port's factor against the fastest in every runtime suite, the
    /// geometric mean of those factors, and its whole-session factor against
    /// the compute control; then the same per-suite view in callgrind
    /// instructions, when they were counted. Shown when a run covers
    /// `cross-runtime` or more than one runtime suite.
    static func crossRuntimeSummary(_ document: ResultsDocument, markdown: Bool) -> [String] {
        let suites = document.suites.filter { $0.runtimes != nil && $0.suite != Suite.computeControl.rawValue }
        guard suites.count > 1 || suites.contains(where: { $0.suite == Suite.crossRuntime.rawValue }) else { return [] }
        var ports: [String] = []
        for suite in suites {
            for result in suite.runtimes ?? [] where !ports.contains(result.runtime) { ports.append(result.runtime) }
        }
        let control = controlColumn(suites)
        let timeRows = ports.map { port -> [String] in
            let cells = summaryCells(port, suites) { result, _ in
                result.factorVsFastest.flatMap { factor in factor.value.map { ($0, ReportRenderer.factor(factor)) } }
            }
            var row = [port] + cells
            if let control {
                let factor = control.runtimes?.first { $0.runtime == port }?.factorVsControl
                row.append(factor.map(ReportRenderer.factor) ?? "")
            }
            return row
        }
        let heading = "cross-runtime: each port's factor against the fastest port, per suite"
        var lines =
            [markdown ? "### \(heading)" : heading, ""]
            + table(
                header: ["port"] + suites.map(\.suite) + ["geometric mean"]
                    + (control.map { ["vs control (\($0.suite))"] } ?? []),
                rows: timeRows, markdown: markdown)
            + [""]
        lines += instructionSummary(ports, suites, markdown: markdown)
        return lines
    }

    /// The whole-session suite whose `factorVsControl` the summary shows:
    /// `session`, else `cross-runtime`; nil when the control was not run.
    private static func controlColumn(_ suites: [SuiteResult]) -> SuiteResult? {
        [Suite.session, Suite.crossRuntime].lazy.compactMap { wanted in
            suites.first { $0.suite == wanted.rawValue }
        }.first { suite in
            suite.runtimes?.contains { $0.factorVsControl?.value != nil } == true
        }
    }

    /// Each port's instruction factor against the port with the fewest
    /// instructions in every suite, and their geometric mean; one line
    /// instead when no suite counted instructions.
    private static func instructionSummary(_ ports: [String], _ suites: [SuiteResult], markdown: Bool) -> [String] {
        let factors = suites.map { instructionFactors($0.runtimes ?? []) }
        guard factors.contains(where: { !$0.isEmpty }) else {
            return ["instructions not counted (add --instructions callgrind)", ""]
        }
        let rows = ports.map { port -> [String] in
            [port]
                + summaryCells(port, suites) { result, index in
                    factors[index][result.runtime].map { ($0, countFactor($0)) }
                }
        }
        let heading = "cross-runtime: each port's callgrind instructions against the fewest, per suite"
        let evidence = "cross-runtime: what each time factor rests on, against the fastest port in that suite"
        return [markdown ? "### \(heading)" : heading, ""]
            + table(header: ["port"] + suites.map(\.suite) + ["geometric mean"], rows: rows, markdown: markdown)
            + ["", markdown ? "### \(evidence)" : evidence, ""]
            + table(
                header: ["port"] + suites.map(\.suite),
                rows: ports.map { port in [port] + suites.map { evidenceCell(port, $0) } }, markdown: markdown)
            + [
                "",
                "confirmed: the time interval lies above 1 and the port also runs more instructions than the "
                    + "fastest; time only: slower in time, with no more instructions (a cost instructions do not "
                    + "show, such as cache misses, syscalls or thread hops, or noise; not the allocator where "
                    + "the port calls malloc less); tied: the interval includes 1.",
                "",
            ]
    }

    /// Whether `port`'s time factor in `suite` is borne out by its
    /// instruction count against the same fastest port's.
    static func evidenceCell(_ port: String, _ suite: SuiteResult) -> String {
        let measured = (suite.runtimes ?? []).filter { $0.gate == "passed" && $0.wallNanoseconds != nil }
        guard let result = measured.first(where: { $0.runtime == port }) else { return "" }
        guard let fastest = measured.min(by: { $0.wallNanoseconds!.median < $1.wallNanoseconds!.median }) else {
            return ""
        }
        if fastest.runtime == port { return "fastest" }
        guard let verdict = result.factorVsFastest?.verdict else { return "–" }
        let instructions = instructionCount(result).flatMap { mine in
            instructionCount(fastest).map { mine / $0 }
        }
        switch (verdict, instructions) {
        case ("higher", let ratio?) where ratio > 1: return String(format: "confirmed (%.2f× instr)", ratio)
        case ("higher", let ratio?): return String(format: "time only (%.2f× instr)", ratio)
        case ("higher", nil): return "time only (no count)"
        case ("lower", _): return "faster"
        default: return instructions.map { String(format: "tied (%.2f× instr)", $0) } ?? "tied"
        }
    }

    /// One summary row's cells for `port`: a cell per suite from `value`
    /// (a factor and its text; nil reads "–"), "not measured" where the port
    /// failed, blank where it did not run, then the factors' geometric mean.
    private static func summaryCells(
        _ port: String, _ suites: [SuiteResult],
        value: (RuntimeResult, Int) -> (Double, String)?
    ) -> [String] {
        var factors: [Double] = []
        var cells = suites.indices.map { index -> String in
            guard let result = suites[index].runtimes?.first(where: { $0.runtime == port }) else { return "" }
            guard result.gate == "passed" else { return "not measured" }
            guard let (factor, text) = value(result, index) else { return "–" }
            factors.append(factor)
            return text
        }
        cells.append(
            factors.isEmpty ? "" : String(format: "%.2f×", exp(factors.map(log).reduce(0, +) / Double(factors.count))))
        return cells
    }

    private static func calibrationTable(_ regions: [CalibrationResult], markdown: Bool) -> [String] {
        table(
            header: ["region", "median", "95% CI", "p90", "mallocs", "expected", "heap peak", "instructions"],
            rows: regions.map { region in
                [
                    region.region, duration(region.wallNanoseconds.median), interval(region.wallNanoseconds),
                    duration(region.wallNanoseconds.p90), String(region.allocations.allocations),
                    region.expectedAllocations.map(String.init) ?? "", bytes(region.allocations.peakBytes),
                    region.counters["callgrind-instructions"]?.value.map { String(Int64($0)) } ?? "unavailable",
                ]
            }, markdown: markdown)
    }

    /// The ports' rows, then the compute control's (played through the
    /// same view layer), whose instruction factor is against the port with
    /// the fewest: below 1 where every port is above the floor.
    private static func runtimeTable(_ runtimes: [RuntimeResult], control: RuntimeResult?, markdown: Bool)
        -> [String]
    {
        let measured = runtimes.filter { $0.gate == "passed" } + (control.map { [$0] } ?? [])
        let controlled = measured.contains {
            $0.factorVsControl?.value != nil && $0.runtime != Suite.computeControl.rawValue
        }
        // Exact counts beside the times: a time factor on a noisy machine
        // can be checked against an instruction factor that noise cannot move.
        let instructionFactors = instructionFactors(runtimes, control: control)
        let counted = !instructionFactors.isEmpty
        return table(
            header: ["port", "median", "95% CI", "p90", "vs fastest"] + (controlled ? ["vs control"] : [])
                + (counted
                    ? ["instructions", "instr vs fewest", "shared rules", "view layer (own)", "retains/releases"] : [])
                + ["mallocs", "mallocs/action", "heap peak", "retained", "renders", "recomputations", "requests"],
            rows: measured.map { result in
                let wall = result.wallNanoseconds!
                var row = [
                    result.runtime, duration(wall.median), interval(wall) + result.spreadMark, duration(wall.p90),
                ]
                row.append(result.factorVsFastest.map(factor) ?? "")
                if controlled { row.append(result.factorVsControl.map(factor) ?? "") }
                if counted {
                    row.append(instructionCount(result).map(grouped) ?? "–")
                    row.append(instructionFactors[result.runtime].map(countFactor) ?? "–")
                    row.append(SharedRules.share(of: result.counters).map(percent) ?? "–")
                    row.append(ViewLayerCost.shares(of: result.counters) ?? "–")
                    row.append(
                        retainsAndReleases(
                            result.counters?[CallgrindCounts.retainCalls]?.value,
                            result.counters?[CallgrindCounts.releaseCalls]?.value))
                }
                row.append(result.mallocsPerIteration.map(String.init) ?? "")
                row.append(result.mallocsPerAction.map { String(format: "%.1f", $0) } ?? "")
                row.append(result.peakLiveBytes.map(bytes) ?? "")
                row.append(result.retainedBytes.map(bytes) ?? "")
                row.append(result.renders.map(String.init) ?? "")
                // Only a runtime that counts its own derived values has a number; the JSON keeps the reason.
                row.append(result.recomputations?.value.map { String(Int64($0)) } ?? "–")
                row.append(
                    result.requests.map { "\($0.started) (\($0.applied) applied, \($0.rejected) rejected)" } ?? "")
                return row
            }, markdown: markdown)
    }

    /// The interactions suite's per-kind table: each kind of action in the
    /// cycle with every port's time, its factor against the fastest port at
    /// that kind, its mallocs per action and, when callgrind counted them,
    /// its instructions per action against the fewest at that kind. Empty
    /// for other suites.
    private static func actionKindSection(_ runtimes: [RuntimeResult], markdown: Bool) -> [String] {
        let measured = runtimes.filter { $0.gate == "passed" && $0.actionKinds != nil }
        guard !measured.isEmpty else { return [] }
        let counted = ActionKindResult.instructionsCounted(in: measured)
        let rows = ActionKindResult.kinds(in: measured).flatMap { kind in
            let instructionFactors = ActionKindResult.instructionFactors(measured, kind: kind)
            return measured.compactMap { result -> [String]? in
                guard let entry = result.actionKinds!.first(where: { $0.kind == kind }) else { return nil }
                let wall = entry.wallNanoseconds
                var row = [
                    kind, result.runtime, String(entry.actionsPerCycle), duration(wall.median), interval(wall),
                    duration(wall.p90), entry.factorVsFastest.map(factor) ?? "",
                    String(format: "%.1f", entry.mallocsPerAction),
                ]
                if counted {
                    row.append(entry.instructionsPerAction?.value.map(grouped) ?? "–")
                    row.append(instructionFactors[result.runtime].map(countFactor) ?? "–")
                    row.append(retainsAndReleases(entry.retainsPerAction?.value, entry.releasesPerAction?.value))
                }
                return row
            }
        }
        return ["", "per action kind (each factor against the fastest port at that kind):", ""]
            + table(
                header: ["kind", "port", "actions/cycle", "median", "95% CI", "p90", "vs fastest", "mallocs/action"]
                    + (counted ? ["instructions/action", "instr vs fewest", "retains/releases"] : []),
                rows: rows, markdown: markdown)
    }

    /// "52 / 56": callgrind's retain and release calls, or "–".
    static func retainsAndReleases(_ retains: Double?, _ releases: Double?) -> String {
        guard let retains, let releases else { return "–" }
        let format = { (value: Double) in
            value == value.rounded() ? grouped(value) : String(format: "%.1f", value)
        }
        return format(retains) + " / " + format(releases)
    }

    /// A port's callgrind instruction count, when one was taken.
    static func instructionCount(_ result: RuntimeResult) -> Double? {
        result.counters?["callgrind-instructions"]?.value
    }

    /// Each counted port's instructions as a factor of the fewest among
    /// `results` (one suite), by port; empty when none was counted.
    static func instructionFactors(_ results: [RuntimeResult]) -> [String: Double] {
        factorsOfFewest(
            results.filter { $0.gate == "passed" }.compactMap { result in
                instructionCount(result).map { (result.runtime, $0) }
            })
    }

    /// `instructionFactors(results)`, and the control's count as a factor
    /// of the same fewest port's, by name.
    static func instructionFactors(_ results: [RuntimeResult], control: RuntimeResult?) -> [String: Double] {
        var factors = instructionFactors(results)
        let fewest = results.filter { $0.gate == "passed" }.compactMap(instructionCount).min()
        if let control, let count = instructionCount(control), let fewest, fewest > 0 {
            factors[control.runtime] = count / fewest
        }
        return factors
    }

    /// Each port's count as a factor of the fewest, by port; empty when
    /// there is none (or the fewest is 0).
    static func factorsOfFewest(_ counts: [(port: String, count: Double)]) -> [String: Double] {
        guard let fewest = counts.map(\.count).min(), fewest > 0 else { return [:] }
        return Dictionary(counts.map { ($0.port, $0.count / fewest) }, uniquingKeysWith: { first, _ in first })
    }

    /// Counted values per entry, then each distinct unavailability once.
    private static func counterLines(_ entries: [(String, [String: Reading])]) -> [String] {
        var lines: [String] = []
        var unavailable: [String: [String]] = [:]
        for (name, counters) in entries {
            let counted = counters.sorted { $0.key < $1.key }.compactMap { counter, reading in
                reading.value.map { "\(counter)=\(Int64($0))" }
            }
            if !counted.isEmpty { lines.append("  \(name): " + counted.joined(separator: ", ")) }
            for (counter, reading) in counters {
                if let reason = reading.unavailable, !unavailable[reason, default: []].contains(counter) {
                    unavailable[reason, default: []].append(counter)
                }
            }
        }
        for (reason, counters) in unavailable.sorted(by: { $0.key < $1.key }) {
            lines.append("  unavailable \(counters.sorted().joined(separator: ", ")): \(reason)")
        }
        return lines
    }

    static func table(header: [String], rows: [[String]], markdown: Bool) -> [String] {
        if markdown {
            return [
                "| " + header.joined(separator: " | ") + " |",
                "|" + header.map { _ in " --- |" }.joined(),
            ]
                + rows.map { "| " + $0.joined(separator: " | ") + " |" }
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }
                .joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
        return [line(header)] + rows.map(line)
    }

    // MARK: CSV

    static let csvHeader = [
        "suite", "entry", "gate", "iterations", "median_ns", "ci_low_ns", "ci_high_ns", "min_ns", "p90_ns", "max_ns",
        "mallocs_per_iteration", "bytes_per_iteration", "mallocs_per_action", "peak_live_bytes", "renders",
        "requests_started", "factor_vs_fastest", "recomputations",
        // Per iteration for a port, per action for a kind; callgrind's.
        "instructions", "retain_calls", "release_calls",
        "processes", "p99_ns", "mad_ns", "outliers", "severe_outliers",
        // A port's median over the compute control's, from the same rotations.
        "factor_vs_control",
    ]

    /// The columns after `recomputations`: callgrind's counts, then how the
    /// samples were taken and how far they spread.
    private static func csvTail(
        instructions: Double?, retains: Double?, releases: Double?, processes: Int, _ wall: WallTime,
        factorVsControl: Double? = nil
    ) -> [String] {
        let count = { (value: Double?) in value.map { String(format: "%.1f", $0) } ?? "" }
        var tail: [String] = [count(instructions), count(retains), count(releases), String(processes)]
        tail += [wall.p99, wall.mad].map { $0.map { String(format: "%.0f", $0) } ?? "" }
        tail += [wall.outliers, wall.severeOutliers].map { $0.map(String.init) ?? "" }
        tail.append(factorVsControl.map { String(format: "%.4f", $0) } ?? "")
        return tail
    }

    static func csv(_ document: ResultsDocument) -> String {
        var rows = [csvHeader]
        for suite in document.suites {
            for region in suite.regions ?? [] {
                let wall = region.wallNanoseconds
                rows.append(
                    [suite.suite, region.region, "", String(region.iterations)] + numbers(wall)
                        + [
                            String(region.allocations.allocations), String(region.allocations.bytesRequested), "",
                            String(region.allocations.peakBytes), "", "", "", "",
                        ]
                        + csvTail(
                            instructions: region.counters["callgrind-instructions"]?.value, retains: nil,
                            releases: nil, processes: 1, wall))
            }
            // The control last, as in the tables: the floor under the ports.
            for result in (suite.runtimes ?? []) + (suite.control.map { [$0] } ?? []) {
                guard let wall = result.wallNanoseconds else {
                    rows.append(
                        [suite.suite, result.runtime, result.gate] + Array(repeating: "", count: csvHeader.count - 3))
                    continue
                }
                rows.append(
                    [suite.suite, result.runtime, result.gate, String(result.iterations ?? 0)] + numbers(wall) + [
                        result.mallocsPerIteration.map(String.init) ?? "",
                        result.bytesPerIteration.map(String.init) ?? "",
                        result.mallocsPerAction.map { String(format: "%.2f", $0) } ?? "",
                        result.peakLiveBytes.map(String.init) ?? "", result.renders.map(String.init) ?? "",
                        result.requests.map { String($0.started) } ?? "",
                        result.factorVsFastest?.value.map { String(format: "%.4f", $0) } ?? "",
                        result.recomputations?.value.map { String(Int64($0)) } ?? "",
                    ]
                        + csvTail(
                            instructions: instructionCount(result),
                            retains: result.counters?[CallgrindCounts.retainCalls]?.value,
                            releases: result.counters?[CallgrindCounts.releaseCalls]?.value,
                            processes: result.samplesPerProcess?.count ?? 1, wall,
                            factorVsControl: result.factorVsControl?.value))
            }
            rows += actionKindCSVRows(suite)
            rows += (suite.shapes ?? []).map(graphCSVRow(suite: suite.suite))
            rows += (suite.probes ?? []).map(probeCSVRow(suite: suite.suite))
            rows += growthCSVRows(suite)
        }
        return rows.map { $0.map(csvField).joined(separator: ",") }.joined(separator: "\n")
    }

    /// A graph-suite row: entry is `shape/runtime`, gate is the count
    /// verification (`passed` or `failed`), iterations the timed samples;
    /// min_ns is the fastest sample and median_ns the median (the graph
    /// suite computes no interval or p90); mallocs are per `iterationUnit`.
    static func graphCSVRow(suite: String) -> (GraphShapeResult) -> [String] {
        { shape in
            let samples = shape.samplesNanoseconds ?? []
            let format: (Double?) -> String = { $0.map { String(format: "%.0f", $0) } ?? "" }
            var row = [
                suite, "\(shape.shape)/\(shape.runtime)", shape.verified, samples.isEmpty ? "" : String(samples.count),
            ]
            row += [
                format(shape.medianNanoseconds), "", "", format(shape.fastestNanoseconds), "", format(samples.max()),
            ]
            row += [shape.mallocsPerIteration.map(String.init) ?? ""]
            row += Array(repeating: "", count: csvHeader.count - row.count)
            return row
        }
    }

    /// The interactions suite's per-kind rows, after its ports' rows and in
    /// the text report's order (kind, then port): entry is `port/kind`,
    /// iterations the kind's timed actions, the times that kind's samples,
    /// mallocs and bytes per iteration that kind's share of one cycle,
    /// mallocs per action per action of that kind, and the factor against
    /// the fastest port at that kind. Other suites have none.
    static func actionKindCSVRows(_ suite: SuiteResult) -> [[String]] {
        let measured = (suite.runtimes ?? []).filter { $0.actionKinds != nil }
        return ActionKindResult.kinds(in: measured).flatMap { kind in
            measured.compactMap { result -> [String]? in
                guard let entry = result.actionKinds!.first(where: { $0.kind == kind }) else { return nil }
                var row = [
                    suite.suite, "\(result.runtime)/\(kind)", result.gate, String(entry.samplesNanoseconds.count),
                ]
                row += numbers(entry.wallNanoseconds)
                row += [
                    String(entry.mallocsPerCycle), String(entry.bytesPerCycle),
                    String(format: "%.2f", entry.mallocsPerAction),
                    "", "", "", entry.factorVsFastest?.value.map { String(format: "%.4f", $0) } ?? "", "",
                ]
                row += csvTail(
                    instructions: entry.instructionsPerAction?.value, retains: entry.retainsPerAction?.value,
                    releases: entry.releasesPerAction?.value, processes: entry.samplesPerProcess?.count ?? 1,
                    entry.wallNanoseconds)
                return row
            }
        }
    }

    /// The growth suite's rows: suite is `growth/AXIS`, entry
    /// `port/kind@size` (kind `cold-start` for the cold start, whose row
    /// carries the peak heap), iterations the samples at that size; then
    /// one `port/METRIC/slope` row per fit, its slope in median_ns and its
    /// interval in ci_low_ns and ci_high_ns.
    static func growthCSVRows(_ suite: SuiteResult) -> [[String]] {
        guard let growth = suite.growth else { return [] }
        let pad = { (row: [String]) in row + Array(repeating: "", count: csvHeader.count - row.count) }
        var rows: [[String]] = []
        for series in growth.series {
            let name = "\(suite.suite)/\(series.axis)"
            for line in series.lines {
                for point in line.points {
                    for cost in point.actionKinds {
                        rows.append(
                            pad(
                                [
                                    name, "\(line.runtime)/\(cost.kind)@\(point.size)", "passed",
                                    cost.wallNanoseconds.count.map(String.init) ?? "",
                                ]
                                    + numbers(cost.wallNanoseconds)
                                    + ["", "", String(format: "%.2f", cost.mallocsPerAction)]
                                    // The instructions column, past peak heap to the recomputations.
                                    + Array(repeating: "", count: 5)
                                    + [cost.instructionsPerAction.map { String(format: "%.0f", $0) } ?? ""]))
                    }
                    if let cold = point.coldStart {
                        rows.append(
                            pad(
                                [
                                    name, "\(line.runtime)/cold-start@\(point.size)", "passed",
                                    cold.count.map(String.init) ?? "",
                                ]
                                    + numbers(cold) + ["", "", "", point.peakLiveBytes.map(String.init) ?? ""]))
                    }
                }
                for fit in line.fits {
                    guard let slope = fit.fit else { continue }
                    rows.append(
                        pad(
                            [name, "\(line.runtime)/\(fit.metric)/slope", "passed", String(slope.points)]
                                + [slope.slope, slope.low, slope.high].map { String(format: "%.4f", $0) }))
                }
            }
        }
        return rows
    }

    private static func numbers(_ wall: WallTime) -> [String] {
        [wall.median, wall.ciLow, wall.ciHigh, wall.min, wall.p90, wall.max].map { String(format: "%.0f", $0) }
    }

    private static func csvField(_ field: String) -> String {
        field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" })
            ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
    }

    // MARK: Units

    /// "2.31× (2.20–2.45)", or "1.00×" for the fastest; "≈" marks a factor
    /// whose interval includes 1, which the samples cannot tell from parity.
    static func factor(_ factor: Factor) -> String {
        guard let value = factor.value, let low = factor.low, let high = factor.high else { return "" }
        if low == 1, high == 1 { return "1.00×" }
        let marker = factor.verdict == PairedComparison.Verdict.undecided.rawValue ? "≈" : ""
        return marker + String(format: "%.2f× (%.2f–%.2f)", value, low, high)
    }

    /// An instruction factor: exact counts have no sampling interval.
    static func countFactor(_ value: Double) -> String {
        String(format: "%.2f×", value)
    }

    /// "11.6%": a share of a count.
    static func percent(_ share: Double) -> String {
        String(format: "%.1f%%", share * 100)
    }

    /// "1,897,028": instruction counts run to ten digits.
    static func grouped(_ count: Double) -> String {
        var digits = String(Int64(count.rounded()))
        var groups: [Substring] = []
        while digits.count > 3 {
            groups.insert(Substring(digits.suffix(3)), at: 0)
            digits.removeLast(3)
        }
        return ([Substring(digits)] + groups).joined(separator: ",")
    }

    static func interval(_ wall: WallTime) -> String {
        "\(duration(wall.ciLow))–\(duration(wall.ciHigh))"
    }

    static func duration(_ nanoseconds: Double) -> String {
        switch nanoseconds {
        case ..<1_000: return String(format: "%.0f ns", nanoseconds)
        case ..<1_000_000: return String(format: "%.2f µs", nanoseconds / 1e3)
        case ..<1_000_000_000: return String(format: "%.2f ms", nanoseconds / 1e6)
        default: return String(format: "%.2f s", nanoseconds / 1e9)
        }
    }

    static func bytes(_ count: Int64) -> String {
        switch count {
        case ..<10_240: return "\(count) B"
        case ..<10_485_760: return String(format: "%.1f KiB", Double(count) / 1024)
        default: return String(format: "%.1f MiB", Double(count) / 1_048_576)
        }
    }

    /// "10 samples (dynamic graphs 5, stategraph 1)": the reference budget's
    /// counts, and the runtimes whose graph budget takes one.
    static func sampleBudgets(_ shapes: [GraphShapeResult]) -> String {
        let reduced = Set(shapes.filter { $0.sampleBudget == 1 }.map(\.runtime))
        let names = shapes.map(\.runtime).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            .filter(reduced.contains)
        var text = "10 samples (dynamic graphs 5"
        if !names.isEmpty { text += ", " + names.joined(separator: " and ") + " 1" }
        return text + ")"
    }
}
