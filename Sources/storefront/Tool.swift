import Cog
import Foundation
import Measure
import Workload

/// The whole run after parsing: answer an information request, or check
/// everything that could stop the run, gate the ports, measure the suites,
/// report and record, and exit with the documented code. Runs on the main
/// actor, which `main.swift` keeps on the main thread.
@MainActor
func runTool(_ options: Options) async -> Never {
    if options.callgrindChild {
        await SuiteRunner.runUnderCallgrind(options)
        exit(ExitCode.ok.rawValue)
    }
    answerInformationRequest(options)

    let progress = Progress(quiet: options.quiet, stages: ProgressPlan.stages(for: options))
    let preflight = Preflight(options)
    // After the checks that can stop the run, so an error stands alone.
    if Options.isDebugBuild { FileHandle.standardError.write(Data((debugBuildWarning + "\n").utf8)) }
    let gate = await GateOutcome(options, progress: progress)
    let callgrind = instructionCounts(options, verified: gate.verified, progress: progress)
    let suites = await measure(options, gate: gate, callgrind: callgrind, progress: progress)
    let document = ResultsDocument(
        recordedAt: ResultsDocument.now(),
        environment: EnvironmentFingerprint.current(),
        cogArena: CogArenaLayout.name,
        workload: WorkloadInfo(scale: options.scale, seed: options.seed),
        plan: options.plan,
        suites: suites)
    let wrongShapes = GraphSuiteRunner.failures(in: suites) + ScenarioSuiteRunner.failures(in: suites)
    let mismatches = suites.flatMap { $0.regions ?? [] }.compactMap(\.mismatch)
    let failedLater = Set(suites.flatMap { $0.runtimes ?? [] }.filter { $0.gate == "failed" }.map(\.runtime))
        .subtracting(gate.failedPorts.map(\.runtime.rawValue))
    let clean = gate.failedPorts.isEmpty && failedLater.isEmpty && wrongShapes.isEmpty && mismatches.isEmpty
    let regressions = publish(document, options: options, preflight: preflight, clean: clean)

    if !gate.failedPorts.isEmpty {
        fail("\(gate.failedPorts.count) port(s) failed the agreement gate and were not measured", code: .gateFailed)
    }
    if !failedLater.isEmpty {
        fail(
            "\(failedLater.sorted().joined(separator: ", ")) passed the gate but ended a measured session showing "
                + "wrong screens; their numbers were dropped", code: .gateFailed)
    }
    if !wrongShapes.isEmpty {
        fail(
            "\(wrongShapes.count) graph case(s) or probe(s) failed their count or value check and were not timed: "
                + wrongShapes.joined(separator: "; "), code: .gateFailed)
    }
    if !mismatches.isEmpty {
        fail("calibration failed: " + mismatches.joined(separator: "; "))
    }
    if !regressions.isEmpty {
        fail("regression: " + regressions.joined(separator: "; "), code: .regression)
    }
    exit(ExitCode.ok.rawValue)
}

/// Said before measuring and at the top of every text report of a debug
/// build: `swift run storefront` without `-c release` builds one, and its
/// numbers look like any others.
let debugBuildWarning =
    "storefront: WARNING: this is a debug build (swift run without -c release); its times are "
    + "several times an app's and do not compare with any record. For real numbers: swift run -c release storefront …"

/// --help, --probe, --environment and --list print and exit; anything else
/// needs a suite and a working malloc counter.
@MainActor
private func answerInformationRequest(_ options: Options) {
    if options.help {
        print(Options.helpText)
        exit(ExitCode.ok.rawValue)
    }
    if options.probe != nil {
        StateGraphCostProbe.printTableAndExit()
    }
    if options.showEnvironment {
        let rows = EnvironmentFingerprint.current().rows
        let width = rows.map(\.0.count).max() ?? 0
        for (name, value) in rows { print(name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + value) }
        exit(ExitCode.ok.rawValue)
    }
    if options.list {
        for suite in Suite.allCases {
            print("\(suite.rawValue): \(suite.summary)")
            for region in suite.regions { print("  \(region.name): \(region.summary)") }
        }
        print("runtimes: \(Runtime.allCases.map(\.rawValue).joined(separator: ", "))")
        print("faults: \(Fault.allCases.map { "\($0.rawValue) (\($0.port))" }.joined(separator: ", "))")
        exit(ExitCode.ok.rawValue)
    }
    guard !options.suites.isEmpty else {
        fail(
            "no suite chosen; pass --suite \((Suite.allCases.map(\.rawValue) + ["all"]).joined(separator: "|")) (see --help)"
        )
    }
    guard AllocationCounter.isActive else {
        fail("the malloc interposer is not active (running under memcheck?); allocation counts would read 0")
    }
}

/// Everything that could stop the run after measuring, checked before
/// minutes of measuring: the output directory, the repository root, what a
/// record writes to (and the lock that keeps a second record run out), the
/// baseline and the thresholds file.
private struct Preflight {
    var repositoryRoot: URL?
    /// Held until the process ends.
    var recordLock: RecordLock?
    var baseline: ResultsDocument?
    var thresholds: Thresholds?

    init(_ options: Options) {
        do {
            if let directory = options.outputDirectory { try RecordWriter.prepare(directory, toWrite: "results.json") }
            if let directory = options.outputDirectory {
                try RecordWriter.prepare(directory, toWrite: ResultsPage.fileName)
            }
            if options.record || options.baseline != nil || (options.checkThresholds && options.thresholdsFile == nil) {
                repositoryRoot = try Recorder.repositoryRoot()
            }
            if options.record {
                recordLock = try Recorder.prepare(root: repositoryRoot!)
            }
            switch options.baseline {
            case .compare(let name): baseline = try Baselines.load(name, root: repositoryRoot!)
            case .save(let name): try Baselines.checkSavable(name, root: repositoryRoot!)
            case nil: break
            }
            if options.checkThresholds {
                thresholds = try Thresholds.load(root: repositoryRoot, file: options.thresholdsFile)
            } else if baseline != nil {
                // Only the time limit is used; with no file the default holds.
                thresholds = try Thresholds.loadIfPresent(root: repositoryRoot!)
            }
        } catch let failure as ToolFailure {
            fail(failure.description, code: failure.code)
        } catch {
            fail("\(error)")
        }
    }
}

/// The gate comes first: a port that computes wrong screens gets no numbers.
private struct GateOutcome {
    var verified: [Runtime] = []
    var failedPorts: [(runtime: Runtime, failure: String)] = []

    @MainActor
    init(_ options: Options, progress: Progress) async {
        guard options.suites.contains(where: \.isRuntimeSuite) else { return }
        progress.begin(ProgressPlan.gate)
        for (index, runtime) in options.runtimes.enumerated() {
            progress.report(runtime.rawValue, done: Double(index) / Double(options.runtimes.count))
            switch await runtime.verify(scale: options.scale, seed: options.seed, fault: options.fault) {
            case .success: verified.append(runtime)
            case .failure(let failure): failedPorts.append((runtime, "\(failure)"))
            }
        }
        progress.finish()
        for port in failedPorts { FileHandle.standardError.write(Data("storefront: \(port.failure)\n".utf8)) }
    }
}

/// With --instructions callgrind, the suites re-run once under callgrind
/// (this executable with `--callgrind-child`): calibration and the compute
/// control region by region, each runtime suite's measured part once per
/// port that passed the gate, and each perf-scenarios probe. The graph suite
/// has its own probe.
@MainActor
private func instructionCounts(_ options: Options, verified: [Runtime], progress: Progress) -> CallgrindCounts {
    guard options.callgrind else { return CallgrindCounts() }
    let counted = options.suites.filter {
        $0 == .calibration || $0 == .computeControl || $0 == .perfScenarios || ($0.isRuntimeSuite && !verified.isEmpty)
    }
    guard !counted.isEmpty else { return CallgrindCounts() }
    progress.begin(ProgressPlan.callgrind)
    progress.report("every measured part once more under valgrind, tens of times slower than native")
    let (counts, failure) = SuiteRunner.countInstructions(
        suites: counted.map(\.rawValue).joined(separator: ","), scale: options.scale, seed: options.seed,
        runtimes: verified)
    progress.finish()
    if let failure { fail(failure) }
    return CallgrindCounts(totals: counts)
}

/// Every chosen suite, in order; then each whole-session port's factor
/// against the compute control, when both were measured.
@MainActor
private func measure(
    _ options: Options, gate: GateOutcome, callgrind: CallgrindCounts,
    progress: Progress
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
    var suites: [SuiteResult] = []
    // A port that ends a measured session wrong is dropped from the suites
    // after it, as a gate failure is from all of them.
    var verified = gate.verified
    var failedPorts = gate.failedPorts
    for suite in options.suites {
        progress.begin(suite.rawValue)
        switch suite {
        case .calibration:
            suites.append(regionRunner.run(suite, instructions: instructions))
        case .computeControl:
            var control = [runtimeRunner().runControl(callgrind: callgrind)]
            RuntimeResult.compareWithFastest(&control)
            suites.append(SuiteResult(suite: suite.rawValue, summary: suite.summary, runtimes: control))
        case .graph:
            suites.append(GraphSuiteRunner(options: options, progress: progress).run())
        case .perfScenarios:
            suites.append(ScenarioSuiteRunner(options: options, progress: progress).run(callgrind: callgrind))
        case .coldStart, .session, .interactions, .inventoryBurst, .funnelMemory, .crossRuntime:
            var results =
                verified.isEmpty
                ? [] : await runtimeRunner().run(suite, runtimes: verified, callgrind: callgrind)
            for result in results where result.gate == "failed" {
                let runtime = Runtime(rawValue: result.runtime)!
                FileHandle.standardError.write(Data("storefront: \(result.gateFailure ?? "")\n".utf8))
                verified.removeAll { $0 == runtime }
                failedPorts.append((runtime, result.gateFailure ?? ""))
            }
            results += failedPorts.filter { failed in !results.contains { $0.runtime == failed.runtime.rawValue } }
                .map { RuntimeResult.failed($0.runtime, $0.failure) }
            RuntimeResult.compareWithFastest(&results)
            suites.append(SuiteResult(suite: suite.rawValue, summary: suite.summary, runtimes: results))
        }
    }
    return suites
}

/// Prints the report, writes the output, record and baseline, and returns
/// the regressions a baseline comparison or the thresholds found. A run that
/// is not `clean` (a port failed the gate, a graph case its counts, a
/// calibration region its malloc count) is printed and written to
/// `--output`, but never recorded or saved as a baseline.
@MainActor
private func publish(_ document: ResultsDocument, options: Options, preflight: Preflight, clean: Bool) -> [String] {
    var regressions: [String] = []
    // Every results page written, announced last so a newcomer knows what to open.
    var pages: [URL] = []
    do {
        print(try ReportRenderer.render(document, as: options.format))
        if let directory = options.outputDirectory {
            let written = try RecordWriter.write(
                try ReportRenderer.encoder.encode(document), named: "results.json", in: directory)
            if !options.quiet { FileHandle.standardError.write(Data("wrote \(written.path)\n".utf8)) }
            pages.append(try ResultsPage.write(document, in: directory))
        }
        if !clean, options.record || options.baseline?.isSave == true {
            FileHandle.standardError.write(
                Data(
                    "storefront: nothing recorded or saved: records and baselines hold only runs that passed every check\n"
                        .utf8))
        }
        if options.record, clean, let root = preflight.repositoryRoot {
            let command = "swift run -c release storefront " + CommandLine.arguments.dropFirst().joined(separator: " ")
            let folder = try Recorder.record(document, command: command, root: root)
            FileHandle.standardError.write(Data("recorded \(folder.path) and refreshed docs/perf.md\n".utf8))
            pages.append(folder.appendingPathComponent(ResultsPage.fileName))
        }
        switch options.baseline {
        case .save(let name) where clean:
            let saved = try Baselines.save(document, as: name, root: preflight.repositoryRoot!)
            FileHandle.standardError.write(Data("saved baseline \(saved.path)\n".utf8))
        case .save:
            break
        case .compare(let name):
            let comparison = Baselines.compare(
                document, with: preflight.baseline!, name: name,
                timeLimit: preflight.thresholds?.relativeTimeLimit ?? 1.25)
            FileHandle.standardError.write(Data((comparison.lines.joined(separator: "\n") + "\n").utf8))
            regressions += comparison.regressions
        case nil:
            break
        }
        if options.checkThresholds, let thresholds = preflight.thresholds {
            regressions += thresholds.violations(in: document)
        }
        if pages.isEmpty, let lastRun = ResultsPage.writeLastRun(document) { pages.append(lastRun) }
        ResultsPage.announce(pages)
    } catch let failure as ToolFailure {
        fail(failure.description, code: failure.code)
    } catch {
        fail("\(error)")
    }
    return regressions
}

extension WorkloadInfo {
    /// The sizes of the workload at `scale`, and its seed when not the default.
    init(scale: Scale, seed: WorkloadSeed?) {
        let catalog = Catalog(scale: scale, seed: seed)
        self.init(
            scale: scale.rawValue, seed: seed?.value, products: catalog.products.count,
            categories: catalog.categoryCount, sessionActions: Script(catalog: catalog).actionCount)
    }
}
