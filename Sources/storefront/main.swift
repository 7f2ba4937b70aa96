import Foundation
import Measure

/// Exit codes, as documented in --help and the README.
enum ExitCode: Int32 {
    case ok = 0
    case failure = 1
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("storefront: \(message)\n".utf8))
    exit(ExitCode.failure.rawValue)
}

let options: Options
do {
    options = try Options(Array(CommandLine.arguments.dropFirst()))
} catch {
    fail("\(error)")
}

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
        print(suite.rawValue)
        for region in suite.regions { print("  \(region.name): \(region.summary)") }
    }
    exit(ExitCode.ok.rawValue)
}
guard !options.suites.isEmpty else {
    fail("no suite chosen; pass --suite \(Suite.allCases.map(\.rawValue).joined(separator: "|")) (see --help)")
}
guard AllocationCounter.isActive else {
    fail("the malloc interposer is not active (running under memcheck?); allocation counts would read 0")
}

if let directory = options.outputDirectory {
    do { try RecordWriter.prepare(directory) } catch { fail("\(error)") }
}

var instructions: [String: CounterReading] = [:]
if options.callgrind {
    let (counts, failure) = SuiteRunner.countInstructions(options.suites)
    if let failure { fail(failure) }
    instructions = counts
}

let runner = SuiteRunner(options: options, progress: Progress(quiet: options.quiet))
let records = options.suites.map { runner.run($0, instructions: instructions) }

do {
    print(try ReportRenderer.render(records, as: options.format))
    if let directory = options.outputDirectory {
        let data = try ReportRenderer.encoder.encode(records)
        let name = options.suites.map(\.rawValue).joined(separator: "+") + ".json"
        let written = try RecordWriter.write(data, named: name, in: directory)
        if !options.quiet { FileHandle.standardError.write(Data("wrote \(written.path)\n".utf8)) }
    }
} catch {
    fail("\(error)")
}

let mismatches = records.flatMap(\.regions).compactMap(\.calibrationMismatch)
if !mismatches.isEmpty {
    fail("calibration failed: " + mismatches.joined(separator: "; "))
}
