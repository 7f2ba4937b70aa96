import BuiltInRuntimes
import Foundation
import Measure
@testable import StorefrontCommand
@testable import StorefrontHarness
import Testing
import Workload

/// The results page and `storefront compare`: the HTML as written, and, in
/// Debian's Chromium run headless, what a person sees (the cells' text,
/// their computed colours, the charts laid out).
@Suite("results page")
struct ResultsPageTests {
    // MARK: The page as written

    @Test("every string from a results document is escaped")
    func escaping() {
        #expect(HTML.escape("a<b & \"c\" 'd' >") == "a&lt;b &amp; &quot;c&quot; &#39;d&#39; &gt;")
        let page = ResultsPage.html(Fixture.run())
        #expect(page.contains("wrong screen &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;total&quot;"))
        #expect(!page.contains("<script"))
    }

    @Test("the page is self-contained: no script, no external file, no network")
    func selfContained() {
        for page in [
            ResultsPage.html(Fixture.run(handWritten: ["cog": 5])),
            ComparePage.html(Fixture.comparison(limit: 1.25)),
        ] {
            #expect(page.hasPrefix("<!DOCTYPE html>"))
            #expect(
                !page.contains("<script") && !page.contains("<link") && !page.contains("src=")
                    && !page.contains("url(") && !page.contains("@import"))
            // The only addresses are the SVG namespace, which is never
            // fetched, and the runtimes' sources, shown as text.
            let sources = Runtime.builtIn.map { ">\($0.source)<" }
            let addresses = sources.reduce(
                page.replacingOccurrences(of: "xmlns=\"http://www.w3.org/2000/svg\"", with: "")
            ) { $0.replacingOccurrences(of: $1, with: "") }
            #expect(addresses.range(of: "https?://", options: .regularExpression) == nil)
            let links = page.matches(of: /href="([^"]*)"/).map { String($0.1) }
            #expect(links.allSatisfy { $0.hasPrefix("#") }, "\(links)")
        }
    }

    @Test("the graph section says the alien column is published figures from another machine, in every format")
    func alienFiguresFromAnotherMachine() {
        var shape = GraphShapeResult(
            shape: "diamond", runtime: "cog", unit: "500 × iter()", iterationUnit: "iter()", alienMilliseconds: 47.8)
        shape.verified = "passed"
        shape.fastestNanoseconds = 30_000_000
        shape.medianNanoseconds = 31_000_000
        let document = Fixture.document(
            recordedAt: "2026-12-01T10:00:00Z", commit: "abc123def456",
            suites: [SuiteResult(suite: "graph", summary: "graph shapes", shapes: [shape])])
        let page = ResultsPage.html(document)
        #expect(page.contains("id=\"suite-graph-alien\""))
        #expect(page.contains("measured on another machine"))
        for markdown in [false, true] {
            #expect(ReportRenderer.text(document, markdown: markdown).contains("measured on another machine"))
        }
    }

    @Test(
        "factors fall in bands by their size as shown; the fastest is 1.00×, an undecided one ≈",
        arguments: [
            (1.0, nil, "f0"), (1.094, nil, "f0"), (1.096, nil, "f1"), (1.49, nil, "f1"), (1.5, nil, "f2"),
            (2.0, "higher", "f3"), (3.99, nil, "f3"), (4.0, nil, "f4"), (38.7, "higher", "f4"),
            (1.3, "undecided", "undecided"),
        ] as [(Double, String?, String)])
    func bands(value: Double, verdict: String?, band: String) {
        #expect(FactorScale.band(value, verdict: verdict).name == band)
    }

    // MARK: In a headless browser

    @Test(
        "in Chromium: the cross-runtime table's cells, their colours, the suites' tables and charts",
        .enabled(if: Chromium.path != nil || Chromium.required, Chromium.missing))
    func runPageInBrowser() throws {
        let folder = try Scratch()
        let page = folder.url.appendingPathComponent("index.html")
        try Data(ResultsPage.html(Fixture.run(handWritten: ["cog": 5, "observable": 14, "memoized": 128])).utf8)
            .write(to: page)
        let seen = try Chromium.render(page, in: folder)

        let summary = try #require(seen.tables["cross-runtime-table"])
        #expect(summary.first?.map(\.text) == ["suite", "cog", "observable", "memoized", "stategraph"])
        let session = try #require(summary.first { $0.first?.text == "session" })
        #expect(
            session.map(\.text) == ["session", "1.00×", "2.45×\n2.41–2.48", "≈1.02×\n0.97–1.08", "5.10×\n4.90–5.30"])
        #expect(session.dropFirst().map(\.band) == ["f0", "f3", "undecided", "f4"])
        for cell in session.dropFirst() {
            #expect(cell.background == Chromium.rgb(FactorScale.colour(of: cell.band ?? "")), "\(cell)")
        }
        let interactions = try #require(summary.first { $0.first?.text == "interactions" })
        #expect(interactions.last?.text == "failed")
        #expect(interactions.last?.classes.contains("failed") == true)
        #expect(summary.contains { $0.first?.text == "geometric mean" })

        let ports = try #require(seen.tables["ports-table"])
        #expect(!seen.overflowing.contains("ports-table"), "the ports table scrolls sideways at 1,280 px")
        #expect(
            ports.first?.map(\.text) == [
                "port", "idiom", "version", "source", "build", "agreement gate", "hand-written statements",
            ])
        let described = Runtime.builtIn.map { runtime in
            [
                runtime.name, runtime.idiom, runtime.version, runtime.source,
                runtime.buildVariant.map { "with \($0): not what an app gets" } ?? "as an app gets it",
            ]
        }
        #expect(ports.dropFirst().map { Array($0.prefix(5).map(\.text)) } == described)
        #expect(
            ports.dropFirst().map { $0.suffix(2).map(\.text) } == [
                ["passed", "5"], ["passed", "14"], ["passed", "128"],
                ["failed: wrong screen <script>alert(1)</script> & \"total\"", "–"],
            ])

        let suite = try #require(seen.tables["suite-session-table"])
        #expect(suite.first?.map(\.text).prefix(6) == ["port", "median", "95% CI", "p90", "vs fastest", "mallocs"])
        #expect(suite[1].map(\.text).prefix(2) == ["cog", "1.00 ms"])
        #expect(suite[1].map(\.text).contains("4200"))
        let kinds = try #require(seen.tables["suite-interactions-kinds"])
        #expect(
            kinds.dropFirst().map { [$0[0].text, $0[1].text] }
                == [["quantity", "cog"], ["quantity", "observable"], ["filter", "cog"], ["filter", "observable"]])
        let failedRow = try #require(seen.tables["suite-interactions-table"]?.last)
        #expect(
            failedRow.map(\.text) == [
                "stategraph", "failed the agreement gate: wrong screen <script>alert(1)</script> & \"total\"",
            ])

        // Each runtime suite's chart is laid out, with a bar per port and metric.
        #expect(Set(seen.charts.map(\.section)) == ["suite-session", "suite-interactions"])
        for chart in seen.charts {
            #expect(chart.width > 300 && chart.height > 50 && chart.bars >= 5, "\(chart)")
        }
        #expect(
            seen.legend == [
                "1.00–1.09×", "1.10–1.49×", "1.50–1.99×", "2.00–3.99×", "≥ 4.00×", "≈ cannot be told from 1.00×",
            ])
        #expect(seen.tables["environment-table"]?.contains { $0.first?.text == "cpu" } == true)
    }

    @Test(
        "in Chromium: a measured run's --output page, every factor coloured by its band",
        .enabled(if: Chromium.path != nil || Chromium.required, Chromium.missing))
    func measuredRunInBrowser() throws {
        let folder = try Scratch()
        let output = folder.url.appendingPathComponent("out")
        let run = try Storefront.run([
            "--suite", "cold-start,interactions", "--scale", "small", "--iterations", "3",
            "--warmup", "0", "--quiet", "--output", output.path,
        ])
        #expect(run.status == 0, "\(run.standardError)")
        let page = output.appendingPathComponent("index.html")
        #expect(run.standardError.hasSuffix("results page: \(page.path)\n"), "\(run.standardError)")
        let seen = try Chromium.render(page, in: folder)
        let summary = try #require(seen.tables["cross-runtime-table"])
        #expect(summary.map { $0[0].text } == ["suite", "cold-start", "interactions", "geometric mean"])
        #expect(summary[0].count == 5)
        let factors = seen.tables.values.flatMap { $0.flatMap { $0 } }.filter { $0.classes.contains("factor") }
        #expect(factors.count > 20)
        for cell in factors {
            let band = try #require(cell.band)
            #expect(cell.background == Chromium.rgb(FactorScale.colour(of: band)), "\(cell)")
            let shown = try #require(Double(cell.text.split(separator: "×")[0].replacingOccurrences(of: "≈", with: "")))
            if band != "undecided" { #expect(FactorScale.band(shown).name == band, "\(cell)") }
        }
        #expect(Set(seen.charts.map(\.section)) == ["suite-cold-start", "suite-interactions"])
        #expect(seen.tables["suite-interactions-kinds"]?.count == 17, "a header and 4 kinds × 4 ports")
    }

    // MARK: Without --output or --record

    @Test("a run with neither --output nor --record ends by naming its page under .build/storefront/last-run")
    func lastRunPage() throws {
        let root = try Scratch()
        try Data("// scratch\n".utf8).write(to: root.url.appendingPathComponent("Package.swift"))
        let run = try Storefront.run(
            [
                "--suite", "cold-start", "--scale", "small", "--runtime", "cog", "--iterations", "2",
                "--warmup", "0", "--quiet",
            ], in: root.url)
        #expect(run.status == 0, "\(run.standardError)")
        let folder = root.url.appendingPathComponent(".build/storefront/last-run")
        #expect(
            run.standardError.hasSuffix("results page: \(folder.appendingPathComponent("index.html").path)\n"),
            "\(run.standardError)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["index.html", "results.json"])
    }

    // MARK: compare

    @Test("compare marks a regression by the baseline rule, prints it, writes the page and exits 3")
    func compareRegression() throws {
        let root = try Scratch()
        let (a, b) = try root.writeComparedPair()
        let out = root.url.appendingPathComponent("page")
        let outcome = try Storefront.run(["compare", a.path, b.path, "--output", out.path], in: root.url)
        #expect(outcome.status == 3, "\(outcome.standardError)")
        let lines = outcome.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "A: \(a.path) (recorded 2026-12-01T10:00:00Z, commit aaaaaaaaaaaa, release build)")
        let row = try #require(lines.first { $0.hasPrefix("  cog ") })
        #expect(
            row.contains("1.00 ms") && row.contains("2.00 ms") && row.contains("2.00× (2.00–2.00)")
                && row.contains("REGRESSION") && row.contains("4,200 → 4,300"), "\(row)")
        #expect(lines.first { $0.hasPrefix("  memoized ") }?.contains("faster") == true)
        #expect(lines.first { $0.hasPrefix("  observable ") }?.contains("≈ same") == true)
        #expect(lines.last == "1 regression(s) marked REGRESSION above")
        let page = out.appendingPathComponent("index.html")
        #expect(
            outcome.standardError == "results page: \(page.path)\n"
                + "storefront: regression: session/cog is 2.00× A's median, above the limit of 1.25×\n")
        #expect(FileManager.default.fileExists(atPath: page.path))
    }

    @Test(
        "compare sets perf-scenarios probes side by side: time, mallocs and instructions per unit, and a failed check")
    func compareProbes() {
        func probe(_ name: String, median: Double, instructions: Double, verified: Bool = true) -> ScenarioProbeResult {
            var result = ScenarioProbeResult(probe: name, id: "PERF-13", summary: "settle", unit: "node")
            result.verified = verified ? "passed" : "failed"
            result.failure = verified ? nil : "the chain's value was wrong"
            result.samplesNanoseconds = (0..<9).map { median + Double($0) }
            result.wallNanoseconds = WallTime(SampleSummary(result.samplesNanoseconds!, resamples: 50))
            result.mallocsPerUnit = 0.5
            result.instructionsPerUnit = Reading(.counted(Int64(instructions)))
            return result
        }
        func run(_ probes: [ScenarioProbeResult]) -> ComparedRun {
            let document = Fixture.document(
                recordedAt: "2026-12-02T10:00:00Z", commit: "cccccccccccc",
                suites: [SuiteResult(suite: "perf-scenarios", summary: "probes", probes: probes)])
            return ComparedRun(name: "X", file: URL(fileURLWithPath: "/x/results.json"), document: document)
        }
        let comparison = Comparison(
            run([
                probe("PERF-13 deep-chain settle", median: 20, instructions: 201),
                probe("PERF-02", median: 5, instructions: 9),
            ]),
            run([
                probe("PERF-13 deep-chain settle", median: 40, instructions: 260),
                probe("PERF-02", median: 5, instructions: 9, verified: false),
            ]),
            timeLimit: 1.25)
        let rows = comparison.suites.first { $0.suite == "perf-scenarios" }?.rows ?? []
        #expect(rows.map(\.entry) == ["PERF-13 deep-chain settle (per node)", "PERF-02 (per node)"])
        #expect(rows.first?.verdict == .regression)
        #expect(rows.first?.instructions.before == 201 && rows.first?.instructions.after == 260)
        #expect(rows.last?.note == "B failed its value check: the chain's value was wrong")
        let text = CompareText.text(comparison)
        #expect(text.contains("0.50 → 0.50") && text.contains("201 → 260"), "\(text)")
        // The Markdown form, for a pull-request comment: a heading, the
        // same rows as a table, and the verdict in bold.
        let markdown = CompareText.text(comparison, markdown: true)
        #expect(markdown.hasPrefix("### storefront compare: B against A"))
        #expect(markdown.contains("#### perf-scenarios"))
        #expect(
            markdown.contains("| entry | A median | B median | B/A | verdict | mallocs A → B | instructions A → B |"))
        #expect(markdown.contains("| PERF-13 deep-chain settle (per node) |") && markdown.contains("| 201 → 260 |"))
        #expect(markdown.contains("**1 regression(s) marked REGRESSION above**"), "\(markdown)")
    }

    @Test("compare reads the limit from Results/thresholds.json, and baselines by name")
    func compareLimitAndBaselines() throws {
        let root = try Scratch()
        let (a, b) = try root.writeComparedPair()
        try root.write(
            """
            {"note": "test", "relativeTimeLimit": 2.5, "mallocsPerAction": {}, "mallocsPerIteration": {}}
            """, to: "Results/thresholds.json")
        try FileManager.default.createDirectory(
            at: root.url.appendingPathComponent("Results/baselines"),
            withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: a.appendingPathComponent("results.json"),
            to: root.url.appendingPathComponent("Results/baselines/nightly.json"))
        let outcome = try Storefront.run(
            [
                "compare", "nightly", b.appendingPathComponent("results.json").path,
                "--output", root.url.appendingPathComponent("page").path,
            ], in: root.url)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(
            outcome.standardOutput.split(separator: "\n").first { $0.hasPrefix("  cog ") }?.contains("slower") == true)
        #expect(outcome.standardOutput.hasSuffix("no regressions\n"))
    }

    @Test(
        "compare refuses bad input with one line saying what was wrong, and exits 1",
        arguments: [
            (
                ["compare", "nope", "b"],
                "storefront: compare: no record folder, results file or baseline named 'nope'; name a folder holding results.json or a saved baseline (none saved under Results/baselines/)"
            ),
            (
                ["compare", "empty", "b"],
                "storefront: compare: empty is a folder without results.json; name a record folder"
            ),
            (["compare", "notes.txt", "b"], "is not a storefront results document: it is not valid JSON"),
            (
                ["compare", "old.json", "b"],
                "has schema storefront-results/0; this tool reads storefront-results/1 and storefront-results/2 and storefront-results/3 and storefront-results/4 and storefront-results/5 and storefront-results/6 and storefront-results/7 and storefront-results/8: record it again"
            ),
            (
                ["compare", "b"],
                "storefront: compare takes two results to compare, got 1; usage: storefront compare A B [--format text|markdown] [--output DIR]"
            ),
            (
                ["compare", "b", "b", "--format", "csv"],
                "storefront: compare: --format takes text or markdown, got 'csv'"
            ),
        ])
    func compareBadInput(arguments: [String], message: String) throws {
        let root = try Scratch()
        _ = try root.writeComparedPair()
        try FileManager.default.createDirectory(
            at: root.url.appendingPathComponent("empty"), withIntermediateDirectories: true)
        try root.write("shopping list\n", to: "notes.txt")
        try root.write("{\"schema\": \"storefront-results/0\", \"suites\": []}", to: "old.json")
        let outcome = try Storefront.run(arguments, in: root.url)
        #expect(outcome.status == 1)
        #expect(outcome.standardError.contains(message), "\(outcome.standardError)")
        #expect(outcome.standardError.filter { $0 == "\n" }.count == 1, "\(outcome.standardError)")
        #expect(outcome.standardOutput.isEmpty)
    }

    @Test(
        "in Chromium: the compare page marks the regression in red and says so",
        .enabled(if: Chromium.path != nil || Chromium.required, Chromium.missing))
    func comparePageInBrowser() throws {
        let folder = try Scratch()
        let page = folder.url.appendingPathComponent("index.html")
        try Data(ComparePage.html(Fixture.comparison(limit: 1.25)).utf8).write(to: page)
        let seen = try Chromium.render(page, in: folder)
        let table = try #require(seen.tables["compare-session-table"])
        #expect(
            table.first?.map(\.text) == [
                "entry", "A median", "B median", "B/A", "verdict", "mallocs A", "mallocs B",
                "instructions A", "instructions B",
            ])
        let cog = try #require(table.first { $0.first?.text == "cog" })
        #expect(cog.prefix(5).map(\.text) == ["cog", "1.00 ms", "2.00 ms", "2.00×\n2.00–2.00", "REGRESSION"])
        #expect(cog[3].classes.contains("regression") && cog[4].classes.contains("regression"))
        #expect(cog[3].background == Chromium.rgb("#f19a93"))
        let same = try #require(table.first { $0.first?.text == "observable" })
        #expect(same[3].text.hasPrefix("≈1.00×") && same[3].classes.contains("same"))
        #expect(same[3].background == Chromium.rgb("#e6e6e6"))
        let faster = try #require(table.first { $0.first?.text == "memoized" })
        #expect(faster[3].classes.contains("faster") && faster[3].background == Chromium.rgb("#b7e1a1"))
        let failed = try #require(table.first { $0.first?.text == "stategraph" })
        #expect(failed[4].text == "B failed the gate: wrong screen <script>alert(1)</script> & \"total\"")
        #expect(seen.verdict?.hasPrefix("1 regression(s): session/cog is 2.00× A's median") == true)
    }
}

// MARK: Fixtures

/// Hand-built results with known factors, so the page's cells can be
/// checked to the character.
enum Fixture {
    static let failure = "wrong screen <script>alert(1)</script> & \"total\""

    static func factor(_ value: Double, _ low: Double, _ high: Double, _ verdict: String) -> Factor {
        var factor = Factor(unavailable: "")
        factor.unavailable = nil
        factor.value = value
        factor.low = low
        factor.high = high
        factor.verdict = verdict
        return factor
    }

    /// A passed port whose samples have median `median` nanoseconds.
    static func port(_ name: String, median: Double, mallocs: UInt64, factor: Factor? = nil, shift: Double = 0)
        -> RuntimeResult
    {
        var result = RuntimeResult(runtime: name, gate: "passed")
        let samples = (0..<9).map { median + Double($0 - 4) * shift }
        result.iterations = samples.count
        result.samplesNanoseconds = samples
        result.wallNanoseconds = WallTime(SampleSummary(samples, resamples: 50))
        result.mallocsPerIteration = mallocs
        result.renders = 33
        result.factorVsFastest = factor
        return result
    }

    static func kinds(_ medians: [Double]) -> [ActionKindResult] {
        zip(["quantity", "filter"], medians).map { kind, median in
            ActionKindResult(
                kind: kind, actionsPerCycle: 2, wallNanoseconds: WallTime(SampleSummary([median], resamples: 10)),
                samplesNanoseconds: [median], mallocsPerCycle: 20, bytesPerCycle: 640, mallocsPerAction: 10,
                factorVsFastest: factor(
                    median / medians.min()!, median / medians.min()!,
                    median / medians.min()!, "higher"))
        }
    }

    static func document(recordedAt: String, commit: String, suites: [SuiteResult]) -> ResultsDocument {
        var environment = EnvironmentFingerprint.current(builtFrom: "0123456789ab")
        environment.gitCommit = commit
        environment.buildConfiguration = "release"
        return ResultsDocument(
            recordedAt: recordedAt, environment: environment,
            workload: WorkloadInfo(scale: "small", products: 240, categories: 6, sessionActions: 93),
            plan: SamplingPlan(warmup: 0, iterations: 9), suites: suites)
    }

    /// A run of every built-in port; `handWritten` gives the ports whose
    /// statements were counted.
    static func run(handWritten: [String: Int]? = nil) -> ResultsDocument {
        var document = runWithoutLineup()
        if let handWritten {
            document.lineup = Runtime.builtIn.map { RuntimeInfo($0, handWrittenStatements: handWritten[$0.name]) }
        }
        return document
    }

    private static func runWithoutLineup() -> ResultsDocument {
        let session = [
            port("cog", median: 1_000_000, mallocs: 4200, factor: factor(1, 1, 1, "undecided")),
            port("observable", median: 2_450_000, mallocs: 9000, factor: factor(2.45, 2.41, 2.48, "higher")),
            port("memoized", median: 1_020_000, mallocs: 4300, factor: factor(1.02, 0.97, 1.08, "undecided")),
            port("stategraph", median: 5_100_000, mallocs: 52000, factor: factor(5.1, 4.9, 5.3, "higher")),
        ]
        var cog = port("cog", median: 50_000, mallocs: 600, factor: factor(1, 1, 1, "undecided"))
        cog.actionKinds = kinds([20_000, 150_000])
        var observable = port("observable", median: 200_000, mallocs: 16000, factor: factor(4, 3.5, 4.5, "higher"))
        observable.actionKinds = kinds([200_000, 2_000_000])
        let interactions = [
            cog, observable, port("memoized", median: 80_000, mallocs: 800, factor: factor(1.6, 1.5, 1.7, "higher")),
            RuntimeResult(runtime: "stategraph", gate: "failed", gateFailure: failure),
        ]
        return document(
            recordedAt: "2026-12-01T10:00:00Z", commit: "abc123def456",
            suites: [
                SuiteResult(suite: "session", summary: "all eleven phases from a fresh runtime", runtimes: session),
                SuiteResult(suite: "interactions", summary: "settled single actions", runtimes: interactions),
            ])
    }

    /// A and B of one session suite: cog twice as slow in B (a
    /// regression at the 1.25 limit), observable the same, memoized
    /// faster, stategraph failed in B.
    static func pair() -> (ResultsDocument, ResultsDocument) {
        let a = document(
            recordedAt: "2026-12-01T10:00:00Z", commit: "aaaaaaaaaaaa",
            suites: [
                SuiteResult(
                    suite: "session", summary: "all eleven phases",
                    runtimes: [
                        port("cog", median: 1_000_000, mallocs: 4200, shift: 1000),
                        port("observable", median: 2_000_000, mallocs: 9000, shift: 1000),
                        port("memoized", median: 1_000_000, mallocs: 4300, shift: 1000),
                        port("stategraph", median: 5_000_000, mallocs: 52000, shift: 1000),
                    ])
            ])
        let b = document(
            recordedAt: "2026-12-02T10:00:00Z", commit: "bbbbbbbbbbbb",
            suites: [
                SuiteResult(
                    suite: "session", summary: "all eleven phases",
                    runtimes: [
                        port("cog", median: 2_000_000, mallocs: 4300, shift: 2000),
                        port("observable", median: 2_000_000, mallocs: 9000, shift: 1000),
                        port("memoized", median: 500_000, mallocs: 4300, shift: 500),
                        RuntimeResult(runtime: "stategraph", gate: "failed", gateFailure: failure),
                    ])
            ])
        return (a, b)
    }

    static func comparison(limit: Double) -> Comparison {
        let (a, b) = pair()
        return Comparison(
            ComparedRun(name: "A", file: URL(fileURLWithPath: "/a/results.json"), document: a),
            ComparedRun(name: "B", file: URL(fileURLWithPath: "/b/results.json"), document: b),
            timeLimit: limit)
    }
}

/// A scratch folder, removed when the test ends.
private struct Scratch: ~Copyable {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-page-\(UUID().uuidString)")

    init() throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func write(_ text: String, to path: String) throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    /// Fixture A and B as record folders `a/` and `b/`.
    func writeComparedPair() throws -> (URL, URL) {
        let (a, b) = Fixture.pair()
        for (name, document) in [("a", a), ("b", b)] {
            try write(
                String(decoding: try ReportRenderer.encoder.encode(document), as: UTF8.self), to: "\(name)/results.json"
            )
        }
        return (url.appendingPathComponent("a"), url.appendingPathComponent("b"))
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

// MARK: Chromium

/// Debian's Chromium, run headless on a page: it lays the page out, and a
/// script added to a copy of the page (the page itself has none) writes
/// what a person would see (each table cell's rendered text, classes and
/// computed background, each chart's laid-out size) into the DOM, which
/// `--dump-dom` prints.
private enum Chromium {
    struct Cell: Decodable, CustomStringConvertible {
        var text: String
        var classes: [String]
        var background: String
        /// The colour band's class, for a factor cell.
        var band: String? { classes.first { $0.hasPrefix("f") && $0.count == 2 || $0 == "undecided" } }
        var description: String { "\(text) \(classes) \(background)" }
    }

    struct Chart: Decodable {
        var section: String
        var width: Double
        var height: Double
        var bars: Int
    }

    struct Seen: Decodable {
        var tables: [String: [[Cell]]]
        /// Tables wider than their section: the reader must scroll sideways.
        var overflowing: [String]
        var charts: [Chart]
        var legend: [String]
        var verdict: String?
    }

    static let path: String? = {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for name in ["chromium", "chromium-browser"] {
            for directory in directories where FileManager.default.isExecutableFile(atPath: "\(directory)/\(name)") {
                return "\(directory)/\(name)"
            }
        }
        return nil
    }()

    /// CI must test the page in a browser: there, a missing Chromium fails
    /// the test instead of skipping it.
    static let required = ProcessInfo.processInfo.environment["CI"] == "true"

    static let missing: Comment =
        "Chromium is not installed (apt-get install -y chromium); outside CI these tests are skipped"

    static let probe = """
        <script>
        const seen = { tables: {}, charts: [], legend: [], verdict: null, overflowing: [] };
        for (const table of document.querySelectorAll('table[id]')) {
          seen.tables[table.id] = [...table.rows].map(row => [...row.cells].map(cell => ({
            text: cell.innerText.trim(), classes: [...cell.classList], background: getComputedStyle(cell).backgroundColor })));
        }
        for (const svg of document.querySelectorAll('figure.chart svg')) {
          const box = svg.getBoundingClientRect();
          seen.charts.push({ section: svg.closest('section').id, width: box.width, height: box.height,
                             bars: svg.querySelectorAll('rect').length - 1 });
        }
        seen.overflowing = [...document.querySelectorAll('table[id]')]
          .filter(table => table.scrollWidth > table.parentElement.clientWidth + 1).map(table => table.id);
        seen.legend = [...document.querySelectorAll('#legend li')].map(item => item.innerText.trim());
        const verdict = document.getElementById('verdict');
        if (verdict) seen.verdict = verdict.innerText.trim();
        document.body.setAttribute('data-seen', btoa(unescape(encodeURIComponent(JSON.stringify(seen)))));
        </script>
        """

    static func render(_ page: URL, in scratch: borrowing Scratch) throws -> Seen {
        let chromium = try #require(path, "CI=true: the page must be checked in Chromium; .ci/run installs it")
        let probed = scratch.url.appendingPathComponent("probed-\(UUID().uuidString).html")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(!html.contains("<script"), "the page itself must need no script")
        try Data(html.replacingOccurrences(of: "</body>", with: probe + "\n</body>").utf8).write(to: probed)
        let process = Process()
        // A hung browser must not hang the test run.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = [
            "60", chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
            "--user-data-dir=\(scratch.url.appendingPathComponent("profile-\(UUID().uuidString)").path)",
            "--window-size=1280,1000", "--dump-dom", probed.absoluteString,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let dom = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "chromium exited \(process.terminationStatus)")
        let encoded = try #require(
            dom.firstMatch(of: /data-seen="([^"]*)"/)?.1, "no data-seen in:\n\(dom.prefix(2000))")
        let json = try #require(Data(base64Encoded: String(encoded)))
        return try JSONDecoder().decode(Seen.self, from: json)
    }

    /// "#f19a93" as the browser reports it: "rgb(241, 154, 147)".
    static func rgb(_ hex: String) -> String {
        let value = Int(hex.dropFirst(), radix: 16) ?? 0
        return "rgb(\(value >> 16), \((value >> 8) & 0xFF), \(value & 0xFF))"
    }
}
