import Foundation
import Measure
import Workload

/// The results document: what `--format json`, `--output` and `--record`
/// write. Other tools read it, so these keys are kept stable; the schema
/// string changes when they do.
package struct ResultsDocument: Codable {
    /// 2 added `actionKinds` to the interactions suite's ports; 3 added
    /// the perf-scenarios suite's `probes`; 4 added `cogArena`; 5 replaced
    /// it with `lineup`, each runtime's version, source and build; 6 added
    /// `processes` and the per-process fields of a timed cell; 7 added the
    /// growth suite's `growth`; 8 added `elapsedSeconds`, the run's and each
    /// suite's wall time.
    static let schema = "storefront-results/8"
    /// Schemas this tool still reads back (baselines): every change so far
    /// only added optional fields, which an older document simply lacks.
    static let readableSchemas: Set<String> = [
        "storefront-results/1", "storefront-results/2", "storefront-results/3", "storefront-results/4",
        "storefront-results/5", "storefront-results/6", "storefront-results/7", schema,
    ]

    var schema = ResultsDocument.schema
    var recordedAt: String
    var environment: EnvironmentFingerprint
    /// Each measured runtime's version, source and build; absent before
    /// schema 5.
    package var lineup: [RuntimeInfo]? = nil
    var workload: WorkloadInfo
    var plan: SamplingPlan
    /// Fresh processes whose timed runs make the runtime suites' and the
    /// control's times (`--processes`); absent before schema 6, when one did.
    var processes: Int? = nil
    var suites: [SuiteResult]
    /// The run's wall time, checks and gate included: how long the command
    /// took (absent before schema 8).
    var elapsedSeconds: Double? = nil

    /// The processes behind the timed cells: 1 in a document from before
    /// `--processes`.
    var timingProcesses: Int { processes ?? 1 }

    /// One line per timed cell whose samples are unstable: more than 5%
    /// beyond Tukey's outer fences (hyperfine and criterion warn alike).
    var outlierWarnings: [String] {
        suites.flatMap { suite in
            (suite.runtimes ?? []).compactMap { result -> String? in
                guard let wall = result.wallNanoseconds, wall.unstable else { return nil }
                return "\(suite.suite)/\(result.runtime): \(wall.severeOutliers ?? 0) of \(wall.count ?? 0) samples "
                    + "lie beyond 3 interquartile ranges of the quartiles (\(wall.outliers ?? 0) beyond 1.5)"
            }
        }
    }

    /// How long the run took, in all and by suite, the rest being the
    /// checks, the gate, callgrind and the timing processes; nil for a
    /// document from before schema 8.
    var durationLine: String? {
        guard let elapsedSeconds else { return nil }
        let timed = suites.compactMap { suite in suite.elapsedSeconds.map { (suite.suite, $0) } }
        var line = "The run took \(RunProgress.duration(elapsedSeconds))"
        guard !timed.isEmpty else { return line + "." }
        let before = elapsedSeconds - timed.reduce(0) { $0 + $1.1 }
        line += ": " + timed.map { "\($0.0) \(RunProgress.duration($0.1))" }.joined(separator: ", ")
        return line + ", and \(RunProgress.duration(max(0, before))) before the suites (checks, gate, callgrind, "
            + "timing processes)."
    }

    /// How the timed cells were taken, for every report's footnote.
    var samplingNote: String {
        let sampling = "\(plan.iterations) iterations after \(plan.warmup) warm-up rounds per port"
        guard timingProcesses > 1 else {
            return sampling + "; times are medians with the 95% interval of the median"
        }
        return sampling + ", in each of \(timingProcesses) fresh processes; "
            + "times are the median of the processes' medians "
            + "with a 95% interval from resampling processes and then samples within them, which covers the "
            + "spread between processes; † marks a cell whose processes' medians spread wider than one "
            + "process's own interval"
    }

    package static func now() -> String { ISO8601DateFormatter().string(from: Date()) }
}

package struct WorkloadInfo: Codable {
    var scale: String
    /// `--seed`; absent for the default workload (every record's).
    var seed: UInt64? = nil
    var products: Int
    var categories: Int
    var sessionActions: Int

    /// "default scale", or "small scale, seed 7" for a seeded workload.
    var label: String {
        "\(scale) scale" + (seed.map { ", seed \($0)" } ?? "")
    }

    /// Whether two runs played the same catalog and delivery order.
    func isSameWorkload(as other: WorkloadInfo) -> Bool {
        scale == other.scale && seed == other.seed
    }
}

/// One suite: runtime suites list their ports; calibration lists regions;
/// the graph suite lists shapes; the perf-scenarios suite lists probes.
package struct SuiteResult: Codable {
    var suite: String
    var summary: String
    package var runtimes: [RuntimeResult]? = nil
    /// A runtime suite's compute control, played through the same view
    /// layer, service and rotation as the ports: the floor their figures
    /// sit above (`Player.control`). Absent from records made before it.
    package var control: RuntimeResult? = nil
    package var regions: [CalibrationResult]? = nil
    var shapes: [GraphShapeResult]? = nil
    /// The perf-scenarios suite: one entry per probe.
    var probes: [ScenarioProbeResult]? = nil
    /// The growth suite: each axis, each port's line along it, the fits.
    var growth: GrowthResult? = nil
    /// The suite's own wall time in this process (the gate, callgrind and
    /// the timing processes come before every suite and are the rest of
    /// the run's); absent before schema 8.
    var elapsedSeconds: Double? = nil
}

/// A counter's value, or why there is none: `{"value": n}` or
/// `{"unavailable": "reason"}`. Never a silent 0.
package struct Reading: Codable, Equatable {
    var value: Double?
    var unavailable: String?

    init(_ reading: CounterReading) {
        switch reading {
        case .counted(let value): self.value = Double(value)
        case .unavailable(let reason): unavailable = reason
        }
    }

    init(unavailable reason: String) { unavailable = reason }

    /// A count that need not be whole: a per-unit figure.
    init(value: Double) { self.value = value }
}

/// A timed cell's summary. With samples from several processes, `median`
/// is the median of the processes' medians and `ciLow`…`ciHigh` its
/// two-level bootstrap interval (`ProcessSamples`); the spread figures
/// (`min`, `p90`, `p99`, `max`, `mad`) are over every sample.
struct WallTime: Codable, Equatable {
    var min: Double
    var median: Double
    var p90: Double
    var max: Double
    var ciLow: Double
    var ciHigh: Double
    /// Absent in documents before schema 6.
    var p99: Double? = nil
    /// Median absolute deviation from the median of every sample, unscaled.
    var mad: Double? = nil
    /// Samples beyond Tukey's inner fences (1.5 × IQR), and beyond the
    /// outer ones (3 × IQR), over every sample (`SampleSummary`).
    var outliers: Int? = nil
    var severeOutliers: Int? = nil
    /// Every sample counted, for the outlier share.
    var count: Int? = nil

    init(_ summary: SampleSummary) {
        min = summary.min
        median = summary.median
        p90 = summary.p90
        max = summary.max
        ciLow = summary.medianInterval.lowerBound
        ciHigh = summary.medianInterval.upperBound
        p99 = summary.p99
        mad = summary.medianAbsoluteDeviation
        outliers = summary.outliers
        severeOutliers = summary.severeOutliers
        count = summary.count
    }

    /// Whether more than `SampleSummary.severeOutlierWarningShare` of the
    /// samples lie beyond the outer fences.
    var unstable: Bool {
        guard let severeOutliers, let count, count > 0 else { return false }
        return Double(severeOutliers) / Double(count) > SampleSummary.severeOutlierWarningShare
    }

    init(_ samples: ProcessSamples) {
        self.init(SampleSummary(samples.all))
        guard samples.processes.count > 1 else { return }
        median = samples.median
        let interval = samples.medianInterval()
        ciLow = interval.lowerBound
        ciHigh = interval.upperBound
    }
}

/// A ratio of medians with its bootstrap 95% interval; `verdict` is
/// "lower", "higher" or "undecided" (the interval includes 1).
struct Factor: Codable, Equatable {
    var value: Double?
    var low: Double?
    var high: Double?
    var verdict: String?
    var unavailable: String?

    init(_ comparison: PairedComparison) {
        value = comparison.ratio
        low = comparison.interval.lowerBound
        high = comparison.interval.upperBound
        verdict = comparison.verdict.rawValue
    }

    init(unavailable reason: String) { unavailable = reason }
}

struct Requests: Codable, Equatable {
    var started: Int
    var applied: Int
    var rejected: Int
    /// The simulated service delivers every answer; a port rejects what it
    /// no longer wants, so nothing is ever cancelled in flight.
    var cancelled: Int
}

/// One port's results in one suite. A port that failed the gate carries
/// only its name, `gate: "failed"` and the failure: no numbers.
package struct RuntimeResult: Codable {
    package var runtime: String
    package var gate: String
    package var gateFailure: String? = nil
    /// Timed samples taken: runs, or actions for `interactions`, over every process.
    var iterations: Int? = nil
    var wallNanoseconds: WallTime? = nil
    /// Every process's samples, process after process.
    var samplesNanoseconds: [Double]? = nil
    /// With `--processes` above 1: how many of `samplesNanoseconds` each
    /// process took, in order; absent when one process took them all.
    var samplesPerProcess: [Int]? = nil
    /// Each process's median, in order (absent for one process).
    var processMediansNanoseconds: [Double]? = nil
    /// Whether the processes' medians spread wider than one process's own
    /// interval: a one-process interval would have overstated the
    /// precision (absent for one process).
    var processSpreadExceedsInterval: Bool? = nil
    var mallocsPerIteration: UInt64? = nil
    var bytesPerIteration: UInt64? = nil
    var actionsPerIteration: Int? = nil
    var mallocsPerAction: Double? = nil
    var peakLiveBytes: Int64? = nil
    var peakResidentBytes: Reading? = nil
    /// The resident set's rise above its size when the measured run began:
    /// unlike the peak, not inflated by what earlier suites left mapped.
    var residentGrowthBytes: Reading? = nil
    /// Heap bytes still held when the measured part ended, above its start:
    /// for `funnel-memory`, the per-product state kept for screens that are gone.
    var retainedBytes: Int64? = nil
    var renders: Int? = nil
    var recomputations: Reading? = nil
    var requests: Requests? = nil
    var counters: [String: Reading]? = nil
    var factorVsFastest: Factor? = nil
    var factorVsControl: Factor? = nil
    /// `interactions` only: the cycle's actions split by kind (quantity,
    /// filter, page), each with its own time, factor and mallocs.
    var actionKinds: [ActionKindResult]? = nil

    package static func failed(_ runtime: Runtime, _ failure: String) -> RuntimeResult {
        RuntimeResult(runtime: runtime.name, gate: "failed", gateFailure: failure)
    }

    /// "†" when the processes' medians spread wider than one process's
    /// own interval, else "".
    var spreadMark: String { processSpreadExceedsInterval == true ? " †" : "" }

    /// The samples, regrouped by process; nil for a port with none.
    var processSamples: ProcessSamples? {
        guard let samples = samplesNanoseconds else { return nil }
        return ProcessSamples.regrouped(samples, counts: samplesPerProcess ?? [samples.count])
    }

    /// Sets the timed part from `samples`, and the factor against the
    /// compute control's samples from the same rotations, if any.
    mutating func setTimes(_ samples: ProcessSamples, control: ProcessSamples?) {
        let all = samples.all
        iterations = all.count
        samplesNanoseconds = all
        wallNanoseconds = WallTime(samples)
        if samples.processes.count > 1 {
            samplesPerProcess = samples.processes.map(\.count)
            processMediansNanoseconds = samples.medians
            processSpreadExceedsInterval = samples.spreadExceedsProcessInterval()
        }
        factorVsControl =
            control.map { Factor(PairedComparison(samples, against: $0)) }
            ?? Factor(
                unavailable: "the compute control did not play beside this port here (the growth suite fits lines)")
    }

    /// Fills `factorVsFastest` for every measured port from its samples,
    /// paired process by process.
    package static func compareWithFastest(_ results: inout [RuntimeResult]) {
        let measured = results.filter { $0.processSamples != nil }
        guard let fastest = measured.min(by: { $0.wallNanoseconds!.median < $1.wallNanoseconds!.median }),
            let fastestSamples = fastest.processSamples
        else {
            return
        }
        for index in results.indices {
            guard let samples = results[index].processSamples else { continue }
            results[index].factorVsFastest = Factor(PairedComparison(samples, against: fastestSamples))
        }
        ActionKindResult.compareWithFastest(&results)
    }
}

/// One calibration region's results.
package struct CalibrationResult: Codable {
    var region: String
    var summary: String
    var iterations: Int
    var wallNanoseconds: WallTime
    var samplesNanoseconds: [Double]
    var allocations: AllocationCounts
    var expectedAllocations: UInt64?
    var counters: [String: Reading]
    var peakMemory: PeakMemory

    /// A region whose allocation count differs from the one it promised.
    package var mismatch: String? {
        guard let expected = expectedAllocations, expected != allocations.allocations else { return nil }
        return "\(region): expected \(expected) allocations, counted \(allocations.allocations)"
    }
}

extension Array where Element == NamedReading {
    /// Readings keyed by counter name, for the `counters` object.
    var byName: [String: Reading] {
        Dictionary(map { ($0.name, Reading($0.reading)) }, uniquingKeysWith: { first, _ in first })
    }
}
