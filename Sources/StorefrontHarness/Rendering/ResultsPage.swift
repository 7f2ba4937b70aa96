import Foundation
import Measure

/// The results page: one self-contained `index.html` a person opens to read
/// a run (the cross-runtime table with coloured factors, each suite's
/// table and chart, the ports' gate outcome and hand-written statements, the
/// environment). Written into every record folder and every `--output`
/// directory. Self-contained means no network and no external file: the
/// CSS is inline, the charts are inline SVG, and there is no script, so the
/// page reads the same from a record folder, an e-mail or a CI artifact.
package enum ResultsPage {
    package static let fileName = "index.html"

    /// The page for `document`. `handWritten` holds each port's
    /// hand-written statement count (`HandWrittenStatements`), or nil when the run
    /// was not made from the repository root, which holds the ports' sources.
    static func html(_ document: ResultsDocument) -> String {
        let handWritten = document.handWrittenStatements
        let title = "storefront results, \(document.recordedAt.prefix(10)), commit \(document.environment.gitCommit)"
        var body = ["<h1>\(HTML.escape(title))</h1>"]
        body += banners(document)
        body.append("<p class=\"summary\">\(HTML.escape(summary(document)))</p>")
        for warning in document.outlierWarnings {
            body.append("<p class=\"note\">Unstable samples: \(HTML.escape(warning)).</p>")
        }
        body.append(navigation(document))
        body += crossRuntimeSection(document)
        body += portsSection(document, handWritten: handWritten)
        for suite in document.suites { body += suiteSection(suite, document: document) }
        body += environmentSection(document)
        return page(title: title, body: body)
    }

    /// The skeleton every page shares, the comparison page included.
    static func page(title: String, body: [String]) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(HTML.escape(title))</title>
        <style>
        \(css)
        </style>
        </head>
        <body>
        \(body.joined(separator: "\n"))
        </body>
        </html>

        """
    }

    static let css = """
        body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 1.5rem auto; max-width: 1200px;
               padding: 0 1rem; color: #222; line-height: 1.4; }
        h1 { font-size: 1.5rem; } h2 { font-size: 1.25rem; margin-top: 2rem; border-bottom: 1px solid #ddd; }
        table { border-collapse: collapse; margin: 0.75rem 0; font-size: 0.9rem; font-variant-numeric: tabular-nums; }
        th, td { border: 1px solid #ccc; padding: 0.25rem 0.5rem; text-align: right; vertical-align: top; }
        td { white-space: nowrap; }
        td.failed, td.wrap, table.definitions td { white-space: normal; }
        td.wrap { text-align: left; overflow-wrap: anywhere; min-width: 5rem; }
        table#ports-table { width: 100%; }
        td.text { text-align: left; }
        section { overflow-x: auto; }
        thead th { background: #f3f3f3; text-align: center; }
        tbody th { text-align: left; font-weight: 600; }
        table.definitions td { text-align: left; }
        caption { text-align: left; font-weight: 600; padding-bottom: 0.25rem; }
        .interval { display: block; font-size: 0.75rem; color: #444; }
        .factor.undecided { border: 1px dashed #777; font-style: italic; }
        .factor.fastest { font-weight: 700; }
        .failed { background: #fbd5d5; color: #7a0000; text-align: left; }
        .passed { color: #135c13; text-align: left; }
        .na { color: #888; }
        .banner { background: #fff3cd; border: 1px solid #e0b84d; padding: 0.5rem 0.75rem; font-weight: 600; }
        .legend { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 0.75rem; font-size: 0.85rem; }
        .swatch { display: inline-block; width: 1.2em; height: 1em; margin-right: 0.3em; vertical-align: middle; }
        .note { color: #555; font-size: 0.85rem; }
        figure.chart { margin: 0.75rem 0; overflow-x: auto; }
        nav a { margin-right: 0.75rem; }
        .regression { background: #f19a93; font-weight: 700; }
        .slower { background: #fde59a; }
        .faster { background: #b7e1a1; }
        .same { background: #e6e6e6; font-style: italic; }
        \(FactorScale.css)
        """

    private static func banners(_ document: ResultsDocument) -> [String] {
        guard document.environment.buildConfiguration == "debug" else { return [] }
        return [
            "<p class=\"banner\" id=\"debug-build\">Debug build: these times are not what an app gets; "
                + "run with <code>swift run -c release</code>.</p>"
        ]
    }

    static func summary(_ document: ResultsDocument) -> String {
        let workload = document.workload
        return "Recorded \(document.recordedAt) on \(document.environment.cpuModel) "
            + "(\(document.environment.logicalCores) cores, \(document.environment.buildConfiguration) build). "
            + "Workload: \(workload.label), \(workload.products) products in \(workload.categories) categories, "
            + "\(workload.sessionActions) actions per session. " + document.samplingNote + "."
    }

    private static func navigation(_ document: ResultsDocument) -> String {
        let links =
            [("cross-runtime-summary", "cross-runtime summary"), ("ports", "ports")]
            + document.suites.map { ("suite-\(HTML.identifier($0.suite))", $0.suite) }
            + [("environment", "environment")]
        return "<nav>" + links.map { "<a href=\"#\($0.0)\">\(HTML.escape($0.1))</a>" }.joined() + "</nav>"
    }

    /// Each port's agreement-gate outcome over the runtime suites, and its
    /// hand-written statements: what a reader checks before trusting a number.
    private static func portsSection(_ document: ResultsDocument, handWritten: [String: Int]?) -> [String] {
        let ports = portNames(document)
        var lines = [
            "<section id=\"ports\">",
            "<h2>Ports: what each runtime is, the agreement gate, and hand-written statements</h2>",
        ]
        if ports.isEmpty {
            lines.append("<p class=\"note\">No runtime suite ran, so no port went through the agreement gate.</p>")
        } else {
            let rows = ports.map { port -> [HTML.Cell] in
                let failures = document.suites.compactMap { suite in
                    suite.runtimes?.first { $0.runtime == port && $0.gate == "failed" }
                }
                let gate =
                    failures.first.map { failed in
                        HTML.Cell(
                            "failed: " + (failed.gateFailure ?? "no reason recorded"), classes: ["failed", "gate"])
                    } ?? HTML.Cell("passed", classes: ["passed", "gate"])
                let lines = handWritten?[port].map { HTML.Cell(String($0)) } ?? HTML.Cell("–", classes: ["na"])
                let info = document.info(port)
                // Prose cells wrap, so the table fits the page's width
                // rather than scrolling sideways at 1,400 px (issue 59).
                func described(_ text: String?) -> HTML.Cell {
                    text.map { HTML.Cell($0, classes: ["wrap"]) }
                        ?? HTML.Cell("not recorded before schema 5", classes: ["na", "wrap"])
                }
                let build = info.map {
                    $0.buildVariant.map { "with \($0): not what an app gets" } ?? "as an app gets it"
                }
                return [
                    HTML.Cell(port), described(info?.idiom), described(info?.version), described(info?.source),
                    described(build), gate, lines,
                ]
            }
            lines.append(
                HTML.table(
                    id: "ports-table",
                    header: [
                        "port", "idiom", "version", "source", "build", "agreement gate", "hand-written statements",
                    ],
                    rows: rows))
            lines.append(
                "<p class=\"note\">A port that fails the gate computed a wrong screen and gets no numbers. "
                    + "Hand-written statements are the statements each port writes by hand to keep derived values "
                    + "correct (caches, invalidation routing, hand-kept indexes, request generations, and their "
                    + "declarations), counted by parsing the sources' HAND-WRITTEN markers"
                    + (handWritten == nil
                        ? "; not counted here, as the ports' sources were not on the machine that ran." : ".")
                    + "</p>")
            if let uncertainty = document.remainingUncertaintyLines {
                lines.append(
                    "<p class=\"note\" id=\"remaining-uncertainty\">"
                        + HTML.escape(ResultsDocument.remainingUncertaintyNote) + "</p>")
                lines.append("<ul>" + uncertainty.map { "<li>\(HTML.escape($0))</li>" }.joined() + "</ul>")
            }
        }
        lines.append("</section>")
        return lines
    }

    /// The ports that ran any runtime suite, in the order they first appear.
    static func portNames(_ document: ResultsDocument) -> [String] {
        var ports: [String] = []
        for suite in document.suites where suite.suite != Suite.computeControl.rawValue {
            for result in suite.runtimes ?? [] where !ports.contains(result.runtime) { ports.append(result.runtime) }
        }
        return ports
    }

    private static func environmentSection(_ document: ResultsDocument) -> [String] {
        let plan = document.plan
        let rows =
            document.environment.rows + [
                ("recorded at", document.recordedAt),
                ("results schema", document.schema),
                (
                    "workload",
                    "\(document.workload.label): \(document.workload.products) products, "
                        + "\(document.workload.categories) categories, \(document.workload.sessionActions) actions per session"
                ),
                (
                    "sampling",
                    "\(plan.iterations) iterations after \(plan.warmup) warm-up rounds"
                        + (plan.minimumSeconds > 0 ? ", at least \(plan.minimumSeconds) s" : "")
                        + (document.timingProcesses > 1 ? ", in each of \(document.timingProcesses) processes" : "")
                ),
            ]
        return [
            "<section id=\"environment\">", "<h2>Environment</h2>", HTML.definitions(id: "environment-table", rows),
            "</section>",
        ]
    }
}

extension ResultsPage {
    /// Writes a run's folder: `results.json` and the page beside it, as one
    /// unit: interrupts wait until both are in place, and a run stopped
    /// before this leaves no folder it made. Returns both paths.
    package static func writeRun(_ document: ResultsDocument, in directory: URL) throws -> (
        results: URL, page: URL
    ) {
        let results = try ReportRenderer.encoder.encode(document)
        let page = Data(html(document).utf8)
        RecordTestHook.interrupt(at: .beforeOutput)
        return try RecordWriter.writeTogether {
            let resultsFile = try RecordWriter.write(results, named: "results.json", in: directory)
            RecordTestHook.interrupt(at: .midOutput)
            return (resultsFile, try RecordWriter.write(page, named: fileName, in: directory))
        }
    }

    /// Where a run that names neither `--output` nor `--record` leaves its
    /// page (and its `results.json`, for `storefront compare`), so that the
    /// README's plain command still ends with a page to open:
    /// `.build/storefront/NAME/` under the package when run from its root
    /// (ignored by git, like the build), else a folder in the temporary
    /// directory.
    package static func defaultFolder(_ name: String) -> URL {
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        if FileManager.default.fileExists(atPath: current.appendingPathComponent("Package.swift").path) {
            return current.appendingPathComponent(".build/storefront/\(name)", isDirectory: true)
        }
        return FileManager.default.temporaryDirectory.appendingPathComponent("storefront-\(name)", isDirectory: true)
    }

    /// The last-run page, when no other page was written: the run's
    /// `results.json` and `index.html` in `defaultFolder("last-run")`. It
    /// was not asked for, so a folder it cannot write costs a warning, not
    /// the run.
    package static func writeLastRun(_ document: ResultsDocument) -> URL? {
        let folder = defaultFolder("last-run")
        do {
            return try writeRun(document, in: folder).page
        } catch {
            Console.error("storefront: warning: no results page written (\(error)); pass --output DIR for one\n")
            return nil
        }
    }

    /// The run's last lines: where each page it wrote lies.
    package static func announce(_ pages: [URL]) {
        for page in pages {
            Console.error("results page: \(page.path)\n")
        }
    }
}
