import GraphSuite

/// The graph suite's cases at full size, for one runtime's adapter family:
/// what one timed sample is, how a prepared graph proves its values and
/// counts before any time is taken, and, where the runtime pools its edges,
/// the pool to watch. The timing itself is the harness's.
enum GraphBench {
    /// Every case `budget` allows on `family`'s runtime, in the reference
    /// suite's order. `order` counts every case of the suite, those the
    /// budget leaves out included, so cases of one shape on two runtimes
    /// carry the same place.
    @MainActor
    static func cases<F: GraphAdapterFamily>(_ family: F.Type, _ budget: GraphBudget) -> [GraphBenchCase] {
        var cases: [GraphBenchCase] = []
        var order = 0
        func add(_ make: (Int) -> GraphBenchCase?) {
            if let made = make(order) { cases.append(made) }
            order += 1
        }
        let full = budget == .reference
        for shape in KairoShape.allCases { add { kairo(shape, F.self, budget, $0) } }
        add { molBench(F.self, budget, $0) }
        for layers in Cellx.sizes { add { cellx(layers, F.self, budget, $0) } }
        for benchmark in SBenchCreate.allCases { add { sbenchCreate(benchmark, F.self, budget, $0) } }
        for update in SBenchUpdate.allCases { add { full ? sbench(update, F.self, budget, $0) : nil } }
        for configuration in DynamicConfiguration.all {
            add { full ? dynamic(configuration, F.self, budget, $0) : nil }
        }
        return cases
    }

    /// Timed samples per case: the reference takes the fastest of 10
    /// (Kairo, cellx's 10 builds) or of 5 (dynamic); a reduced budget takes
    /// one (fastest = median), which keeps the suite to minutes on 2 cores.
    static func samples(_ budget: GraphBudget, iterationUnit: String) -> Int {
        guard budget == .reference else { return 1 }
        return iterationUnit == "run" ? 5 : 10
    }

    static let alienKairo: [KairoShape: Double] = [
        .avoidablePropagation: 38.9, .broadPropagation: 81.8, .deepPropagation: 29.2, .diamond: 47.8,
        .mux: 85.5, .repeatedObservers: 4.7, .triangle: 19.1, .unstable: 13.3,
    ]

    static let alienDynamic: [String: Double] = [
        "2-10x5 - lazy80%": 177, "6-10x10 - dyn25% - lazy80%": 131, "4-1000x12 - dyn5%": 337,
        "25-1000x5": 465, "3-5x500": 113, "6-100x15 - dyn50%": 184,
    ]

    /// Kairo iterations per sample: the reference's 500; a reduced budget
    /// times 10 (the clone takes 12–37 s for 500, measured).
    static func kairoRepeats(_ budget: GraphBudget) -> Int { budget == .reference ? 500 : 10 }

    static func kairo<F: GraphAdapterFamily>(
        _ shape: KairoShape, _: F.Type, _ budget: GraphBudget, _ order: Int
    ) -> GraphBenchCase {
        let repeats = kairoRepeats(budget)
        return GraphBenchCase(
            shape: shape.rawValue, runtime: F.Integers.runtimeName, order: order, unit: "\(repeats) × iter()",
            iterationUnit: "iter()", alienMilliseconds: repeats == 500 ? alienKairo[shape] : nil,
            samples: samples(budget, iterationUnit: "iter()")
        ) {
            let adapter = F.integers()
            return kairoInstance(shape, shape.build(adapter), F.Integers.pullRule, repeats: repeats, pool(of: adapter))
        }
    }

    /// The adapter's edge-pool high-water mark, read live, where it pools edges.
    @MainActor
    static func pool<A: ReactiveAdapter>(of adapter: A) -> (() -> Int)? {
        guard adapter.edgePoolHighWaterMark != nil else { return nil }
        return { adapter.edgePoolHighWaterMark ?? 0 }
    }

    @MainActor
    static func kairoInstance(
        _ shape: KairoShape, _ graph: ShapeGraph, _ rule: PullRule, repeats: Int = 500,
        _ pool: (() -> Int)?
    ) -> GraphBenchInstance {
        let built = graph.counts
        return GraphBenchInstance(
            verify: {
                if built != shape.buildCounts { return "build: expected \(shape.buildCounts), got \(built)" }
                graph.iter()
                graph.iter()
                let steady = graph.counting { graph.iter() }
                let expected = shape.steadyCounts(rule)
                if steady != expected { return "steady iter(): expected \(expected), got \(steady)" }
                return graph.check.firstMismatch
            },
            sample: { for _ in 0..<repeats { graph.iter() } },
            iteration: { graph.iter() },
            sampledMismatch: { graph.check.firstMismatch },
            edgePoolHighWaterMark: pool,
            edgePoolCheckIterations: 1000)
    }

    static func molBench<F: GraphAdapterFamily>(_: F.Type, _ budget: GraphBudget, _ order: Int) -> GraphBenchCase {
        GraphBenchCase(
            shape: "molBench", runtime: F.Integers.runtimeName, order: order, unit: "500 × call",
            iterationUnit: "call", alienMilliseconds: 16.1, samples: samples(budget, iterationUnit: "call")
        ) {
            let semantics = MolBench.Semantics.identity
            let adapter = F.molecules()
            let graph = MolBench.build(adapter, semantics)
            let built = graph.counts
            return GraphBenchInstance(
                // Each untimed call is checked after it returns; a timed
                // sample runs the bare calls, as the original's do, and the
                // last call's results are checked after it.
                verify: {
                    if built != MolBench.buildCounts { return "build: expected \(MolBench.buildCounts), got \(built)" }
                    for _ in 0..<2 {
                        graph.iter()
                        graph.checkLast()
                    }
                    let steady = graph.counting { graph.iter() }
                    graph.checkLast()
                    let expected = semantics.steadyCounts(F.Molecules.pullRule)
                    if steady != expected { return "steady call (\(semantics) D): expected \(expected), got \(steady)" }
                    return graph.check.firstMismatch
                },
                sample: { for _ in 0..<500 { graph.iter() } },
                iteration: { graph.iter() },
                sampledMismatch: {
                    graph.checkLast()
                    return graph.check.firstMismatch
                },
                edgePoolHighWaterMark: pool(of: adapter))
        }
    }

    static func cellx<F: GraphAdapterFamily>(
        _ layers: Int, _: F.Type, _ budget: GraphBudget, _ order: Int
    ) -> GraphBenchCase {
        GraphBenchCase(
            shape: "cellx\(layers)", runtime: F.Integers.runtimeName, order: order,
            unit: "build + batch, one fresh graph", iterationUnit: "build + batch", alienMilliseconds: nil,
            samples: samples(budget, iterationUnit: "build + batch")
        ) {
            let check = Checker()
            let expected = Cellx.expected(layers: layers)
            let counts = Cellx.counts(layers: layers)
            let once: () -> Void = {
                let outcome = Cellx.run(F.integers(), layers: layers)
                check.expect(outcome.before, expected.before, "before")
                check.expect(outcome.after, expected.after, "after")
                check.expect(outcome.build, counts, "build runs")
                check.expect(outcome.batch, counts, "batch runs")
            }
            return GraphBenchInstance(
                verify: {
                    once()
                    return check.firstMismatch
                },
                sample: once, iteration: once, sampledMismatch: { check.firstMismatch }, edgePoolHighWaterMark: nil)
        }
    }

    static func dynamic<F: GraphAdapterFamily>(
        _ configuration: DynamicConfiguration, _: F.Type, _ budget: GraphBudget, _ order: Int
    ) -> GraphBenchCase {
        GraphBenchCase(
            shape: configuration.title, runtime: F.Integers.runtimeName, order: order,
            unit: "one run of \(configuration.iterations) writes", iterationUnit: "run",
            alienMilliseconds: alienDynamic[configuration.title], samples: samples(budget, iterationUnit: "run")
        ) {
            dynamicInstance(DynamicGraph(F.reals(), configuration.parameters), configuration)
        }
    }

    static func sbench<F: GraphAdapterFamily>(
        _ update: SBenchUpdate, _: F.Type, _ budget: GraphBudget, _ order: Int
    ) -> GraphBenchCase {
        GraphBenchCase(
            shape: "update \(update.rawValue)", runtime: F.Integers.runtimeName, order: order,
            unit: "\(update.shape.writes) writes, fresh graph", iterationUnit: "run", alienMilliseconds: nil,
            samples: samples(budget, iterationUnit: "run")
        ) {
            let check = Checker()
            var current: (writes: () -> Void, effectRuns: RunCounter)?
            let fresh: () -> Void = { current = update.build(F.integers()) }
            // Checks the run just timed: its reruns, on top of the build's.
            let run: () -> Void = {
                let graph = current!
                let built = graph.effectRuns.count
                graph.writes()
                check.expect(graph.effectRuns.count - built, update.expectedReruns, "effect reruns")
            }
            return GraphBenchInstance(
                verify: {
                    fresh()
                    run()
                    return check.firstMismatch
                },
                sample: run,
                iteration: run,
                sampledMismatch: { check.firstMismatch }, edgePoolHighWaterMark: nil, prepareSample: fresh)
        }
    }

    /// One sample is the timed part of one sBench create case on a fresh
    /// graph whose sources (createComputations) were made untimed; every
    /// sample checks its effect runs and tracked reads, and, where the
    /// runtime pools its edges, that the pool grew by exactly the case's edges.
    static func sbenchCreate<F: GraphAdapterFamily>(
        _ benchmark: SBenchCreate, _: F.Type, _ budget: GraphBudget, _ order: Int
    ) -> GraphBenchCase {
        GraphBenchCase(
            shape: benchmark.title, runtime: F.Integers.runtimeName, order: order, unit: "create, fresh graph",
            iterationUnit: "create", alienMilliseconds: nil, samples: samples(budget, iterationUnit: "create")
        ) {
            let check = Checker()
            var prepared: SBenchCreate.Prepared<F.Integers>?
            let fresh: () -> Void = { prepared = benchmark.prepare(F.integers()) }
            let run: () -> Void = {
                guard let prepared else { return }
                prepared.create()
                check.expect(prepared.mismatch(), nil, "\(benchmark.title)")
                if let rows = prepared.adapter.edgePoolHighWaterMark {
                    check.expect(rows, benchmark.edges(), "edge pool rows")
                }
            }
            return GraphBenchInstance(
                verify: {
                    fresh()
                    run()
                    return check.firstMismatch
                },
                sample: run, iteration: run, sampledMismatch: { check.firstMismatch }, edgePoolHighWaterMark: nil,
                prepareSample: fresh)
        }
    }

    @MainActor
    static func dynamicInstance<A>(_ graph: DynamicGraph<A>, _ configuration: DynamicConfiguration)
        -> GraphBenchInstance
    {
        let check = Checker()
        let expected = RunCounts(computed: configuration.expectedCount, effects: configuration.expectedEffects)
        // Every timed run is a steady run and is checked whole: its sum and
        // its run counts. A wrong one fails the case and no time is shown.
        let run: () -> Void = {
            var sum = 0.0
            let runs = graph.graph.counting { sum = graph.run(iterations: configuration.iterations) }
            check.expect(sum, configuration.expectedSum, "sum of read leaves")
            check.expect(runs, expected, "runs in one run")
        }
        return GraphBenchInstance(
            verify: {
                // The first run on a fresh graph writes source 0's own value
                // first, so it runs less; after it every run is the steady
                // one the reference counts after its three warm-up runs.
                let sum = graph.run(iterations: configuration.iterations)
                return sum == configuration.expectedSum ? nil : "sum: expected \(configuration.expectedSum), got \(sum)"
            },
            sample: run, iteration: run, sampledMismatch: { check.firstMismatch }, edgePoolHighWaterMark: nil)
    }
}
