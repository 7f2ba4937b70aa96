import CMeasure
import Foundation

/// Re-runs a command under callgrind and reads back each marked region's
/// instruction total.
///
/// Runs are deterministic for the same binary, arguments and environment:
/// the runner sets SWIFT_DETERMINISTIC_HASHING=1, since Swift otherwise seeds
/// its hash per process and Dictionary iteration (and the allocations that
/// depend on it) would move the counts by about 0.2%. It also asks valgrind
/// for `--fair-sched=yes`: a continuation resumed on the MainActor passes
/// through a pool thread, and with the default lock the host's scheduler
/// decides which thread runs next, so on a loaded machine the pool thread's
/// metadata and malloc work would land at different points of the main
/// thread's region and move its count by up to a few hundredths of a percent.
public struct CallgrindRunner: Sendable {
    public struct RegionTotal: Sendable, Equatable, Codable {
        /// Instructions executed inside every run of the region, added up.
        public var instructions: UInt64
        /// How many times the region ran.
        public var dumps: Int
        /// Calls into the runtime's strong retain and release entry points
        /// inside the region (`ReferenceCountingCalls`), added up.
        public var retainCalls: UInt64 = 0
        public var releaseCalls: UInt64 = 0
        /// Instructions spent in each of the run's named `FunctionFamily`s,
        /// added up; empty when the run named none.
        public var familyInstructions: [String: UInt64] = [:]
        /// The cache and branch simulators' events by callgrind's name
        /// (`I1mr`, `D1mr`, `DLmw`, `Bcm`, ...), added up; empty unless the
        /// run simulated them (`simulatesCachesAndBranches`).
        public var simulatedEvents: [String: UInt64] = [:]

        public init(
            instructions: UInt64, dumps: Int, retainCalls: UInt64 = 0, releaseCalls: UInt64 = 0,
            familyInstructions: [String: UInt64] = [:]
        ) {
            self.instructions = instructions
            self.dumps = dumps
            self.retainCalls = retainCalls
            self.releaseCalls = releaseCalls
            self.familyInstructions = familyInstructions
        }
    }

    public enum Failure: Error, CustomStringConvertible {
        case valgrindMissing
        case commandFailed(status: Int32, output: String)
        case noRegions(output: String)

        public var description: String {
            switch self {
            case .valgrindMissing:
                return "valgrind is not installed (apt-get install -y valgrind)"
            case .commandFailed(let status, let output):
                return "callgrind run exited with status \(status): \(output.suffix(2000))"
            case .noRegions(let output):
                return
                    "callgrind wrote no region dumps; was the program built with InstructionRegion markers? \(output.suffix(2000))"
            }
        }
    }

    public let valgrind: URL
    /// Whether callgrind also simulates the caches and branch predictor
    /// (`--cache-sim=yes --branch-sim=yes`): a model of a generic machine,
    /// not this one's, for where no PMU can count them. It makes a run
    /// about three times slower and does not change the instruction counts.
    public var simulatesCachesAndBranches = false

    /// Finds valgrind on PATH; nil when it is not installed.
    public init?() {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("valgrind")
            if FileManager.default.isExecutableFile(atPath: candidate.path) {
                valgrind = candidate
                return
            }
        }
        return nil
    }

    /// Runs `executable` with `arguments` under callgrind; returns each
    /// region's total by name, with each of `families`' shares by its name.
    public func run(
        _ executable: URL, arguments: [String] = [],
        environment extra: [String: String] = [:], families: [String: FunctionFamily] = [:]
    ) throws -> [String: RegionTotal] {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("callgrind-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        let process = Process()
        process.executableURL = valgrind
        process.arguments =
            [
                "--tool=callgrind",
                "--fair-sched=yes",
                // No gdb server: its FIFOs in the temporary folder would
                // outlive a valgrind killed by an interrupt.
                "--vgdb=no",
                "--collect-atstart=no",
                "--dump-instr=no",
                "--callgrind-out-file=\(directory.path)/callgrind.out",
            ] + (simulatesCachesAndBranches ? ["--cache-sim=yes", "--branch-sim=yes"] : []) + [executable.path]
            + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
        environment.merge(extra) { _, new in new }
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try ChildProcesses.start(process)
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        ChildProcesses.finish(process) { try? FileManager.default.removeItem(at: directory) }
        guard process.terminationStatus == 0 else {
            throw Failure.commandFailed(status: process.terminationStatus, output: text)
        }

        var totals: [String: RegionTotal] = [:]
        // Callgrind names a function in full once per run, in the first dump
        // that mentions it, and by number alone in later dumps: read the
        // dumps in the order they were written, with one table of names.
        var names = CallRecordReader.Names()
        for file in Self.inWrittenOrder(try FileManager.default.contentsOfDirectory(atPath: directory.path)) {
            let contents = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            guard let dump = Self.parseDump(contents, names: &names, families: families),
                dump.name != InstructionRegion.discardedDumpName
            else { continue }
            var total = totals[dump.name] ?? RegionTotal(instructions: 0, dumps: 0)
            total.instructions += dump.instructions
            total.dumps += 1
            total.retainCalls += dump.calls.retains
            total.releaseCalls += dump.calls.releases
            total.familyInstructions.merge(dump.familyInstructions, uniquingKeysWith: +)
            total.simulatedEvents.merge(dump.simulatedEvents, uniquingKeysWith: +)
            totals[dump.name] = total
        }
        guard !totals.isEmpty else { throw Failure.noRegions(output: text) }
        return totals
    }

    /// `callgrind.out.1`, `.2`, … by number, then the final dump at exit
    /// (no number).
    static func inWrittenOrder(_ files: [String]) -> [String] {
        func number(_ file: String) -> Int {
            file.split(separator: ".").last.flatMap { Int($0) } ?? Int.max
        }
        return files.sorted { number($0) < number($1) }
    }

    /// One dump written by a client request: its region name, instruction
    /// total, reference-counting calls and the instructions spent in each
    /// of `families`, by name; nil for the final dump at exit and
    /// unreadable files. `names` carries the function names earlier dumps of
    /// the same run defined.
    public static func parseDump(
        _ contents: String, names: inout CallRecordReader.Names, families: [String: FunctionFamily] = [:]
    ) -> ParsedDump? {
        let trigger = "desc: Trigger: Client Request: "
        var name: String?
        var total: UInt64?
        var events: [Substring] = []
        var simulated: [String: UInt64] = [:]
        var reader = CallRecordReader(names: names)
        var calls = ReferenceCountingCalls()
        var familyCosts = families.mapValues { _ in Int64(0) }
        for line in contents.split(separator: "\n") {
            if let record = reader.read(line) {
                calls.add(record)
                for (name, family) in families { familyCosts[name]! += family.contribution(of: record) }
            } else if line.hasPrefix(trigger) {
                name = String(line.dropFirst(trigger.count))
            } else if line.hasPrefix("events:") {
                events = Array(line.split(separator: " ").dropFirst())
            } else if line.hasPrefix("totals:") {
                // valgrind 3.19 can leave `summary:` at 0; `totals:` is right.
                // Its fields follow `events:`, instructions (`Ir`) first.
                let values = line.split(separator: " ").dropFirst().map { UInt64($0) }
                total = values.first ?? nil
                for (event, value) in zip(events, values).dropFirst() {
                    if let value { simulated[String(event)] = value }
                }
            }
        }
        names = reader.names
        guard let name, let total else { return nil }
        return ParsedDump(
            name: name, instructions: total, calls: calls,
            familyInstructions: familyCosts.mapValues { UInt64(max(0, $0)) }, simulatedEvents: simulated)
    }

    /// One dump on its own, as the first of its run.
    public static func parseDump(_ contents: String, families: [String: FunctionFamily] = [:]) -> ParsedDump? {
        var names = CallRecordReader.Names()
        return parseDump(contents, names: &names, families: families)
    }

    public struct ParsedDump: Sendable, Equatable {
        public var name: String
        public var instructions: UInt64
        public var calls: ReferenceCountingCalls
        public var familyInstructions: [String: UInt64]
        public var simulatedEvents: [String: UInt64] = [:]
    }
}
