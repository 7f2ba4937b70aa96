import Foundation
import Measure
import Workload

/// What one extra process of `--processes` timed: for each runtime suite,
/// each port's samples, the compute control's from the same rotation, and
/// the ports whose sessions ended wrong there; and the compute-control
/// suite's own samples.
package struct TimingReport: Codable {
    package struct SuiteTimes: Codable {
        package var suite: String
        package var samples: [String: [Double]]
        package var control: [Double]?
        package var failures: [String: String]
    }

    package var suites: [SuiteTimes] = []
    package var computeControl: [Double]?

    package func times(for suite: Suite) -> SuiteTimes? { suites.first { $0.suite == suite.rawValue } }
}

/// Timed runs repeated in fresh processes (`--processes`). One process's
/// samples share its heap layout, code placement and allocator state, so
/// they agree with each other more than with the next process's; an
/// interval from one process claims a precision a rerun does not repeat
/// (docs/measurement.md, "Between processes"). The extra processes run
/// first, one after another, each the same executable with the same
/// workload and plan, timing only (no gate, counting or callgrind; every
/// session still ends checked against the shadow model); this process
/// runs last and adds its own timed runs and every count.
@MainActor
package enum ProcessRepetitions {
    /// The suites whose times come from every process.
    nonisolated package static func timedSuites(_ options: Options) -> [Suite] {
        options.suites.filter { $0.isRuntimeSuite || $0 == .computeControl }
    }

    /// In the parent: `options.processes - 1` timing children, in order.
    /// A child that cannot run or does not finish ends the run.
    package static func run(_ options: Options, verified: [Runtime], progress: RunProgress) -> [TimingReport] {
        // With no port through the gate, only the control is timed.
        let suites = timedSuites(options).filter { !verified.isEmpty || $0 == .computeControl }
        let extra = options.processes - 1
        guard extra > 0, !suites.isEmpty else { return [] }
        progress.begin(ProgressPlan.processes)
        var reports: [TimingReport] = []
        for index in 0..<extra {
            progress.report(
                "process \(index + 1) of \(options.processes): timed runs only", done: Double(index) / Double(extra))
            do {
                reports.append(try runChild(arguments: childArguments(options, suites: suites, verified: verified)))
            } catch {
                fail("timing process \(index + 1) of \(options.processes) failed: \(error)")
            }
        }
        progress.finish()
        return reports
    }

    /// The child's command line: the same workload and plan, the suites it
    /// times, and only the ports that passed the gate.
    nonisolated static func childArguments(_ options: Options, suites: [Suite], verified: [Runtime]) -> [String] {
        var arguments = [
            "--timing-child", "--quiet",
            "--suite", suites.map(\.rawValue).joined(separator: ","),
            "--scale", options.scale.rawValue,
            "--iterations", "\(options.plan.iterations)",
            "--warmup", "\(options.plan.warmup)",
            "--min-time", "\(options.plan.minimumSeconds)",
            "--processes", "1",
        ]
        // --runtime needs a name; with no verified port only the control runs.
        let runtimes = verified.isEmpty ? options.runtimes : verified
        arguments += ["--runtime", runtimes.map(\.name).joined(separator: ",")]
        if let seed = options.seed { arguments += ["--seed", "\(seed)"] }
        if let fault = options.fault, runtimes.contains(where: { $0.faults.contains(fault) }) {
            arguments += ["--inject-fault", fault.rawValue]
        }
        return arguments
    }

    private struct ChildFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// Names the parent's process ID in a timing child's environment, so a
    /// child can tell it was started by the tool and not by hand.
    private static let parentVariable = "STOREFRONT_TIMING_PARENT"

    /// Whether this process is a timing child the tool started.
    package static var isStartedByParent: Bool {
        ProcessInfo.processInfo.environment[parentVariable] == "\(getppid())"
    }

    private static func runChild(arguments: [String]) throws -> TimingReport {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging([parentVariable: "\(getpid())"]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        try ChildProcesses.start(process)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        ChildProcesses.finish(process)
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw ChildFailure(description: "it ended with status \(process.terminationStatus)")
        }
        do {
            return try JSONDecoder().decode(TimingReport.self, from: data)
        } catch {
            throw ChildFailure(description: "its report could not be read (\(data.count) bytes)")
        }
    }

    /// Inside a timing child: the timed runs of every chosen suite, printed
    /// as one `TimingReport` on stdout.
    package static func runAsChild(_ options: Options) async {
        var report = TimingReport()
        let runner = RuntimeSuiteRunner(options: options, progress: RunProgress(quiet: true))
        for suite in options.suites {
            if suite == .computeControl {
                report.computeControl = runner.timeControl()
                continue
            }
            guard suite.isRuntimeSuite else { continue }
            let timed = await runner.time(suite, runtimes: options.runtimes)
            report.suites.append(
                TimingReport.SuiteTimes(
                    suite: suite.rawValue,
                    samples: Dictionary(
                        uniqueKeysWithValues: timed.samples.filter { $0.key != .control }.map {
                            ($0.key.name, $0.value)
                        }),
                    control: timed.control.isEmpty ? nil : timed.control,
                    failures: Dictionary(uniqueKeysWithValues: timed.endCheck.failures.map { ($0.key.name, $0.value) }))
            )
        }
        do {
            Console.data(String(decoding: try JSONEncoder().encode(report), as: UTF8.self))
        } catch {
            fail("the timing report could not be encoded: \(error)")
        }
    }
}
