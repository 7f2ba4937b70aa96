import Foundation
import GraphSuite
import Measure
import Workload

/// The perf-scenarios suite: each probe the lineup's runtimes register
/// (Cog's PERF probes) built, its values
/// checked, then counted (mallocs, notices, memory), timed, and, with
/// `--instructions callgrind`, its instructions, retains and releases read
/// from the callgrind child's regions. Counting runs are separate from
/// timing runs, as in every suite.
@MainActor
package struct ScenarioSuiteRunner {
    let options: Options
    let progress: RunProgress

    /// Runs inside one malloc count or one callgrind region: enough that a
    /// per-unit count that is not a whole number shows as a fraction.
    static let countedRuns = 4

    /// Every probe of `lineup`, in registration order.
    nonisolated static func probes(of lineup: [Runtime]) -> [ScenarioProbe] { lineup.flatMap(\.scenarioProbes) }

    static func regionName(_ probe: ScenarioProbe, reference: Bool = false) -> String {
        "\(Suite.perfScenarios.rawValue)/\(probe.name)" + (reference ? "/reference" : "")
    }

    package func run(callgrind: CallgrindCounts) -> SuiteResult {
        var results: [ScenarioProbeResult] = []
        let probes = Self.probes(of: options.lineup)
        for (index, probe) in probes.enumerated() {
            progress.report(probe.name, done: Double(index) / Double(probes.count))
            results.append(measure(probe, callgrind: callgrind))
        }
        progress.finish()
        return SuiteResult(suite: Suite.perfScenarios.rawValue, summary: Suite.perfScenarios.summary, probes: results)
    }

    private func measure(_ probe: ScenarioProbe, callgrind: CallgrindCounts) -> ScenarioProbeResult {
        var result = ScenarioProbeResult(probe: probe.name, id: probe.id, summary: probe.summary, unit: probe.unit)
        let instance = probe.make()
        if let failure = instance.verify() ?? instance.reference?.verify() { return result.failed(failure) }
        let units = Double(Self.countedRuns * instance.measuredUnits)

        let counted = AllocationCounter.count(.thread) { for _ in 0..<Self.countedRuns { instance.run() } }
        let subtracted = instance.reference.map { reference in
            AllocationCounter.count(.thread) { for _ in 0..<Self.countedRuns { reference.run() } }.allocations
        }
        result.mallocsPerUnit = (Double(counted.allocations) - Double(subtracted ?? 0)) / units

        let samples = timedSamples(instance)
        result.iterations = samples.count
        result.samplesNanoseconds = samples
        result.wallNanoseconds = WallTime(SampleSummary(samples))

        if probe.measuresMemory {
            let peak = PeakMemory.measure(instance.run).peak
            result.peakHeapBytes = peak.heapPeakBytes
            result.retainedHeapBytes = peak.heapRetainedBytes
            result.peakResidentBytes = Reading(peak.residentPeakBytes)
            result.residentGrowthBytes = Reading(peak.residentGrowthBytes)
        }
        // Last: arming an observer on every boundary allocates, and must not
        // land in the counts or times above.
        if let notices = instance.noticesOfOneRun?() {
            result.noticesPerUnit = Double(notices.count) / Double(instance.unitsPerRun)
            if notices.count <= 12 { result.noticeOrder = notices }
        }
        if let failure = instance.verify() ?? instance.reference?.verify() {
            return result.failed("after measuring: " + failure)
        }

        let region = Self.regionName(probe)
        let reference = instance.reference.map { _ in Self.regionName(probe, reference: true) }
        result.instructionsPerUnit = callgrind.perUnit(region, minus: reference, units: units) {
            $0.instructions
        }
        result.retainsPerUnit = callgrind.perUnit(region, minus: reference, units: units) { $0.retainCalls }
        result.releasesPerUnit = callgrind.perUnit(region, minus: reference, units: units) { $0.releaseCalls }
        result.verified = "passed"
        return result
    }

    /// One sample per run, over its units; a probe with a reference times
    /// the two alternately and keeps each pair's difference, so drift on
    /// the shared machine cancels instead of landing in the difference.
    private func timedSamples(_ instance: ScenarioInstance) -> [Double] {
        let units = Double(instance.measuredUnits)
        for _ in 0..<options.plan.warmup {
            instance.run()
            instance.reference?.run()
        }
        var samples: [Double] = []
        let deadline = Stopwatch.now() &+ UInt64(options.plan.minimumSeconds * 1e9)
        while samples.count < options.plan.iterations || Stopwatch.now() < deadline {
            let measured = Stopwatch.time(instance.run)
            let subtracted = instance.reference.map { Stopwatch.time($0.run) } ?? 0
            samples.append((measured - subtracted) / units)
        }
        return samples
    }

    /// The failures that make the run exit 2, one line each.
    package static func failures(in suites: [SuiteResult]) -> [String] {
        suites.flatMap { $0.probes ?? [] }.compactMap { probe in
            probe.failure.map { "probe \(probe.probe): \($0)" }
        }
    }

    /// Inside the callgrind child: each probe's runs, and its reference's,
    /// in regions of their own.
    static func runUnderCallgrind(_ lineup: [Runtime]) {
        for probe in probes(of: lineup) {
            let instance = probe.make()
            // The runs once more first, in a dump that is dropped: it takes
            // the calls the set-up made at the same call sites with
            // collection off, which would otherwise be charged to the region.
            InstructionRegion.discarded { for _ in 0..<countedRuns { instance.run() } }
            InstructionRegion.measure(regionName(probe)) {
                for _ in 0..<countedRuns { instance.run() }
            }
            if let reference = instance.reference {
                InstructionRegion.discarded { for _ in 0..<countedRuns { reference.run() } }
                InstructionRegion.measure(regionName(probe, reference: true)) {
                    for _ in 0..<countedRuns { reference.run() }
                }
            }
        }
    }
}

/// What the callgrind child counted per region, or why nothing was.
package struct CallgrindCounts {
    var totals: [String: CallgrindRunner.RegionTotal] = [:]
    /// Why there are no counts: not requested, or the run failed.
    var unavailable = "not requested (add --instructions callgrind)"

    /// Each region's instructions, as the suites read them.
    package var instructions: [String: CounterReading] { totals.mapValues { .counted(Int64($0.instructions)) } }

    /// The function families every region's callgrind readings carry: the
    /// shared rules' share and the view layer's (`ViewLayerCost`).
    static let familyCounters = [SharedRules.counterName] + ViewLayerCost.counterNames

    /// The counters' names for a region's retain and release calls.
    static let retainCalls = "callgrind-retain-calls", releaseCalls = "callgrind-release-calls"

    /// A runtime suite's or the control's callgrind readings for its
    /// counters: the region's instructions and, of those, the shared
    /// rules', and its calls into the Swift runtime's strong retain and
    /// release entry points.
    func counters(for region: String) -> [String: Reading] {
        guard let total = totals[region] else {
            let reason = totals.isEmpty ? unavailable : "callgrind wrote no region \(region)"
            var readings = [
                "callgrind-instructions": Reading(unavailable: reason),
                Self.retainCalls: Reading(unavailable: reason),
                Self.releaseCalls: Reading(unavailable: reason),
            ]
            for name in Self.familyCounters { readings[name] = Reading(unavailable: reason) }
            for (name, _) in Self.simulatedCounters { readings[name] = Reading(unavailable: reason) }
            return readings
        }
        var readings = [
            "callgrind-instructions": Reading(.counted(Int64(total.instructions))),
            Self.retainCalls: Reading(.counted(Int64(total.retainCalls))),
            Self.releaseCalls: Reading(.counted(Int64(total.releaseCalls))),
        ]
        for name in Self.familyCounters {
            readings[name] = Reading(
                total.familyInstructions[name].map { .counted(Int64($0)) }
                    ?? .unavailable(reason: "the callgrind run was not asked for \(name)"))
        }
        for (name, events) in Self.simulatedCounters {
            let counts = events.compactMap { total.simulatedEvents[$0] }
            readings[name] = Reading(
                counts.count == events.count
                    ? .counted(Int64(counts.reduce(0, +)))
                    : .unavailable(
                        reason: "not simulated: PAPI counts this machine's own branch and cache misses "
                            + "(PAPI_BR_MSP, PAPI_L1_DCM)"))
        }
        return readings
    }

    /// Callgrind's cache and branch simulators' events, summed into the
    /// counters a reader compares (`I1mr` and so on are callgrind's names).
    /// Every name says "simulated": these model a generic machine (split
    /// first-level caches, a last-level cache, a simple predictor), never
    /// this one, so they are never mixed with PAPI's.
    static let simulatedCounters: KeyValuePairs<String, [String]> = [
        "simulated-i1-misses": ["I1mr"],
        "simulated-d1-misses": ["D1mr", "D1mw"],
        "simulated-ll-misses": ["ILmr", "DLmr", "DLmw"],
        "simulated-branches": ["Bc", "Bi"],
        "simulated-branch-mispredictions": ["Bcm", "Bim"],
    ]

    /// A region's count minus its reference region's, per unit.
    func perUnit(
        _ region: String, minus reference: String?, units: Double, _ count: (CallgrindRunner.RegionTotal) -> UInt64
    ) -> Reading {
        guard let total = totals[region] else {
            return Reading(unavailable: totals.isEmpty ? unavailable : "callgrind wrote no region \(region)")
        }
        var value = Double(count(total))
        if let reference {
            guard let subtracted = totals[reference] else {
                return Reading(unavailable: "callgrind wrote no region \(reference)")
            }
            value -= Double(count(subtracted))
        }
        return Reading(value: value / units)
    }
}
