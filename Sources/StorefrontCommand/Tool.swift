import Foundation
import StorefrontHarness
import BuildProvenance
import Measure
import Workload

/// The whole run after parsing: answer an information request, or check
/// everything that could stop the run, gate the ports, measure the suites,
/// report and record, and exit with the documented code. Runs on the main
/// actor, which `main.swift` keeps on the main thread.
@MainActor
func runTool(_ options: Options) async -> Never {
    if options.callgrindChild || options.timingChild, !ChildProcesses.endWithParent() {
        fail("the tool that started this child has already ended; nothing to report to")
    }
    if options.callgrindChild {
        guard InstructionRegion.isCollecting else {
            fail(
                "--callgrind-child is the run the tool starts under valgrind for --instructions callgrind, and "
                    + "outside it counts nothing; run storefront --suite NAME --instructions callgrind instead")
        }
        await SuiteRunner.runUnderCallgrind(options)
        succeed()
    }
    if options.timingChild {
        guard ProcessRepetitions.isStartedByParent else {
            fail(
                "--timing-child is the run the tool starts for each timing process, and reports only to it; "
                    + "run storefront --suite NAME --processes N instead")
        }
        await ProcessRepetitions.runAsChild(options)
        succeed()
    }
    answerInformationRequest(options)

    let start = Stopwatch.now()
    let progress = RunProgress(quiet: options.quiet, stages: ProgressPlan.stages(for: options))
    let preflight = Preflight(options)
    // After the checks that can stop the run, so an error stands alone.
    if Options.isDebugBuild { Console.error(debugBuildWarning + "\n") }
    let gate = await GateOutcome(options, progress: progress)
    let callgrind = instructionCounts(options, verified: gate.verified, progress: progress)
    let suites = await measure(options, gate: gate, callgrind: callgrind, progress: progress)
    let document = ResultsDocument(
        options: options, suites: suites, elapsedSeconds: Double(Stopwatch.now() &- start) / 1e9)
    let wrongShapes = GraphSuiteRunner.failures(in: suites) + ScenarioSuiteRunner.failures(in: suites)
    let growthFailures = GrowthSuiteRunner.failures(in: suites)
    let mismatches = suites.flatMap { $0.regions ?? [] }.compactMap(\.mismatch)
    let failedLater = Set(suites.flatMap { $0.runtimes ?? [] }.filter { $0.gate == "failed" }.map(\.runtime))
        .subtracting(gate.failedPorts.map(\.runtime.name))
    let clean =
        gate.failedPorts.isEmpty && failedLater.isEmpty && wrongShapes.isEmpty && mismatches.isEmpty
        && growthFailures.isEmpty
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
    if !growthFailures.isEmpty {
        fail(
            "growth: \(growthFailures.count) port line(s) stopped at a size whose gate or measured session failed: "
                + growthFailures.joined(separator: "; "), code: .gateFailed)
    }
    if !mismatches.isEmpty {
        fail("calibration failed: " + mismatches.joined(separator: "; "))
    }
    if !regressions.isEmpty {
        fail("regression: " + regressions.joined(separator: "; "), code: .regression)
    }
    succeed()
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
        Console.output(Options.helpText(lineup: options.lineup))
        succeed()
    }
    if let probed = options.probe, let probe = options.lineup.first(where: { $0.name == probed })?.costProbe {
        Console.output(probe.table())
        succeed()
    }
    if options.showEnvironment {
        let rows = EnvironmentFingerprint.current(builtFrom: SourceProvenance.built.description).rows
        let width = rows.map(\.0.count).max() ?? 0
        for (name, value) in rows {
            Console.output(name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + value)
        }
        succeed()
    }
    if options.list {
        for suite in Suite.allCases {
            Console.output("\(suite.rawValue): \(suite.summary)")
            for region in suite.regions { Console.output("  \(region.name): \(region.summary)") }
            if suite == .graph {
                Console.output("  shapes: " + GraphSuiteRunner.shapeNames(for: options.lineup).joined(separator: ", "))
            }
        }
        Console.output("runtimes: \(options.lineup.map(\.name).joined(separator: ", "))")
        let carried = options.lineup.flatMap { runtime in runtime.faults.map { "\($0.rawValue) (\(runtime.name))" } }
        Console.output("faults: \(carried.isEmpty ? "none in this lineup" : carried.joined(separator: ", "))")
        succeed()
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

    @MainActor
    init(_ options: Options) {
        do {
            if let problem = GraphSuiteRunner.shapeProblem(options) { throw ToolFailure(.failure, problem) }
            if options.callgrind, CallgrindRunner() == nil {
                throw ToolFailure(
                    .failure,
                    "--instructions callgrind needs valgrind, which is not on PATH: install it "
                        + "(apt-get install -y valgrind) or drop --instructions")
            }
            try PublishedData.checkTemporaryDirectory()
            if let directory = options.outputDirectory {
                try PublishedData.refuseWritingInto(directory, flag: "--output")
                try RecordWriter.prepare(directory, toWrite: "results.json")
            }
            if let directory = options.outputDirectory {
                try RecordWriter.prepare(directory, toWrite: ResultsPage.fileName)
            }
            if options.record || options.baseline != nil || (options.checkThresholds && options.thresholdsFile == nil) {
                repositoryRoot = try Recorder.repositoryRoot()
            }
            if options.allowTestBuild, let root = repositoryRoot {
                if options.record { try Recorder.checkTestBuildOverride(root: root, saving: "--record") }
                if options.baseline?.isSave == true {
                    try Recorder.checkTestBuildOverride(root: root, saving: "--baseline save")
                }
            }
            if options.record {
                recordLock = try Recorder.prepare(root: repositoryRoot!, requireCommittedTree: !options.allowTestBuild)
            }
            switch options.baseline {
            case .compare(let name):
                let loaded = try Baselines.load(name, root: repositoryRoot!)
                try Baselines.checkComparable(loaded, name: name, options: options)
                baseline = loaded
            case .save(let name):
                try Baselines.checkSavable(name, root: repositoryRoot!, replacing: options.replaceBaseline)
            case nil: break
            }
            if options.checkThresholds {
                let loaded = try Thresholds.load(root: repositoryRoot, file: options.thresholdsFile)
                let problems = loaded.problems(for: options)
                if !problems.isEmpty {
                    throw ToolFailure(
                        .failure,
                        "the thresholds cannot check this run: " + problems.joined(separator: "; "))
                }
                thresholds = loaded
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
        let report = try ReportRenderer.render(document, as: options.format)
        if options.format == .json { Console.data(report) } else { Console.output(report) }
        if let directory = options.outputDirectory {
            let written = try ResultsPage.writeRun(document, in: directory)
            if !options.quiet { Console.error("wrote \(written.results.path)\n") }
            pages.append(written.page)
        }
        // Checked before anything is kept: a record or baseline holds only
        // runs that passed every check, the thresholds and baseline included.
        if case .compare(let name) = options.baseline {
            let comparison = Baselines.compare(
                document, with: preflight.baseline!, name: name,
                timeLimit: preflight.thresholds?.relativeTimeLimit ?? 1.25)
            Console.error(comparison.lines.joined(separator: "\n") + "\n")
            regressions += comparison.regressions
        }
        if options.checkThresholds, let thresholds = preflight.thresholds {
            regressions += thresholds.violations(in: document)
        }
        let keeps = options.record || options.baseline?.isSave == true
        if keeps, !clean {
            Console.error(
                "storefront: nothing recorded or saved: records and baselines hold only runs that passed every check\n")
        } else if keeps, !regressions.isEmpty {
            Console.error(
                "storefront: nothing recorded or saved: this run crossed its thresholds or its baseline "
                    + "(listed at the end), and records and baselines hold only runs that passed every check\n")
        }
        if options.record, clean, regressions.isEmpty, let root = preflight.repositoryRoot {
            let command = "swift run -c release storefront " + CommandLine.arguments.dropFirst().joined(separator: " ")
            let folder = try Recorder.record(
                document, command: command, root: root, requireCommittedTree: !options.allowTestBuild)
            Console.error("recorded \(folder.path) and refreshed docs/perf.md\n")
            pages.append(folder.appendingPathComponent(ResultsPage.fileName))
        }
        if case .save(let name) = options.baseline, clean, regressions.isEmpty {
            let saved = try Baselines.save(document, as: name, root: preflight.repositoryRoot!)
            Console.error("saved baseline \(saved.path)\n")
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
