import Foundation
import Measure
import Workload

/// The whole run after parsing: gate, measure, report, record. Runs on the
/// main actor, which `main.swift` keeps on the main thread.
@MainActor
func runTool(_ options: Options) async -> Never {
    let progress = Progress(quiet: options.quiet)
    let runtimeSuites = options.suites.filter(\.isRuntimeSuite)

    if options.callgrindChild {
        SuiteRunner.runUnderCallgrind(options.suites, scale: options.scale)
        exit(ExitCode.ok.rawValue)
    }
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
        fail("no suite chosen; pass --suite \((Suite.allCases.map(\.rawValue) + ["all"]).joined(separator: "|")) (see --help)")
    }
    guard AllocationCounter.isActive else {
        fail("the malloc interposer is not active (running under memcheck?); allocation counts would read 0")
    }
    if let directory = options.outputDirectory {
        do { try RecordWriter.prepare(directory) } catch { fail("\(error)") }
    }

    // Everything that could stop the run afterwards is checked before minutes
    // of measuring: the repository root, the baseline, the thresholds file.
    var repositoryRoot: URL?
    var baseline: ResultsDocument?
    var thresholds: Thresholds?
    do {
        if options.record || options.baseline != nil || options.checkThresholds {
            repositoryRoot = try Recorder.repositoryRoot()
        }
        if case .compare(let name) = options.baseline {
            baseline = try Baselines.load(name, root: repositoryRoot!)
        }
        if options.checkThresholds || baseline != nil {
            thresholds = options.checkThresholds ? try Thresholds.load(root: repositoryRoot!) : try? Thresholds.load(root: repositoryRoot!)
        }
    } catch let failure as ToolFailure {
        fail(failure.description, code: failure.code)
    } catch {
        fail("\(error)")
    }

    // The gate comes first: a port that computes wrong screens gets no numbers.
    var verified: [Runtime] = []
    var failedPorts: [(runtime: Runtime, failure: String)] = []
    if !runtimeSuites.isEmpty {
        for runtime in options.runtimes {
            progress.report("agreement gate: \(runtime.rawValue)")
            switch await runtime.verify(scale: options.scale, fault: options.fault) {
            case .success: verified.append(runtime)
            case .failure(let failure): failedPorts.append((runtime, "\(failure)"))
            }
        }
        progress.finish()
        for port in failedPorts { FileHandle.standardError.write(Data("storefront: \(port.failure)\n".utf8)) }
    }

    var instructions: [String: CounterReading] = [:]
    if options.callgrind {
        // Runtime suites are not re-run under callgrind: valgrind 3.19 stops
        // with an internal SIGSEGV as soon as Swift concurrency's main-queue
        // executor runs a job, and every port's request tasks need it.
        // The synchronous suites run under callgrind; the runtime suites
        // cannot (see below).
        let measured = options.suites.filter { $0 == .calibration || $0 == .computeControl }
        if !measured.isEmpty {
            progress.report("callgrind")
            let (counts, failure) = SuiteRunner.countInstructions(
            suites: measured.map(\.rawValue).joined(separator: ","), scale: options.scale)
            progress.finish()
            if let failure { fail(failure) }
            instructions = counts
        }
        for suite in runtimeSuites {
            for runtime in verified {
                instructions[RuntimeSuiteRunner.instructionRegion(suite, runtime)] = .unavailable(reason:
                    "valgrind 3.19 crashes (internal SIGSEGV) once Swift concurrency's main-queue executor runs a job, "
                    + "which every port's request tasks need")
            }
        }
    }

    let regionRunner = SuiteRunner(options: options, progress: progress)
    let runtimeRunner = RuntimeSuiteRunner(options: options, progress: progress)
    var suites: [SuiteResult] = []
    for suite in options.suites {
        if suite == .computeControl {
            var control = [runtimeRunner.runControl(instructions: instructions)]
            RuntimeResult.compareWithFastest(&control)
            suites.append(SuiteResult(suite: suite.rawValue, summary: suite.summary, runtimes: control))
            continue
        }
        if suite == .graph {
            suites.append(GraphSuiteRunner(options: options, progress: progress).run())
            continue
        }
        if !suite.isRuntimeSuite {
            suites.append(regionRunner.run(suite, instructions: instructions))
            continue
        }
        var results = verified.isEmpty ? [] : await runtimeRunner.run(suite, runtimes: verified, instructions: instructions)
        results += failedPorts.map { RuntimeResult.failed($0.runtime, $0.failure) }
        RuntimeResult.compareWithFastest(&results)
        suites.append(SuiteResult(suite: suite.rawValue, summary: suite.summary, runtimes: results))
    }
    // Each whole-session port against the control, when both were measured.
    if let control = suites.first(where: { $0.suite == Suite.computeControl.rawValue })?.runtimes?.first?.samplesNanoseconds {
        for index in suites.indices where Suite(rawValue: suites[index].suite)?.measuresWholeSession == true {
            for entry in suites[index].runtimes?.indices ?? 0..<0 {
                guard let samples = suites[index].runtimes?[entry].samplesNanoseconds, !samples.isEmpty else { continue }
                suites[index].runtimes?[entry].factorVsControl = Factor(PairedComparison(samples, against: control))
            }
        }
    }
    let document = ResultsDocument(
        recordedAt: ResultsDocument.now(),
        environment: EnvironmentFingerprint.current(),
        workload: WorkloadInfo(scale: options.scale.rawValue, products: runtimeRunner.catalog.products.count,
                               categories: runtimeRunner.catalog.categoryCount,
                               sessionActions: runtimeRunner.schedule.actionCount),
        plan: options.plan,
        suites: suites)

    var regressions: [String] = []
    do {
        print(try ReportRenderer.render(document, as: options.format))
        if let directory = options.outputDirectory {
            let written = try RecordWriter.write(try ReportRenderer.encoder.encode(document), named: "results.json", in: directory)
            if !options.quiet { FileHandle.standardError.write(Data("wrote \(written.path)\n".utf8)) }
        }
        if options.record, let root = repositoryRoot {
            let command = "swift run -c release storefront " + CommandLine.arguments.dropFirst().joined(separator: " ")
            let folder = try Recorder.record(document, command: command, root: root)
            FileHandle.standardError.write(Data("recorded \(folder.path) and refreshed docs/perf.md\n".utf8))
        }
        switch options.baseline {
        case .save(let name):
            let saved = try Baselines.save(document, as: name, root: repositoryRoot!)
            FileHandle.standardError.write(Data("saved baseline \(saved.path)\n".utf8))
        case .compare(let name):
            let comparison = Baselines.compare(document, with: baseline!, name: name,
                                               timeLimit: thresholds?.relativeTimeLimit ?? 1.25)
            FileHandle.standardError.write(Data((comparison.lines.joined(separator: "\n") + "\n").utf8))
            regressions += comparison.regressions
        case nil:
            break
        }
        if options.checkThresholds, let thresholds {
            regressions += thresholds.violations(in: document)
        }
    } catch let failure as ToolFailure {
        fail(failure.description, code: failure.code)
    } catch {
        fail("\(error)")
    }

    if !failedPorts.isEmpty {
        fail("\(failedPorts.count) port(s) failed the agreement gate and were not measured", code: .gateFailed)
    }
    let wrongShapes = GraphSuiteRunner.failures(in: suites)
    if !wrongShapes.isEmpty {
        fail("\(wrongShapes.count) graph case(s) failed their count verification and were not timed: "
             + wrongShapes.joined(separator: "; "), code: .gateFailed)
    }
    let mismatches = suites.flatMap { $0.regions ?? [] }.compactMap(\.mismatch)
    if !mismatches.isEmpty {
        fail("calibration failed: " + mismatches.joined(separator: "; "))
    }
    if !regressions.isEmpty {
        fail("regression: " + regressions.joined(separator: "; "), code: .regression)
    }
    exit(ExitCode.ok.rawValue)
}
