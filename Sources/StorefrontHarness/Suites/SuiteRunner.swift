import Foundation
import Measure
import Workload

/// Runs a suite's regions through every metric. Counting runs (mallocs,
/// counters, memory) are separate from timing runs, so the cost of counting
/// never lands in a timed sample.
@MainActor
package struct SuiteRunner {
    let options: Options
    let progress: RunProgress

    func run(_ suite: Suite, instructions: [String: CounterReading]) -> SuiteResult {
        let hardware = HardwareCounters()
        let software = SoftwareCounters()
        let usage = ProcessUsage()
        var results: [CalibrationResult] = []
        for (index, region) in suite.regions.enumerated() {
            progress.report(region.name, done: Double(index) / Double(suite.regions.count))
            // One untimed run first: a first execution can instantiate
            // runtime metadata, which would land in the counting runs.
            region.run()
            let counted = CountingRuns.measure(region.run, counterSets: [hardware, software, usage])
            var counters = counted.counters.byName
            counters["callgrind-instructions"] = Reading(
                instructions[region.name]
                    ?? .unavailable(reason: "not requested (add --instructions callgrind)"))
            let samples = options.plan.sample(region.run)
            results.append(
                CalibrationResult(
                    region: region.name,
                    summary: region.summary,
                    iterations: samples.count,
                    wallNanoseconds: WallTime(SampleSummary(samples)),
                    samplesNanoseconds: samples,
                    allocations: counted.allocations,
                    expectedAllocations: region.expectedAllocations,
                    counters: counters,
                    peakMemory: counted.peak))
        }
        progress.finish()
        return SuiteResult(suite: suite.rawValue, summary: suite.summary, regions: results)
    }

    /// Inside the callgrind child: each region once, inside its marker.
    @MainActor
    package static func runUnderCallgrind(_ options: Options) async {
        let suites = options.suites, scale = options.scale
        for suite in suites where suite == .calibration {
            for region in suite.regions {
                region.run()
                InstructionRegion.measure(region.name, region.run)
            }
        }
        if suites.contains(.computeControl) {
            let catalog = Catalog(scale: scale, seed: options.seed)
            let schedule = SessionSchedule(catalog: catalog, shuffleSeed: options.seed?.shuffleSeed)
            let control = ComputeControl(catalog: catalog, schedule: schedule)
            // Dropped, so the measured run's retains and releases are its own.
            InstructionRegion.discarded { blackHole(control.run()) }
            InstructionRegion.measure(Suite.computeControl.rawValue) { blackHole(control.run()) }
        }
        if suites.contains(.perfScenarios) { ScenarioSuiteRunner.runUnderCallgrind(options.lineup) }
        if suites.contains(.growth) {
            await GrowthSuiteRunner(options: options, progress: RunProgress(quiet: true)).countInstructions()
        }
        let runtimeSuites = suites.filter(\.isRuntimeSuite)
        guard !runtimeSuites.isEmpty else { return }
        let runner = RuntimeSuiteRunner(options: options, progress: RunProgress(quiet: true))
        for suite in runtimeSuites {
            await runner.countInstructions(suite, runtimes: options.runtimes)
        }
    }

    /// Re-runs this executable under callgrind for the given suites;
    /// returns each region's totals (instructions, retain and release
    /// calls), or the reason there are none.
    package static func countInstructions(suites: String, scale: Scale, seed: WorkloadSeed?, runtimes: [Runtime] = [])
        -> (counts: [String: CallgrindRunner.RegionTotal], failure: String?)
    {
        guard var runner = CallgrindRunner() else {
            return ([:], "valgrind is not installed (apt-get install -y valgrind)")
        }
        // Where PAPI can count caches and branches, the machine's own
        // counts stand; only where it cannot does callgrind model them.
        runner.simulatesCachesAndBranches = !HardwareCounters().canCount
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        do {
            var arguments = ["--suite", suites, "--scale", scale.rawValue, "--callgrind-child"]
            if !runtimes.isEmpty { arguments += ["--runtime", runtimes.map(\.name).joined(separator: ",")] }
            if let seed { arguments += ["--seed", "\(seed)"] }
            let families = ViewLayerCost.families.merging([SharedRules.counterName: SharedRules.family]) { a, _ in a }
            let totals = try runner.run(executable, arguments: arguments, families: families)
            return (totals, nil)
        } catch {
            return ([:], "callgrind run failed: \(error)")
        }
    }
}
