import Foundation
import Measure
import Workload

/// Exit codes, as documented in --help and the README.
enum ExitCode: Int32 {
    case ok = 0
    case failure = 1
    case gateFailed = 2
}

func fail(_ message: String, code: ExitCode = .failure) -> Never {
    FileHandle.standardError.write(Data("storefront: \(message)\n".utf8))
    exit(code.rawValue)
}

let options: Options
do {
    options = try Options(Array(CommandLine.arguments.dropFirst()))
} catch {
    fail("\(error)")
}

let progress = Progress(quiet: options.quiet)
let runtimeSuites = options.suites.filter(\.isRuntimeSuite)

if options.callgrindChild {
    SuiteRunner.runUnderCallgrind(options.suites)
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

// The gate comes first: a port that computes wrong screens gets no numbers.
var verified: [Runtime] = []
var gateFailures: [String] = []
if !runtimeSuites.isEmpty {
    for runtime in options.runtimes {
        progress.report("agreement gate: \(runtime.rawValue)")
        switch await runtime.verify(scale: options.scale, fault: options.fault) {
        case .success: verified.append(runtime)
        case .failure(let failure): gateFailures.append("\(failure)")
        }
    }
    progress.finish()
    for failure in gateFailures { FileHandle.standardError.write(Data("storefront: \(failure)\n".utf8)) }
}

var instructions: [String: CounterReading] = [:]
if options.callgrind {
    // Runtime suites are not re-run under callgrind: valgrind 3.19 stops
    // with an internal SIGSEGV as soon as Swift concurrency's main-queue
    // executor runs a job, and every port's request tasks need it.
    let measured = options.suites.filter { !$0.isRuntimeSuite }
    if !measured.isEmpty {
        progress.report("callgrind")
        let (counts, failure) = SuiteRunner.countInstructions(suites: measured.map(\.rawValue).joined(separator: ","))
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

var records: [SuiteRecord] = []
let regionRunner = SuiteRunner(options: options, progress: progress)
let runtimeRunner = RuntimeSuiteRunner(options: options, progress: progress)
for suite in options.suites {
    if !suite.isRuntimeSuite {
        records.append(regionRunner.run(suite, instructions: instructions))
    } else if !verified.isEmpty {
        records.append(await runtimeRunner.run(suite, runtimes: verified, instructions: instructions))
    }
}

do {
    if !records.isEmpty { print(try ReportRenderer.render(records, as: options.format)) }
    if let directory = options.outputDirectory, !records.isEmpty {
        let data = try ReportRenderer.encoder.encode(records)
        let name = options.suites.map(\.rawValue).joined(separator: "+") + ".json"
        let written = try RecordWriter.write(data, named: name, in: directory)
        if !options.quiet { FileHandle.standardError.write(Data("wrote \(written.path)\n".utf8)) }
    }
} catch {
    fail("\(error)")
}

if !gateFailures.isEmpty {
    fail("\(gateFailures.count) port(s) failed the agreement gate and were not measured", code: .gateFailed)
}
let mismatches = records.flatMap(\.regions).compactMap(\.calibrationMismatch)
if !mismatches.isEmpty {
    fail("calibration failed: " + mismatches.joined(separator: "; "))
}
