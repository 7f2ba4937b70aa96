import Foundation
import BuildProvenance
import Measure
import Verification
import Workload

/// The gate comes first: a port that computes wrong screens gets no numbers.
package struct GateOutcome {
    package private(set) var verified: [Runtime] = []
    package private(set) var failedPorts: [(runtime: Runtime, failure: String)] = []

    @MainActor
    package init(_ options: Options, progress: RunProgress) async {
        guard options.suites.contains(where: \.isRuntimeSuite) else { return }
        progress.begin(ProgressPlan.gate)
        Self.checkPinnedScreens(options)
        for (index, runtime) in options.runtimes.enumerated() {
            progress.report(runtime.name, done: Double(index) / Double(options.runtimes.count))
            switch await runtime.verify(scale: options.scale, seed: options.seed, fault: options.fault) {
            case .success: verified.append(runtime)
            case .failure(let failure): failedPorts.append((runtime, "\(failure)"))
            }
        }
        progress.finish()
        for port in failedPorts { Console.error("storefront: \(port.failure)\n") }
    }

    /// The ports are compared with the shadow model, which shares their
    /// rules; the committed screens pin the rules themselves. A difference
    /// makes every port's screens suspect, so nothing is measured.
    @MainActor
    static func checkPinnedScreens(_ options: Options) {
        let sessions = AgreementGate.sessions(AgreementGate.sessionCount, after: options.seed)
        for pin in sessions.compactMap({ ScreenPin.pin(scale: options.scale, session: $0) }) {
            let outcome: ScreenPin.Outcome
            do {
                outcome = try pin.check()
            } catch {
                fail("the pinned screens could not be read: \(error)", code: .gateFailed)
            }
            guard case .differs(let difference) = outcome else { continue }
            fail(
                "the screens of the session at \(pin) part from the pinned ones (\(ScreenPin.folder)/\(pin.fileName)) at "
                    + "\(difference). Every port and the shadow model show the new screen, so a shared rule "
                    + "(Money, Browsing, CheckoutRules, the screen builders) or the script changed; if that is "
                    + "intended, run `swift run -c release storefront pin-screens` and commit the files",
                code: .gateFailed)
        }
    }
}

/// With --instructions callgrind, the suites re-run once under callgrind
/// (this executable with `--callgrind-child`): calibration and the compute
/// control region by region, each runtime suite's measured part once per
/// port that passed the gate, each perf-scenarios probe, and the growth
/// suite's cycle at each size within its budget. The graph suite has its
/// own probe.
@MainActor
package func instructionCounts(_ options: Options, verified: [Runtime], progress: RunProgress) -> CallgrindCounts {
    guard options.callgrind else { return CallgrindCounts() }
    let counted = options.suites.filter {
        $0 == .calibration || $0 == .computeControl || $0 == .perfScenarios || $0 == .growth
            || ($0.isRuntimeSuite && !verified.isEmpty)
    }
    guard !counted.isEmpty else { return CallgrindCounts() }
    // The growth suite gates each size itself, so without a runtime suite
    // no port has been gated yet and every chosen one is counted.
    let ports = options.suites.contains(where: \.isRuntimeSuite) ? verified : options.runtimes
    progress.begin(ProgressPlan.callgrind)
    progress.report("every measured part once more under valgrind, tens of times slower than native")
    let (counts, failure) = SuiteRunner.countInstructions(
        suites: counted.map(\.rawValue).joined(separator: ","), scale: options.scale, seed: options.seed,
        runtimes: ports)
    progress.finish()
    if let failure { fail(failure) }
    return CallgrindCounts(totals: counts)
}

/// Every chosen suite, in order; then each whole-session port's factor
/// against the compute control, when both were measured.
@MainActor
package func measure(
    _ options: Options, gate: GateOutcome, callgrind: CallgrindCounts,
    progress: RunProgress
) async -> [SuiteResult] {
    let instructions = callgrind.instructions
    let regionRunner = SuiteRunner(options: options, progress: progress)
    // Built on first use: it generates the catalog and resolves the session
    // with the shadow model, which a calibration-only run does not need.
    var builtRuntimeRunner: RuntimeSuiteRunner?
    func runtimeRunner() -> RuntimeSuiteRunner {
        if let built = builtRuntimeRunner { return built }
        let runner = RuntimeSuiteRunner(options: options, progress: progress)
        builtRuntimeRunner = runner
        return runner
    }
    let elsewhere = ProcessRepetitions.run(options, verified: gate.verified, progress: progress)
    var suites: [SuiteResult] = []
    // A port that ends a measured session wrong is dropped from the suites
    // after it, as a gate failure is from all of them.
    var verified = gate.verified
    var failedPorts = gate.failedPorts
    for suite in options.suites {
        progress.begin(suite.rawValue)
        let suiteStart = Stopwatch.now()
        defer { suites[suites.count - 1].elapsedSeconds = Double(Stopwatch.now() &- suiteStart) / 1e9 }
        switch suite {
        case .calibration:
            suites.append(regionRunner.run(suite, instructions: instructions))
        case .computeControl:
            var control = [
                runtimeRunner().runControl(callgrind: callgrind, elsewhere: elsewhere.compactMap(\.computeControl))
            ]
            RuntimeResult.compareWithFastest(&control)
            suites.append(SuiteResult(suite: suite.rawValue, summary: suite.summary, runtimes: control))
        case .graph:
            suites.append(GraphSuiteRunner(options: options, progress: progress).run())
        case .perfScenarios:
            suites.append(ScenarioSuiteRunner(options: options, progress: progress).run(callgrind: callgrind))
        case .growth:
            suites.append(await GrowthSuiteRunner(options: options, progress: progress).run(callgrind: callgrind))
        case .coldStart, .session, .interactions, .inventoryBurst, .funnelMemory, .crossRuntime:
            let played =
                verified.isEmpty
                ? RuntimeSuiteRunner.Results(ports: [], control: nil)
                : await runtimeRunner().run(
                    suite, runtimes: verified, callgrind: callgrind,
                    elsewhere: elsewhere.compactMap { $0.times(for: suite) })
            var results = played.ports
            for result in results where result.gate == "failed" {
                guard let runtime = verified.first(where: { $0.name == result.runtime }) else { continue }
                Console.error("storefront: \(result.gateFailure ?? "")\n")
                verified.removeAll { $0 == runtime }
                failedPorts.append((runtime, result.gateFailure ?? ""))
            }
            results += failedPorts.filter { failed in !results.contains { $0.runtime == failed.runtime.name } }
                .map { RuntimeResult.failed($0.runtime, $0.failure) }
            RuntimeResult.compareWithFastest(&results)
            suites.append(
                SuiteResult(suite: suite.rawValue, summary: suite.summary, runtimes: results, control: played.control))
        }
    }
    return suites
}

extension WorkloadInfo {
    /// The sizes of the workload at `scale`, and its seed when not the default.
    package init(scale: Scale, seed: WorkloadSeed?) {
        let catalog = Catalog(scale: scale, seed: seed)
        self.init(
            scale: scale.rawValue, seed: seed?.value, products: catalog.products.count,
            categories: catalog.categoryCount, sessionActions: Script(catalog: catalog).actionCount)
    }
}

extension ResultsDocument {
    /// This run's document: when, where and how it ran, and its suites.
    package init(options: Options, suites: [SuiteResult], elapsedSeconds: Double? = nil) {
        let handWritten = HandWrittenStatements.countWhereSourcesAre(options.runtimes)
        self.init(
            recordedAt: Self.now(),
            environment: EnvironmentFingerprint.current(builtFrom: SourceProvenance.built.description),
            lineup: options.runtimes.map { runtime in
                RuntimeInfo(runtime, handWrittenStatements: handWritten?[runtime.name])
            },
            workload: WorkloadInfo(scale: options.scale, seed: options.seed),
            plan: options.plan,
            processes: ProcessRepetitions.timedSuites(options).isEmpty ? nil : options.processes,
            suites: suites, elapsedSeconds: elapsedSeconds)
    }
}
