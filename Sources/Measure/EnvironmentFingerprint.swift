import CMeasure
import Foundation

/// The facts a number depends on, recorded beside every result so numbers
/// from different machines, builds or commits are never compared blindly.
public struct EnvironmentFingerprint: Sendable, Equatable, Codable {
    public var hostname: String
    public var cpuModel: String
    public var logicalCores: Int
    public var memoryBytes: UInt64
    public var operatingSystem: String
    public var kernel: String
    public var toolchain: String
    public var buildConfiguration: String
    /// The commit the measuring binary was built from, as its build
    /// recorded it (`-dirty` when its sources differed from that commit),
    /// or "unavailable: …"; never the folder the tool runs in.
    public var gitCommit: String
    public var perfEventParanoid: String
    /// "available (N hardware counters)" or "unavailable: reason".
    public var papi: String
    /// Whether callgrind instruction counts can be taken.
    public var valgrind: String

    /// This machine and process, measured by a binary built from `builtFrom`
    /// (`SourceProvenance.built`'s description).
    public static func current(builtFrom: String) -> EnvironmentFingerprint {
        EnvironmentFingerprint(
            hostname: ProcessInfo.processInfo.hostName,
            cpuModel: cpuModel(),
            logicalCores: ProcessInfo.processInfo.activeProcessorCount,
            memoryBytes: ProcessInfo.processInfo.physicalMemory,
            operatingSystem: operatingSystem(),
            kernel: kernel(),
            toolchain: toolchain,
            buildConfiguration: buildConfiguration,
            gitCommit: builtFrom,
            perfEventParanoid: SoftwareCounters.paranoidLevel.map(String.init)
                ?? "unavailable: /proc/sys/kernel/perf_event_paranoid unreadable",
            papi: papiSummary(),
            valgrind: CallgrindRunner().map { "available at \($0.valgrind.path)" }
                ?? "unavailable: valgrind not on PATH (apt-get install -y valgrind)")
    }

    /// Field names and values in a stable order, for text reports.
    public var rows: [(String, String)] {
        [
            ("host", hostname),
            ("cpu", cpuModel),
            ("logical cores", String(logicalCores)),
            ("memory", String(format: "%.1f GiB", Double(memoryBytes) / 1_073_741_824)),
            ("os", operatingSystem),
            ("kernel", kernel),
            ("toolchain", toolchain),
            ("build", buildConfiguration),
            ("built from commit", gitCommit),
            ("perf_event_paranoid", perfEventParanoid),
            ("papi", papi),
            ("valgrind", valgrind),
        ]
    }

    public static var buildConfiguration: String {
        #if DEBUG
            "debug"
        #else
            "release"
        #endif
    }

    /// The compiler that built this binary, to the precision `#if compiler` allows.
    public static var toolchain: String {
        #if compiler(>=6.5)
            "Swift 6.5 or later"
        #elseif compiler(>=6.4)
            "Swift 6.4"
        #elseif compiler(>=6.3.1)
            "Swift 6.3.1"
        #elseif compiler(>=6.3)
            "Swift 6.3"
        #elseif compiler(>=6.2)
            "Swift 6.2"
        #else
            "Swift 6.1"
        #endif
    }

    private static func cpuModel() -> String {
        guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else {
            return "unavailable: /proc/cpuinfo unreadable"
        }
        for line in info.split(separator: "\n") where line.hasPrefix("model name") {
            if let colon = line.firstIndex(of: ":") {
                return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return "unavailable: no model name in /proc/cpuinfo"
    }

    private static func operatingSystem() -> String {
        guard let release = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8) else {
            return ProcessInfo.processInfo.operatingSystemVersionString
        }
        for line in release.split(separator: "\n") where line.hasPrefix("PRETTY_NAME=") {
            return line.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        return ProcessInfo.processInfo.operatingSystemVersionString
    }

    private static func kernel() -> String {
        var names = utsname()
        guard uname(&names) == 0 else { return "unavailable: uname failed" }
        func field<T>(_ value: T) -> String {
            withUnsafeBytes(of: value) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        return "\(field(names.sysname)) \(field(names.release)) \(field(names.machine))"
    }

    private static func papiSummary() -> String {
        papiSummary(status: HardwareCounters.libraryStatus, components: HardwareCounters.components)
    }

    /// What the fingerprint says about PAPI: a library that loaded but
    /// gave no CPU component's information reports its counters as
    /// unavailable, never as a negative count.
    package static func papiSummary(
        status: CounterReading, components: [(name: String, disabledReason: String?)]
    ) -> String {
        switch status {
        case .counted(let hardwareCounters):
            // Component 0 is the CPU; uncore, GPU and SDE components say
            // nothing about the events this project counts.
            guard hardwareCounters >= 0, let cpu = components.first else {
                return "loaded; hardware counters unavailable: PAPI gave no CPU component information"
            }
            let state = cpu.disabledReason.map { "disabled: \($0)" } ?? "enabled"
            return "loaded, \(hardwareCounters) hardware counters; CPU component \(cpu.name) \(state)"
        case .unavailable(let reason):
            return "unavailable: \(reason)"
        }
    }
}
