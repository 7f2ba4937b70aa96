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
    /// included. Each plays `plan` whole: its warm-up and every iteration.
    /// (Sharing the iterations out was tried while the interactions
    /// suite still counted on its long-warmed session, whose malloc counts
    /// depended on how many cycles came before; docs/measurement.md.)
    package var processes = Options.defaultProcesses
    package static let defaultProcesses = 3
    /// `--growth-budget SECONDS`: the most one port may take at one size
    /// of the growth suite; a size predicted to take longer is skipped.
    package var growthBudgetSeconds = Options.defaultGrowthBudgetSeconds
    package static let defaultGrowthBudgetSeconds = 60.0
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
    /// `--replace-baseline`: lets `--baseline save NAME` write over an
    /// existing baseline, which is otherwise refused (`PublishedData`).
    package var replaceBaseline = false
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
