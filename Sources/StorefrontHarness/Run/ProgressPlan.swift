import GraphSuite
import Workload

/// The stages of a run and their weights, for `Progress`'s share done and
/// time left. A weight is roughly the session steps (actions and
/// deliveries) a stage plays, over every port and every play: a warm-up,
/// timed or counting play of a suite's measured part and of the setup it
/// starts from. Where a stage's steps are lighter or heavier than a session's
/// average, or it plays none, its weight is set against an average step by
/// the times of the a657410 record on the project's VM (noted at each); the
/// pace observed during the run corrects the rest.
package enum ProgressPlan {
    package static let gate = "agreement gate"
    package static let callgrind = "callgrind"
    package static let processes = "timing processes"

    @MainActor
    package static func stages(for options: Options) -> [RunProgress.Stage] {
        let catalog = Catalog(scale: options.scale, seed: options.seed)
        let schedule = SessionSchedule(catalog: catalog, shuffleSeed: options.seed?.shuffleSeed)
        let session = Double(schedule.phases.reduce(0) { $0 + $1.steps.count })
        let burst = schedule.phases.firstIndex { $0.name == "inventory-burst" }!
        let beforeBurst = Double(schedule.stepsBeforeBurst.count)
        let ports = Double(options.runtimes.count)
        // This process plays its share of the timed iterations and every
        // counting play; a timed suite's other processes (`--processes`)
        // play their shares and a warm-up each.
        let plays = Double(RuntimeSuiteRunner.playsPerPort(options.plan))

        func playSteps(_ suite: Suite) -> Double {
            switch suite {
            case .coldStart: Double(schedule.phases[0].steps.count)
            case .session, .crossRuntime: session
            case .inventoryBurst: beforeBurst + Double(schedule.phases[burst].steps.count)
            // The warmed session is set up once; each play is one cycle of
            // six light actions, about one average step in all.
            case .interactions: 1
            // Opening a product is a light step: about a tenth of an
            // average session step.
            case .funnelMemory: Double(min(300, catalog.products.count / 2)) * 2 / 10 + 10
            // The control computes only the changed screens: about half an
            // average port's session time.
            case .computeControl: session / 2
            // Three regions of microseconds.
            case .calibration: 0.01
            // Not played in steps; see `weight`.
            case .graph: 0
            // Six small probes, each run tens of times (about 40 ms in all
            // on the 2-core VM at the default plan), under callgrind a few
            // runs each.
            case .perfScenarios: 40
            // Not played in the run's steps; see `weight`.
            case .growth: 0
            }
        }

        func weight(_ suite: Suite) -> Double {
            switch suite {
            // A shape case takes about a second at full size (57 cases
            // sampled 45 s in the a657410 record), some 1,200 session steps
            // (one averages 0.85 ms over the ports there).
            // At `--scale small` (weights count that scale's lighter steps),
            // three samples a case took 2.3 s a case against 89 s for the
            // gate and runtime suites' 238,500 (a 3m52s run on the loaded
            // VM, 2026-12-07): about 6,000 steps a case.
            case .graph:
                Double(GraphAdapter.cases(of: options.runtimes.compactMap(\.graph)).count)
                    * (options.scale == .small ? 6_000 : 1_200)
            case .perfScenarios: 40
            case .growth: GrowthSuiteRunner.progressWeight(ports: ports, scale: options.scale)
            default: (suite.isRuntimeSuite ? ports : 1) * plays * playSteps(suite)
            }
        }

        /// A timed suite's plays in the other processes, per port.
        func elsewherePlays(_ suite: Suite) -> Double {
            Double(options.processes - 1)
                * Double(options.plan.warmup + (suite.isRuntimeSuite ? 2 : 1) * options.plan.iterations)
        }

        var stages: [RunProgress.Stage] = []
        if options.suites.contains(where: \.isRuntimeSuite) {
            // Two sessions per port, each step compared with the shadow
            // model: about two and a half times a plain step.
            stages.append(RunProgress.Stage(name: gate, weight: ports * 2 * session * 2.5))
        }
        if options.callgrind {
            // One settling and one counted play per port and suite under
            // callgrind, with the child's start and setup: about a hundred
            // times their native time in the a657410 record's run.
            let counted = options.suites.reduce(0.0) { total, suite in
                total + (suite.isRuntimeSuite ? ports : 1) * playSteps(suite) * (suite == .graph ? 0 : 2)
            }
            stages.append(RunProgress.Stage(name: callgrind, weight: counted * 100))
        }
        let repeated = ProcessRepetitions.timedSuites(options)
        if options.processes > 1, !repeated.isEmpty {
            let elsewhere = repeated.reduce(0.0) { total, suite in
                total + (suite.isRuntimeSuite ? ports : 1) * elsewherePlays(suite) * playSteps(suite)
            }
            stages.append(RunProgress.Stage(name: processes, weight: elsewhere))
        }
        for suite in options.suites {
            stages.append(RunProgress.Stage(name: suite.rawValue, weight: weight(suite)))
        }
        return stages
    }
}
