import Foundation
import Measure
@testable import StorefrontCommand
@testable import StorefrontHarness
import HandWrittenCode
import Testing
import Workload

/// The reporting that cannot hide a weak baseline, checked on hand-built
/// results (no timing): interactions per action kind, instruction factors
/// beside time factors, and the factor against the compute control.
@Suite("storefront reporting")
struct ReportingTests {
    @Test("every action of the interactions cycle has its kind: quantity, filter on and off, page")
    func cycleKinds() {
        let catalog = Catalog(scale: .small)
        let schedule = SessionSchedule(catalog: catalog)
        let cycle = SessionSchedule.interactionCycle(after: schedule.stepsBeforeBurst)
        #expect(cycle.map(ActionKind.init) == [.quantity, .quantity, .filterOn, .filterOff, .page, .page])
        #expect(ActionKind.kinds(in: cycle) == [.quantity, .filterOn, .filterOff, .page])
    }

    @Test(
        "actions outside the three kinds are called other, never lumped into one",
        arguments: [
            (UserAction.setPriceRange(minimumCents: 100, maximumCents: nil), ActionKind.filterOn),
            (.setPriceRange(minimumCents: nil, maximumCents: nil), .filterOff),
            (.setMinimumRating(4), .filterOn),
            (.setMinimumRating(0), .filterOff),
            (.setInStockOnly(false), .filterOff),
            (.selectCategory(2), .other),
            (.setQuery("lamp"), .other),
            (.setSort(.priceLowToHigh), .other),
            (.addToCart(3), .quantity),
            (.placeOrder, .other),
        ])
    func otherKinds(action: UserAction, kind: ActionKind) {
        #expect(ActionKind(action) == kind)
    }

    @Test("a port's samples and allocations split by kind, iteration by iteration")
    func split() {
        // Two cycles: sample n is 10 × (n + 1) ns; action i allocates i + 1 times.
        let samples = (0..<12).map { Double(10 * ($0 + 1)) }
        let kinds = ActionKindResult.split(
            samples: ProcessSamples([samples]), allocations: Report.allocations([1, 2, 3, 4, 5, 6]),
            cycle: Report.cycle)
        #expect(kinds.map(\.kind) == ["quantity", "filter-on", "filter-off", "page"])
        #expect(kinds[0].samplesNanoseconds == [10, 20, 70, 80])
        #expect(kinds[1].samplesNanoseconds == [30, 90])
        #expect(kinds[2].samplesNanoseconds == [40, 100])
        #expect(kinds[3].samplesNanoseconds == [50, 60, 110, 120])
        #expect(kinds.map(\.actionsPerCycle) == [2, 1, 1, 2])
        #expect(kinds.map(\.mallocsPerCycle) == [3, 3, 4, 11])
        #expect(kinds.map(\.mallocsPerAction) == [1.5, 3, 4, 5.5])
        #expect(kinds.map(\.bytesPerCycle) == [48, 48, 64, 176])
    }

    @Test("each kind's factor is against the fastest port at that kind, not over the cycle")
    func kindFactors() throws {
        let suite = try #require(Report.document(instructions: true).suites.first { $0.suite == "interactions" })
        let cog = try #require(suite.runtimes?.first { $0.runtime == "cog" }?.actionKinds)
        let memoized = try #require(suite.runtimes?.first { $0.runtime == "memoized" }?.actionKinds)
        // Cog is twice as fast at quantity and both filter kinds; memoized twice as fast at page.
        #expect(cog.map { $0.factorVsFastest?.value } == [1, 1, 1, 2])
        #expect(memoized.map { $0.factorVsFastest?.value } == [2, 2, 2, 1])
        #expect(memoized[0].factorVsFastest?.verdict == "higher")
    }

    @Test("the interactions suite prints a per-kind table with time, factor and mallocs per action")
    func kindTable() throws {
        let text = ReportRenderer.text(Report.document(instructions: true), markdown: false)
        let section = try #require(
            text.components(separatedBy: "per action kind (each factor against the fastest port at that kind):").last)
        let rows = section.split(separator: "\n").prefix(9).map {
            $0.split(separator: " ", omittingEmptySubsequences: true)
        }
        #expect(rows[0].prefix(3) == ["kind", "port", "actions/cycle"])
        #expect(
            rows.dropFirst().map { "\($0[0]) \($0[1])" } == [
                "quantity cog", "quantity memoized", "filter-on cog", "filter-on memoized", "filter-off cog",
                "filter-off memoized", "page cog", "page memoized",
            ])
        // Mallocs per action, then instructions per action, their factor, and retains/releases.
        #expect(rows[1].contains("1.00×") && rows[1].dropLast(3).last == "1.5")
        #expect(rows[2].contains("2.00×") && rows[2].dropLast(3).last == "15.0")
        #expect(rows[8].contains("1.00×"))

        let markdown = ReportRenderer.text(Report.document(instructions: true), markdown: true)
        #expect(
            markdown.contains(
                "| kind | port | actions/cycle | median | 95% CI | p90 | vs fastest | mallocs/action | instructions/action | instr vs fewest | retains/releases |"
            ))
        #expect(markdown.contains("| page | cog | 2 |"))
        // Instructions per action of each kind, against the fewest at that kind.
        #expect(rows[3].suffix(3).prefix(2) == ["333,333", "1.00×"])
        #expect(rows[4].suffix(3).prefix(2) == ["1,500,000", "4.50×"])

        let uncounted = ReportRenderer.text(Report.document(instructions: false), markdown: true)
        #expect(uncounted.contains("| vs fastest | mallocs/action |\n"))
        #expect(!uncounted.contains("instructions/action"))
    }

    @Test("with callgrind counts, each suite's table and the summary show instruction factors beside time factors")
    func instructionColumns() throws {
        let text = ReportRenderer.text(Report.document(instructions: true), markdown: true)
        #expect(
            text.contains(
                "| port | median | 95% CI | p90 | vs fastest | instructions | instr vs fewest | shared rules | view layer (own) | retains/releases | mallocs |"
            ))
        #expect(
            text.contains(
                "| port | median | 95% CI | p90 | vs fastest | vs control | instructions | instr vs fewest | shared rules |"
            )
        )
        #expect(text.contains("| 2,000,000 | 1.00× | 25.0% |"))
        #expect(text.contains("| 9,000,000 | 4.50× | 25.0% |"))

        let summary = try #require(
            text.components(separatedBy: "### cross-runtime: each port's factor against the fastest port").last)
        #expect(summary.contains("| port | interactions | session | geometric mean | vs control (session) |"))
        // Session: memoized 1.5× the control's median, cog 2×.
        #expect(summary.contains("| 2.00× (2.00–2.00) |\n"))
        #expect(summary.contains("### cross-runtime: each port's callgrind instructions against the fewest, per suite"))
        #expect(summary.contains("| port | interactions | session | geometric mean |"))
        // Instructions: cog 1.00× and 1.00×; memoized 4.50× and 2.00×, geometric mean 3.00×.
        #expect(summary.contains("| cog | 1.00× | 1.00× | 1.00× |"))
        #expect(summary.contains("| memoized | 4.50× | 2.00× | 3.00× |"))
        #expect(!summary.contains("instructions not counted"))
        let evidence = try #require(
            summary.components(separatedBy: "### cross-runtime: what each time factor rests on").last)
        // Session: cog 2× memoized's time at half its instructions; interactions: memoized tied in time.
        #expect(evidence.contains("| cog | fastest | time only (0.50× instr) |"))
        #expect(evidence.contains("| memoized | tied (4.50× instr) | fastest |"))
    }

    @Test("without callgrind counts the report says so once, with no empty instruction columns")
    func instructionsNotCounted() {
        let text = ReportRenderer.text(Report.document(instructions: false), markdown: false)
        #expect(text.components(separatedBy: "instructions not counted (add --instructions callgrind)").count == 2)
        #expect(!text.contains("instr vs fewest"))
        #expect(!text.contains("shared rules"))
        #expect(!text.contains("callgrind instructions against the fewest"))
    }

    @Test("CSV adds one port/kind row per kind under the fixed header")
    func csvKindRows() throws {
        let csv = ReportRenderer.csv(Report.document(instructions: true))
        let rows = csv.split(separator: "\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        #expect(rows[0] == ReportRenderer.csvHeader)
        #expect(rows.allSatisfy { $0.count == ReportRenderer.csvHeader.count })
        #expect(
            rows.filter { $0[0] == "interactions" }.map { $0[1] } == [
                "cog", "memoized", "cog/quantity", "memoized/quantity", "cog/filter-on", "memoized/filter-on",
                "cog/filter-off", "memoized/filter-off", "cog/page", "memoized/page",
            ])
        let header = rows[0]
        let row = try #require(rows.first { $0[1] == "memoized/quantity" })
        let cell = { (name: String) in row[header.firstIndex(of: name)!] }
        #expect(cell("gate") == "passed")
        #expect(cell("iterations") == "4")
        #expect(cell("median_ns") == "3000")
        #expect(cell("mallocs_per_iteration") == "30")
        #expect(cell("mallocs_per_action") == "15.00")
        #expect(cell("factor_vs_fastest") == "2.0000")
    }

    @Test("CSV lists a runtime suite's compute control after its ports, and each port's factor against it")
    func csvControlRow() throws {
        var document = Report.document(instructions: true)
        let session = try #require(document.suites.firstIndex { $0.suite == "session" })
        document.suites[session].control = Report.port(
            Player.controlName, samples: [40_000, 40_000], mallocs: [300], instructions: 30_000_000)
        let rows = ReportRenderer.csv(document).split(separator: "\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        #expect(rows.allSatisfy { $0.count == ReportRenderer.csvHeader.count })
        let header = rows[0]
        let column = { (name: String) in header.firstIndex(of: name)! }
        #expect(rows.filter { $0[0] == "session" }.map { $0[1] } == ["cog", "memoized", "control"])
        let control = try #require(rows.first { $0[0] == "session" && $0[1] == "control" })
        #expect(control[column("median_ns")] == "40000")
        #expect(control[column("instructions")] == "30000000.0")
        let memoized = try #require(rows.first { $0[0] == "session" && $0[1] == "memoized" })
        #expect(memoized[column("factor_vs_control")] == "1.5000")
    }

    @Test("each port's last review is published as the ratios' remaining uncertainty, in text and on the page")
    func remainingUncertainty() throws {
        var document = Report.document(instructions: true)
        var cog = RuntimeInfo(name: "cog", version: "v", source: "s", idiom: "i")
        cog.review = RuntimeInfo.Review(
            round: 4, date: "2026-12-07", largestFindingPercent: ["session": 0.07, "funnel-memory": 1.05])
        document.lineup = [cog, RuntimeInfo(name: "memoized", version: "v", source: "s", idiom: "i")]
        let text = try ReportRenderer.render(document, as: .text)
        #expect(text.contains("Remaining uncertainty: the largest single finding of each port's last review round"))
        #expect(text.contains("  cog: round 4 (2026-12-07): at most 1.05% (funnel-memory)"), "\(text)")
        #expect(text.contains("  memoized: not reviewed"))
        let page = ResultsPage.html(document)
        #expect(page.contains("<li>cog: round 4 (2026-12-07): at most 1.05% (funnel-memory)</li>"))
        // A document from before reviews were recorded says nothing of them.
        document.lineup = nil
        #expect(!(try ReportRenderer.render(document, as: .text)).contains("Remaining uncertainty"))
    }

    @Test("the results document round-trips through JSON with its action kinds")
    func jsonRoundTrip() throws {
        let document = Report.document(instructions: true)
        let encoded = try ReportRenderer.encoder.encode(document)
        let decoded = try JSONDecoder().decode(ResultsDocument.self, from: encoded)
        #expect(decoded.schema == "storefront-results/8")
        let kinds = { (document: ResultsDocument) in
            document.suites.compactMap(\.runtimes).flatMap { $0 }.map(\.actionKinds)
        }
        #expect(kinds(decoded) == kinds(document))
        #expect(try ReportRenderer.encoder.encode(decoded) == encoded)
    }

    @Test("--suite interactions records each port's kinds; the kinds' mallocs add up to the cycle's")
    func interactionsRecordKinds() throws {
        let outcome = try Storefront.run([
            "--suite", "interactions", "--scale", "small", "--iterations", "2", "--warmup", "0",
            "--runtime", "cog,memoized", "--format", "json", "--quiet",
        ])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let decoded = try JSONDecoder().decode(ResultsDocument.self, from: Data(outcome.standardOutput.utf8))
        let runtimes = try #require(decoded.suites.first?.runtimes)
        #expect(runtimes.count == 2)
        for runtime in runtimes {
            let kinds = try #require(runtime.actionKinds, "\(runtime.runtime) has no action kinds")
            #expect(kinds.map(\.kind) == ["quantity", "filter-on", "filter-off", "page"])
            // Two iterations of a cycle: two quantity changes, the filter on
            // and off, two page flips.
            #expect(kinds.map(\.actionsPerCycle) == [2, 1, 1, 2])
            #expect(kinds.allSatisfy { $0.samplesNanoseconds.count == 2 * $0.actionsPerCycle })
            #expect(kinds.allSatisfy { $0.factorVsFastest?.value != nil })
            // The cycle's count is the sum of its actions' regions in the same run: exact.
            #expect(kinds.map(\.mallocsPerCycle).reduce(0, +) == runtime.mallocsPerIteration)
        }
    }

    @Test("a recorded schema-1 document still loads as a baseline, without action kinds")
    func schemaOneStillReadable() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "storefront-schema-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let recorded = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Results/2026-11-30-d6b113bc9301/results.json")
        let baselines = root.appendingPathComponent("Results/baselines")
        try FileManager.default.createDirectory(at: baselines, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: recorded, to: baselines.appendingPathComponent("old.json"))
        let document = try Baselines.load("old", root: root)
        #expect(document.schema == "storefront-results/1")
        let interactions = try #require(document.suites.first { $0.suite == "interactions" }?.runtimes)
        #expect(!interactions.isEmpty && interactions.allSatisfy { $0.actionKinds == nil })
        // The report of an old record still renders, just without per-kind rows.
        #expect(!ReportRenderer.text(document, markdown: true).contains("per action kind"))
    }
}

/// A hand-built results document: interactions and session for cog and
/// memoized, and the compute control. Two iterations; every sample is exact,
/// so every factor is too.
private enum Report {
    static let cycle: [UserAction] = [
        .setQuantity(productID: 1, quantity: 5), .setQuantity(productID: 1, quantity: 1),
        .setInStockOnly(true), .setInStockOnly(false), .setPage(1), .setPage(0),
    ]

    static func allocations(_ mallocs: [UInt64]) -> [AllocationCounts] {
        mallocs.map { count in
            var counts = AllocationCounts.zero
            counts.allocations = count
            counts.bytesRequested = 16 * count
            return counts
        }
    }

    static func document(instructions: Bool) -> ResultsDocument {
        // Per action, per cycle: cog 1.5 µs at quantity and filter, 6 µs at
        // page; memoized twice that at quantity and filter, half at page.
        let cogCycle: [Double] = [1_000, 2_000, 1_000, 2_000, 6_000, 6_000]
        let memoizedCycle: [Double] = [2_000, 4_000, 2_000, 4_000, 3_000, 3_000]
        var interactions = [
            port(
                "cog", samples: cogCycle + cogCycle, mallocs: [1, 2, 3, 4, 5, 6],
                instructions: instructions ? 2_000_000 : nil,
                cycle: cycle),
            port(
                "memoized", samples: memoizedCycle + memoizedCycle, mallocs: [10, 20, 30, 40, 50, 60],
                instructions: instructions ? 9_000_000 : nil, cycle: cycle),
        ]
        RuntimeResult.compareWithFastest(&interactions)
        let control = [40_000.0, 40_000]
        var session = [
            port("cog", samples: [80_000, 80_000], mallocs: [500], instructions: instructions ? 50_000_000 : nil),
            port(
                "memoized", samples: [60_000, 60_000], mallocs: [400], instructions: instructions ? 100_000_000 : nil),
        ]
        RuntimeResult.compareWithFastest(&session)
        for index in session.indices {
            session[index].factorVsControl = Factor(
                PairedComparison(session[index].samplesNanoseconds!, against: control))
        }
        var controlResult = [port("compute-control", samples: control, mallocs: [300], instructions: nil)]
        RuntimeResult.compareWithFastest(&controlResult)
        return ResultsDocument(
            recordedAt: "2026-12-01T00:00:00Z",
            environment: EnvironmentFingerprint.current(builtFrom: "0123456789ab"),
            workload: WorkloadInfo(scale: "small", products: 240, categories: 12, sessionActions: 88),
            plan: SamplingPlan(warmup: 0, iterations: 2),
            suites: [
                SuiteResult(suite: "interactions", summary: "per action", runtimes: interactions),
                SuiteResult(suite: "session", summary: "the whole session", runtimes: session),
                SuiteResult(suite: "compute-control", summary: "the floor", runtimes: controlResult),
            ])
    }

    /// One measured port; `cycle` set makes it an interactions port, with
    /// one sample and one malloc count per action.
    static func port(
        _ name: String, samples: [Double], mallocs: [UInt64], instructions: Double?,
        cycle: [UserAction]? = nil
    ) -> RuntimeResult {
        let total = mallocs.reduce(0, +)
        return RuntimeResult(
            runtime: name, gate: "passed", iterations: samples.count,
            wallNanoseconds: WallTime(SampleSummary(samples)), samplesNanoseconds: samples,
            mallocsPerIteration: total, bytesPerIteration: 16 * total, actionsPerIteration: mallocs.count,
            mallocsPerAction: Double(total) / Double(mallocs.count),
            counters: [
                "callgrind-instructions": instructions.map { Reading(.counted(Int64($0))) }
                    ?? Reading(unavailable: "not requested (add --instructions callgrind)"),
                // A quarter of every count in the shared rules.
                SharedRules.counterName: instructions.map { Reading(.counted(Int64($0 / 4))) }
                    ?? Reading(unavailable: "not requested (add --instructions callgrind)"),
            ],
            actionKinds: cycle.map {
                // Every action of the cycle costs a sixth of its instructions.
                ActionKindResult.split(
                    samples: ProcessSamples([samples]), allocations: allocations(mallocs), cycle: $0
                ).map {
                    var kind = $0
                    kind.instructionsPerAction = instructions.map { Reading(value: $0 / 6) }
                    return kind
                }
            })
    }
}

@Suite("hand-written statement count")
struct HandWrittenStatementCountTests {
    @Test("counts the statements inside markers and on lines ending in the marker, not lines or comments")
    func countsMarkedStatements() {
        let source = """
            let before = 0
            struct Store {
                var source = 0
                // HAND-WRITTEN BEGIN: a cache, its refresh and a hand-kept list.
                /// The cached total.
                var total = 0
                var members: [Int] = []

                func refresh(
                    from values: [Int]
                ) {
                    total = values.reduce(
                        0, +)
                    if total > 0 { members.append(total) }
                }
                // HAND-WRITTEN END
                func write() {
                    source += 1
                    refresh(from: [source])  // hand-written
                }
            }
            """
        // total, members, refresh, its assignment, the if and its append,
        // and the marked call: seven statements over ten code lines.
        let statements = HandWrittenMarkers.statements(in: source)
        #expect(statements.count == 7)
        #expect(statements.map(\.line) == [6, 7, 9, 12, 14, 14, 19])
        // A function's own identifiers are its signature's, not its body's.
        #expect(statements[2].identifiers == ["refresh", "from", "values", "Int"])
        #expect(HandWrittenMarkers.statements(in: "let a = 1\nlet b = 2").isEmpty)
    }

    @Test("wrapping a statement over more lines or adding comments does not change the count")
    func formattingDoesNotCount() {
        let narrow = """
            // HAND-WRITTEN BEGIN
            func refresh() {
                // The total, recomputed.
                total =
                    values
                    .reduce(0, +)
            }
            // HAND-WRITTEN END
            """
        let wide = """
            // HAND-WRITTEN BEGIN
            func refresh() { total = values.reduce(0, +) }
            // HAND-WRITTEN END
            """
        #expect(HandWrittenMarkers.statements(in: narrow).count == 2)
        #expect(HandWrittenMarkers.statements(in: wide).count == 2)
    }

    @Test("no counted statement in any port is fault code: it names neither the fault nor a fault's flag")
    func noFaultCodeCounted() throws {
        let ports = HandWrittenStatements.statements(in: Runtime.builtIn)
        #expect(Set(ports.keys) == Set(Runtime.builtIn.map(\.name)))
        for runtime in Runtime.builtIn {
            let statements = ports[runtime.name] ?? []
            #expect(!statements.isEmpty, "\(runtime) marks no hand-written code")
            let flags = try faultFlags(URL(fileURLWithPath: runtime.sourceFolder, isDirectory: true))
            for (file, statement) in statements {
                let named = Set(statement.identifiers).intersection(flags.union(["fault"]))
                #expect(named.isEmpty, "\(file):\(statement.line) counts fault code (\(named.sorted()))")
            }
        }
    }

    /// The flags a port sets from its fault: the names assigned
    /// `fault == …` or `fault != …`.
    private func faultFlags(_ folder: URL) throws -> Set<String> {
        var flags: Set<String> = []
        let pattern = try Regex(#"(\w+)\s*=\s*fault\s*[=!]="#)
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
            let source = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for match in source.matches(of: pattern) {
                if let name = match.output[1].substring { flags.insert(String(name)) }
            }
        }
        return flags
    }
}
