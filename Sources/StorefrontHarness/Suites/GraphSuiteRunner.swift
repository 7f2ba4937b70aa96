import GraphSuite
import Measure
import Workload

/// The graph suite: every shape of GraphShapes at full size on every chosen
/// runtime that registers a graph adapter. Correctness comes first: a case
/// whose values or run counts differ from the expected ones (before timing,
/// or in any timed sample) gets no time and fails the run, like a port
/// failing the gate.
@MainActor
package struct GraphSuiteRunner {
    let options: Options
    let progress: RunProgress

    /// Timed samples per case: what the runtime's budget allows
    /// (`GraphBudget`), lowered by `--iterations`, and at most
    /// `quickLookSamples` at `--scale small`. The shapes keep their full
    /// size at every scale, so their times still compare with the
    /// published ones; a quick look only takes fewer of them.
    func sampleCount(_ benchCase: GraphBenchCase) -> Int {
        let quickLook = options.scale == .small ? Self.quickLookSamples : Int.max
        return max(1, min(benchCase.samples, options.plan.iterations, quickLook))
    }

    /// Samples per case at `--scale small`.
    static let quickLookSamples = 3

    package func run() -> SuiteResult {
        var results: [GraphShapeResult] = []
        let all = GraphAdapter.cases(of: options.runtimes.compactMap(\.graph))
        let chosen = all.filter { options.shapes?.contains($0.shape) ?? true }
        for (index, benchCase) in chosen.enumerated() {
            progress.report("\(benchCase.shape) on \(benchCase.runtime)", done: Double(index) / Double(chosen.count))
            results.append(measure(benchCase))
        }
        progress.finish()
        return SuiteResult(suite: Suite.graph.rawValue, summary: Suite.graph.summary, shapes: results)
    }

    /// The shapes the chosen runtimes' adapters run, in the suite's order.
    package static func shapeNames(for runtimes: [Runtime]) -> [String] {
        var names: [String] = []
        for benchCase in GraphAdapter.cases(of: runtimes.compactMap(\.graph)) where !names.contains(benchCase.shape) {
            names.append(benchCase.shape)
        }
        return names
    }

    /// What is wrong with `--shape`, said before the gate, or nil.
    package static func shapeProblem(_ options: Options) -> String? {
        guard let shapes = options.shapes else { return nil }
        let known = shapeNames(for: options.runtimes)
        let unknown = shapes.filter { !known.contains($0) }
        guard !unknown.isEmpty else { return nil }
        return "--shape: no graph shape is named "
            + unknown.map { "'\($0)'" }.joined(separator: ", ")
            + "; storefront --list names the \(known.count) shapes"
    }

    private func measure(_ benchCase: GraphBenchCase) -> GraphShapeResult {
        var result = GraphShapeResult(
            shape: benchCase.shape, runtime: benchCase.runtime, unit: benchCase.unit,
            iterationUnit: benchCase.iterationUnit,
            alienMilliseconds: benchCase.alienMilliseconds)
        result.sampleBudget = benchCase.samples
        let instance = benchCase.prepare()
        if let failure = instance.verify() { return result.failed(failure) }
        var samples: [Double] = []
        for _ in 0..<sampleCount(benchCase) {
            instance.prepareSample?()
            let start = Stopwatch.now()
            instance.sample()
            samples.append(Double(Stopwatch.now() &- start))
        }
        if let failure = instance.sampledMismatch() { return result.failed("during timing: " + failure) }
        instance.prepareSample?()
        result.mallocsPerIteration = AllocationCounter.count(.thread) { instance.iteration() }.allocations
        if let pool = instance.edgePoolHighWaterMark {
            let before = pool()
            for _ in 0..<instance.edgePoolCheckIterations { instance.iteration() }
            result.edgePoolHighWaterMark = before
            if instance.edgePoolCheckIterations > 0 {
                result.edgePoolAfterFurtherIterations = pool()
                if pool() != before {
                    return result.failed(
                        "edge pool high-water mark moved from \(before) to \(pool()) "
                            + "across \(instance.edgePoolCheckIterations) further iterations")
                }
            }
        }
        if let failure = instance.sampledMismatch() { return result.failed(failure) }
        let sorted = samples.sorted()
        result.verified = "passed"
        result.samplesNanoseconds = samples
        result.fastestNanoseconds = sorted.first
        result.medianNanoseconds = SampleSummary(samples).median
        return result
    }

    /// The failures that make the run exit 2, one line each.
    package static func failures(in suites: [SuiteResult]) -> [String] {
        suites.flatMap { $0.shapes ?? [] }.compactMap { shape in
            shape.failure.map { "graph shape \(shape.shape) on \(shape.runtime): \($0)" }
        }
    }
}
