import Foundation
import Measure
import Workload

/// What one run measures and how: the command line once parsed
/// (`StorefrontCommand` validates every flag before the harness sees it).
package struct Options {
    package enum Format: String, CaseIterable { case text, markdown, json, csv }

    package var suites: [Suite] = []
    /// Every runtime this tool can measure, in report order.
    package let lineup: [Runtime]
    /// The runtimes this run measures (`--runtime`), in the order given.
    package var runtimes: [Runtime]
    package var scale = Scale.default
    package var fault: Fault?
    /// `--seed N`: another catalog and delivery order; nil is the recorded workload.
    package var seed: WorkloadSeed?
    package var plan = SamplingPlan(warmup: 5, iterations: 50)
    /// `--processes N`: fresh processes whose timed runs make each time
    /// and factor of the runtime suites and the compute control, this one
    /// included. They share `plan.iterations` between them; each plays
    /// `plan`'s whole warm-up.
    package var processes = Options.defaultProcesses
    package static let defaultProcesses = 3

    /// The timed samples per port each process takes, in the order they
    /// run (this process last): `plan.iterations` spread evenly, the
    /// earlier processes taking one more where it does not divide.
    package var iterationsPerProcess: [Int] {
        let base = plan.iterations / processes, extra = plan.iterations % processes
        return (0..<processes).map { base + ($0 < extra ? 1 : 0) }
    }

    /// These options with this process's share of the timed iterations.
    package var ownTimingShare: Options {
        var own = self
        own.plan.iterations = iterationsPerProcess.last ?? plan.iterations
        return own
    }
    package var format = Format.text
    package var outputDirectory: URL?
    package var callgrind = false
    package var record = false
    package var checkThresholds = false
    /// `--thresholds FILE`: the thresholds file to check against instead of
    /// `Results/thresholds.json` (CI's sentinel run proves a crossed
    /// ceiling fails the run).
    package var thresholdsFile: URL?
    package enum BaselineAction: Equatable {
        case save(String)
        case compare(String)

        package var isSave: Bool { if case .save = self { true } else { false } }
    }
    package var baseline: BaselineAction?
    package var quiet = false
    package var showEnvironment = false
    package var list = false
    package var help = false
    /// A runtime whose primitive costs to probe (`--probe stategraph`).
    package var probe: String?
    /// The graph suite's shapes to run (nil: all), for profiling one shape.
    package var shapes: [String]?
    /// Set when the tool re-runs itself under callgrind: run each region
    /// once inside an instruction region and print nothing else.
    package var callgrindChild = false
    /// Set in the extra processes of `--processes`: time the runtime
    /// suites and the control, print the samples as JSON, nothing else.
    package var timingChild = false
    /// Lets a debug or CompactArena build record or save a baseline: for
    /// the tool's own tests, which run the debug build, once with the trait.
    package var allowTestBuild = false

    package init(lineup: [Runtime]) {
        self.lineup = lineup
        runtimes = lineup
    }

    package static var isDebugBuild: Bool { EnvironmentFingerprint.buildConfiguration == "debug" }

    /// The chosen runtimes built with a setting an app would not get.
    package var nonAppBuilds: [Runtime] { runtimes.filter { $0.buildVariant != nil } }
}
