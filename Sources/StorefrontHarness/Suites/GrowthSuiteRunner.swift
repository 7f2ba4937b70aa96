import Foundation
import Measure
import Workload

/// The growth suite: how a settled action's cost, the cold start and the
/// peak heap grow with the catalog and with the cart, for every port.
///
/// Along each axis it steps through the sizes in order. At each size every
/// port still on the axis is gated first (the agreement gate over the
/// session the size plays), then measured the way the interactions and
/// cold-start suites measure it, ports rotating. A port stops at the first
/// size it fails, and skips every size predicted to take it longer than
/// the budget (`--growth-budget`), each named with the reason.
///
/// The timing happens in this process only (`--processes` repeats the
/// fixed-size suites): a slope over a hundredfold range of sizes moves far
/// less with the between-process spread than a single ratio does. With
/// `--instructions callgrind` the callgrind child also counts each action
/// kind's instructions at every size, which repeat exactly from process to
/// process; it holds itself to the same budget per size, by its own time
/// under callgrind.
@MainActor
package struct GrowthSuiteRunner {
    let options: Options
    let progress: RunProgress

    /// 300 to 100,000 products, each about three times the one before,
    /// with the default scale's twelve categories and the session's cart;
    /// `--scale small`, a quick look, stops at 3,000 (still a tenfold range
    /// to fit a slope over).
    static func catalogSizes(_ scale: Scale) -> [Int] {
        scale == .small ? [300, 1_000, 3_000] : [300, 1_000, 3_000, 10_000, 30_000, 100_000]
    }
    static let categories = Scale.default.categoryCount
    /// Cart lines at 3,000 products: the session's own cart, then up to a
    /// hundred times as many lines (ten at `--scale small`).
    static let cartProducts = 3_000
    static func cartLineFactors(_ scale: Scale) -> [Int] { scale == .small ? [1, 3, 10] : [1, 3, 10, 30, 100] }
    /// The per-size timing plan: the run's, capped so the largest sizes fit.
    static func plan(_ plan: SamplingPlan) -> SamplingPlan {
        SamplingPlan(warmup: min(plan.warmup, 3), iterations: min(plan.iterations, 20))
    }

    /// One axis: its sizes and how each size's catalog and script are made.
    private struct Axis {
        let name: String
        let held: String
        let sizes: [Int]
        let measuresColdStart: Bool
        let workload: (Int) -> (Catalog, Script)

        /// The callgrind region of one port's action kind at one size:
        /// `growth/AXIS/SIZE/PORT/KIND`.
        func instructionRegion(size: Int, runtime: String, kind: String) -> String {
            "\(Suite.growth.rawValue)/\(name.replacingOccurrences(of: " ", with: "-"))/\(size)/\(runtime)/\(kind)"
        }
    }

    private func axes() -> [Axis] {
        let seed = options.seed?.catalogSeed ?? Catalog.defaultSeed
        let sessionCart = Self.sessionCartLines(seed: seed)
        let catalogAxis = Axis(
            name: "products", held: "\(Self.categories) categories, the session's \(sessionCart)-line cart",
            sizes: Self.catalogSizes(options.scale), measuresColdStart: true
        ) { products in
            let catalog = Catalog(size: CatalogSize(products: products, categories: Self.categories), seed: seed)
            return (catalog, Script.growth(catalog: catalog, extraCartLines: 0))
        }
        let cartCatalog = Catalog(
            size: CatalogSize(products: Self.cartProducts, categories: Self.categories), seed: seed)
        let cartAxis = Axis(
            name: "cart lines",
            held: "\(ReportRenderer.grouped(Double(Self.cartProducts))) products, \(Self.categories) categories",
            sizes: Self.cartLineFactors(options.scale).map { $0 * sessionCart }, measuresColdStart: false
        ) { lines in
            (cartCatalog, Script.growth(catalog: cartCatalog, extraCartLines: lines - sessionCart))
        }
        return [catalogAxis, cartAxis]
    }

    /// Inside the callgrind child: every chosen port's cycle at each size,
    /// ungated (the parent keeps only the counts of the sizes each port
    /// passed its gate at), until a size is predicted to take the port
    /// longer under callgrind than the budget.
    func countInstructions() async {
        for axis in axes() {
            var taken = Dictionary(
                uniqueKeysWithValues: options.runtimes.map { ($0, [(size: Int, seconds: Double)]()) })
            for size in axis.sizes {
                let ports = options.runtimes.filter { runtime in
                    (Self.predictedSeconds(at: size, after: taken[runtime]!) ?? 0) <= options.growthBudgetSeconds
                }
                guard !ports.isEmpty else { break }
                let (catalog, script) = axis.workload(size)
                let runner = RuntimeSuiteRunner(
                    options: options, progress: RunProgress(quiet: true), catalog: catalog,
                    schedule: SessionSchedule(
                        catalog: catalog, script: script, shuffleSeed: options.seed?.shuffleSeed))
                let plan = runner.cycleAfterSchedule("\(size) \(axis.name)")
                for runtime in ports {
                    let start = Stopwatch.now()
                    await runner.countCycleInstructions(plan, runtime: runtime) { kind in
                        axis.instructionRegion(size: size, runtime: runtime.name, kind: kind.rawValue)
                    }
                    taken[runtime]!.append((size, Double(Stopwatch.now() &- start) / 1e9))
                }
            }
        }
    }

    /// The seconds `size` would take, from the last two sizes' seconds: at
    /// least in proportion to the size, faster where the cost has grown
    /// faster so far; nil before any size.
    nonisolated static func predictedSeconds(at size: Int, after taken: [(size: Int, seconds: Double)]) -> Double? {
        guard let last = taken.last else { return nil }
        var exponent = 1.0
        if taken.count >= 2 {
            let before = taken[taken.count - 2]
            exponent = max(1, log(last.seconds / before.seconds) / log(Double(last.size) / Double(before.size)))
        }
        return last.seconds * pow(Double(size) / Double(last.size), exponent)
    }

    func run(callgrind: CallgrindCounts = CallgrindCounts()) async -> SuiteResult {
        let axes = axes()
        let steps = Double(axes.reduce(0) { $0 + $1.sizes.count })
        var done = 0.0
        var series: [GrowthSeries] = []
        for axis in axes {
            series.append(
                await measure(axis, callgrind: callgrind) { size in
                    progress.report("\(ReportRenderer.grouped(Double(size))) \(axis.name)", done: done / steps)
                    done += 1
                })
        }
        progress.finish()
        return SuiteResult(
            suite: Suite.growth.rawValue, summary: Suite.growth.summary,
            growth: GrowthResult(
                budgetSecondsPerSize: options.growthBudgetSeconds, plan: Self.plan(options.plan), series: series))
    }

    /// The cart lines the session's cart phase leaves.
    static func sessionCartLines(seed: UInt64) -> Int {
        let catalog = Catalog(size: CatalogSize(products: cartProducts, categories: categories), seed: seed)
        return SessionSchedule(catalog: catalog, script: .growth(catalog: catalog, extraCartLines: 0))
            .finalState.sources.cart.count
    }

    /// One port's progress along an axis while it is measured.
    private struct Walk {
        var points: [GrowthPoint] = []
        var samples: [[String: [Double]]] = []
        var skipped: [GrowthSkip] = []
        var failure: String?
        var stopped: Bool { failure != nil || !skipped.isEmpty }

        func predictedSeconds(at size: Int) -> Double? {
            GrowthSuiteRunner.predictedSeconds(at: size, after: points.map { ($0.size, $0.seconds) })
        }
    }

    private func measure(_ axis: Axis, callgrind: CallgrindCounts, announce: (Int) -> Void) async -> GrowthSeries {
        var growthOptions = options
        growthOptions.plan = Self.plan(options.plan)
        let budget = options.growthBudgetSeconds
        var walks = Dictionary(uniqueKeysWithValues: options.runtimes.map { ($0, Walk()) })
        for size in axis.sizes {
            announce(size)
            let (catalog, script) = axis.workload(size)
            var gated: [(runtime: Runtime, seconds: Double)] = []
            for runtime in options.runtimes where !walks[runtime]!.stopped {
                if let predicted = walks[runtime]!.predictedSeconds(at: size), predicted > budget {
                    walks[runtime]!.skipped = axis.sizes.filter { $0 >= size }.map { skipped in
                        GrowthSkip(
                            size: skipped,
                            reason: String(
                                format: "predicted %.0f s at %@ %@, over the %.0f s budget per size", predicted,
                                ReportRenderer.grouped(Double(size)), axis.name, budget))
                    }
                    continue
                }
                let start = Stopwatch.now()
                switch await runtime.verify(catalog: catalog, script: script, fault: options.fault) {
                case .success:
                    gated.append((runtime, Double(Stopwatch.now() &- start) / 1e9))
                case .failure(let failure):
                    walks[runtime]!.failure = "at \(ReportRenderer.grouped(Double(size))) \(axis.name): \(failure)"
                }
            }
            guard !gated.isEmpty else { continue }
            let start = Stopwatch.now()
            let runner = RuntimeSuiteRunner(
                options: growthOptions, progress: RunProgress(quiet: true), catalog: catalog,
                schedule: SessionSchedule(catalog: catalog, script: script, shuffleSeed: options.seed?.shuffleSeed))
            let measured = gated.map(\.runtime)
            let label = "\(ReportRenderer.grouped(Double(size))) \(axis.name)"
            // The growth suite fits each port's line along an axis; the
            // control's floor is reported by the fixed-size suites.
            let cycle = await runner.run(
                .growth, runner.cycleAfterSchedule(label), runtimes: measured, callgrind: CallgrindCounts(),
                withControl: false
            ).ports
            let cold =
                axis.measuresColdStart
                ? await runner.run(
                    .growth, runner.coldStart(label), runtimes: measured, callgrind: CallgrindCounts(),
                    withControl: false
                ).ports
                : []
            // The measuring rotates the ports, so its time is shared out by
            // each port's gate time: a port's gate is one play with checks.
            let measuring = Double(Stopwatch.now() &- start) / 1e9
            let gateTotal = gated.reduce(0) { $0 + $1.seconds }
            for (runtime, gateSeconds) in gated {
                let actions = cycle.first { $0.runtime == runtime.name }
                let start = cold.first { $0.runtime == runtime.name }
                if let broken = [actions, start].compactMap({ $0 }).first(where: { $0.gate == "failed" }) {
                    walks[runtime]!.failure =
                        "at \(label): \(broken.gateFailure ?? "the measured session ended wrong")"
                    continue
                }
                guard let actions, let kinds = actions.actionKinds else { continue }
                var samples = Dictionary(uniqueKeysWithValues: kinds.map { ($0.kind, $0.samplesNanoseconds) })
                samples[GrowthMetric.coldStartKey] = start?.samplesNanoseconds
                walks[runtime]!.samples.append(samples)
                walks[runtime]!.points.append(
                    GrowthPoint(
                        size: size, seconds: gateSeconds + measuring * gateSeconds / gateTotal,
                        actionKinds: kinds.map { kind in
                            let region = axis.instructionRegion(size: size, runtime: runtime.name, kind: kind.kind)
                            return GrowthActionCost(
                                kind: kind.kind, wallNanoseconds: kind.wallNanoseconds,
                                mallocsPerAction: kind.mallocsPerAction,
                                instructionsPerAction: callgrind.totals[region].map {
                                    Double($0.instructions) / Double(kind.actionsPerCycle)
                                })
                        },
                        coldStart: start?.wallNanoseconds, peakLiveBytes: start?.peakLiveBytes))
            }
        }
        // Every point's kinds are the cycle's, in the cycle's order.
        let kinds = walks.values.lazy.compactMap { $0.points.first?.actionKinds.map(\.kind) }.first ?? []
        let metrics = GrowthMetric.all(
            kinds: kinds, coldStart: axis.measuresColdStart, instructions: options.callgrind)
        let lines = options.runtimes.map { runtime in
            let walk = walks[runtime]!
            return GrowthLine(
                runtime: runtime.name, points: walk.points, skipped: walk.skipped, failure: walk.failure,
                fits: metrics.map { $0.fit(walk.points, samples: walk.samples) })
        }
        return GrowthSeries(
            axis: axis.name, held: axis.held, sizes: axis.sizes, lines: lines,
            crossings: GrowthSeries.crossings(lines, sizes: axis.sizes, metrics: metrics))
    }
}

extension GrowthSuiteRunner {
    /// Every line of the growth suite stopped by a failure, as "port
    /// along AXIS: failure", for the run's exit code.
    package static func failures(in suites: [SuiteResult]) -> [String] {
        suites.compactMap(\.growth).flatMap(\.series).flatMap { series in
            series.lines.compactMap { line in line.failure.map { "\(line.runtime) along \(series.axis) \($0)" } }
        }
    }

    /// The suite's weight for the progress estimate, in average session
    /// steps (`ProgressPlan`): the four ports took about 150 s on the
    /// 2-core VM, some 0.85 ms a step. The small scale's sizes took 13 s
    /// in the run that set the graph suite's small weight, some 8,700 of
    /// that scale's lighter steps a port.
    static func progressWeight(ports: Double, scale: Scale) -> Double { ports * (scale == .small ? 8_700 : 45_000) }
}
