import Foundation
import Measure
import Testing
import Workload

@testable import StorefrontHarness

/// The growth suite: the crossing rule and the report on synthetic lines,
/// and the suite end to end on the debug build under a small budget.
struct GrowthSuiteTests {
    /// A line whose quantity time at each size is `costs[i]` ± 1%.
    static func line(_ runtime: String, _ sizes: [Int], _ costs: [Double]) -> (GrowthLine, [[String: [Double]]]) {
        let samples = costs.map { cost in [cost * 0.99, cost, cost * 1.01, cost * 0.995, cost * 1.005] }
        let points = zip(sizes, samples).map { size, taken in
            GrowthPoint(
                size: size, seconds: 0.1,
                actionKinds: [
                    GrowthActionCost(
                        kind: "quantity", wallNanoseconds: WallTime(SampleSummary(taken)), mallocsPerAction: 4)
                ])
        }
        let byPoint = samples.map { ["quantity": $0] }
        let metrics = GrowthMetric.all(kinds: ["quantity"], coldStart: false)
        return (
            GrowthLine(
                runtime: runtime, points: points, skipped: [],
                fits: metrics.map { $0.fit(points, samples: byPoint) }),
            byPoint
        )
    }

    @Test("a flat line and a linear one cross where their measured order changes, and the report says so")
    func crossingAndReport() throws {
        let sizes = [300, 1_000, 3_000, 10_000]
        let (flat, _) = Self.line("steady", sizes, [50_000, 50_000, 50_000, 50_000])
        let (linear, _) = Self.line("scanner", sizes, [3_000, 10_000, 30_000, 100_000])
        let metrics = GrowthMetric.all(kinds: ["quantity"], coldStart: false)
        let crossings = GrowthSeries.crossings([flat, linear], sizes: sizes, metrics: metrics)
        #expect(crossings.count == 1)
        let crossing = try #require(crossings.first)
        #expect(crossing.metric == "quantity time")
        #expect(crossing.cheaperBelow == "scanner" && crossing.cheaperAbove == "steady")
        #expect(crossing.below == 3_000 && crossing.above == 10_000)
        #expect(crossing.clear)
        let meet = try #require(crossing.fittedCrossing)
        #expect(abs(meet - 5_000) < 50, "50 µs flat meets 10 ns per product at 5,000")

        #expect(flat.fits[0].growthClass == "flat")
        #expect(linear.fits[0].growthClass == "linear")
        #expect(flat.fits[1].metric == "quantity mallocs" && flat.fits[1].growthClass == "flat")

        let series = GrowthSeries(
            axis: "products", held: "test", sizes: sizes, lines: [flat, linear], crossings: crossings)
        let text = ReportRenderer.growthSection(
            GrowthResult(budgetSecondsPerSize: 60, plan: SamplingPlan(warmup: 0, iterations: 5), series: [series]),
            markdown: false
        ).joined(separator: "\n")
        #expect(text.contains("crossing: quantity time: scanner is cheaper at 3,000 products, steady at 10,000"))
        let scannerRow = text.split(separator: "\n").first { $0.hasPrefix("quantity time") && $0.contains("scanner") }
        #expect(scannerRow?.contains("1.00 (1.00–1.00)   linear") == true, "\(text)")
        let svg = try #require(GrowthChart.svg(series, metric: "quantity time"))
        #expect(svg.contains("<polyline") && svg.contains("steady") && svg.contains("scanner"))
    }

    @Test("a line measured at fewer than three sizes has no slope, and says why")
    func tooFewSizes() {
        let (line, _) = Self.line("short", [300, 1_000], [10, 20])
        #expect(line.fits[0].fit == nil)
        #expect(line.fits[0].unavailable == "measured at 2 sizes; a slope needs three")
    }

    @Test("the growth script is the session up to the cart, plus a phase that fills the cart")
    func growthScript() {
        let catalog = Catalog(size: CatalogSize(products: 300, categories: 12))
        let plain = Script.growth(catalog: catalog, extraCartLines: 0)
        #expect(plain.phases.last?.name == "cart")
        let filled = Script.growth(catalog: catalog, extraCartLines: 8)
        #expect(filled.phases.last?.name == "fill-cart")
        #expect(filled.phases.last?.steps.count == 8)
        let shadow = SessionSchedule(catalog: catalog, script: filled).finalState
        let sessionLines = SessionSchedule(catalog: catalog, script: plain).finalState.sources.cart.count
        #expect(shadow.sources.cart.count == sessionLines + 8)
    }

    /// A line of filter-on costs whose callgrind counts are `instructions`.
    static func counted(_ runtime: String, _ sizes: [Int], _ instructions: [Double]) -> GrowthLine {
        let taken: [Double] = [1_000, 1_000, 1_000]
        let points = zip(sizes, instructions).map { size, count in
            GrowthPoint(
                size: size, seconds: 0.1,
                actionKinds: [
                    GrowthActionCost(
                        kind: "filter-on", wallNanoseconds: WallTime(SampleSummary(taken)), mallocsPerAction: 4,
                        instructionsPerAction: count)
                ])
        }
        let metrics = GrowthMetric.all(kinds: ["filter-on"], coldStart: false, instructions: true)
        return GrowthLine(
            runtime: runtime, points: points, skipped: [],
            fits: metrics.map { $0.fit(points, samples: points.map { _ in ["filter-on": taken] }) })
    }

    @Test("callgrind's counts get a fit of their own per action kind, shown in the report with how they were taken")
    func instructionFits() throws {
        let sizes = [300, 1_000, 3_000, 10_000]
        #expect(
            !GrowthMetric.all(kinds: ["filter-on"], coldStart: false).contains { $0.name.hasSuffix("instructions") })
        let flat = Self.counted("cog", sizes, [200_000, 200_000, 200_000, 200_000])
        let linear = Self.counted("memoized", sizes, [30_000, 100_000, 300_000, 1_000_000])
        let flatFit = try #require(flat.fits.first { $0.metric == "filter-on instructions" })
        let linearFit = try #require(linear.fits.first { $0.metric == "filter-on instructions" })
        #expect(flatFit.growthClass == "flat")
        #expect(linearFit.growthClass == "linear" && abs((linearFit.fit?.slope ?? 0) - 1) < 1e-9)
        let series = GrowthSeries(axis: "products", held: "test", sizes: sizes, lines: [flat, linear], crossings: [])
        let growth = GrowthResult(
            budgetSecondsPerSize: 60, plan: SamplingPlan(warmup: 0, iterations: 3), series: [series])
        #expect(growth.countsInstructions)
        let text = ReportRenderer.growthSection(growth, markdown: false).joined(separator: "\n")
        let row = text.split(separator: "\n").first {
            $0.hasPrefix("filter-on instructions") && $0.contains("memoized")
        }
        #expect(row?.contains("1,000,000") == true, "\(text)")
        #expect(text.contains("Instructions: callgrind's count for one cycle per port"))
    }

    @Test("the callgrind child's budget check predicts a size's seconds from the sizes before it")
    func predictedSeconds() throws {
        #expect(GrowthSuiteRunner.predictedSeconds(at: 1_000, after: []) == nil)
        let proportional = try #require(GrowthSuiteRunner.predictedSeconds(at: 1_000, after: [(300, 0.3)]))
        #expect(abs(proportional - 1) < 1e-9, "one size: in proportion")
        let squared = try #require(
            GrowthSuiteRunner.predictedSeconds(at: 4_000, after: [(1_000, 1), (2_000, 4)]))
        #expect(abs(squared - 16) < 1e-9, "a cost that grew with the square keeps doing so")
    }

    @Test("compare sets each growth slope in A against B's: steeper, flatter or the same")
    func compareSlopes() throws {
        let sizes = [300, 1_000, 3_000, 10_000]
        func suite(_ line: GrowthLine) -> SuiteResult {
            SuiteResult(
                suite: "growth", summary: "",
                growth: GrowthResult(
                    budgetSecondsPerSize: 60, plan: SamplingPlan(warmup: 0, iterations: 3),
                    series: [GrowthSeries(axis: "products", held: "", sizes: sizes, lines: [line], crossings: [])]))
        }
        let flat = suite(Self.counted("cog", sizes, [200_000, 200_000, 200_000, 200_000]))
        let linear = suite(Self.counted("cog", sizes, [30_000, 100_000, 300_000, 1_000_000]))
        let entry = "products/cog/filter-on instructions"
        let steeper = try #require(Comparison.growthRows(flat, linear).first { $0.entry == entry })
        #expect(steeper.change == .steeper)
        #expect(Comparison.growthRows(linear, flat).first { $0.entry == entry }?.change == .flatter)
        #expect(Comparison.growthRows(flat, flat).allSatisfy { $0.change == .same })
        let short = suite(Self.counted("cog", Array(sizes.prefix(3)), [30_000, 100_000, 300_000]))
        let otherRange = try #require(Comparison.growthRows(flat, short).first { $0.entry == entry })
        #expect(otherRange.change == .none && otherRange.note == "fitted over other sizes (A 4, B 3)")
        let missing = try #require(Comparison.growthRows(flat, nil).first)
        #expect(missing.change == .none && missing.note == "not in B")
        let cells = try #require(CompareText.growthCells([steeper]).first)
        #expect(cells == [entry, "0.00 (0.00–0.00)", "1.00 (1.00–1.00)", "steeper", "flat → linear"])
    }
}
