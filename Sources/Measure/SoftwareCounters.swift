import CMeasure
import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// Kernel counters for the calling thread through perf_event_open: task
/// clock, page faults and context switches, plus the hardware instruction
/// and cycle counters, which need a PMU this VM does not have.
///
/// Counters are opened once and reused, so a region costs three system calls
/// per counter (reset, enable, disable) plus a read.
public final class SoftwareCounters: CounterSet {
    public enum Event: String, CaseIterable, Sendable {
        case taskClockNanoseconds = "task-clock-ns"
        case pageFaults = "page-faults"
        case contextSwitches = "context-switches"
        case instructions = "instructions"
        case cycles = "cycles"

        var cEvent: cmeasure_perf_event {
            switch self {
            case .taskClockNanoseconds: CMEASURE_PERF_TASK_CLOCK
            case .pageFaults: CMEASURE_PERF_PAGE_FAULTS
            case .contextSwitches: CMEASURE_PERF_CONTEXT_SWITCHES
            case .instructions: CMEASURE_PERF_HW_INSTRUCTIONS
            case .cycles: CMEASURE_PERF_HW_CYCLES
            }
        }
    }

    public let events: [Event]
    private var descriptors: [Int32]
    private var openFailures: [String?]

    public init(events: [Event] = Event.allCases) {
        self.events = events
        descriptors = []
        openFailures = []
        for event in events {
            let result = cmeasure_perf_open(event.cEvent)
            if result >= 0 {
                descriptors.append(result)
                openFailures.append(nil)
            } else {
                descriptors.append(-1)
                openFailures.append(Self.explain(errno: -result))
            }
        }
    }

    deinit {
        for descriptor in descriptors where descriptor >= 0 { cmeasure_perf_close(descriptor) }
    }

    /// Resets and enables every openable counter.
    public func start() {
        for descriptor in descriptors where descriptor >= 0 {
            _ = cmeasure_perf_reset(descriptor)
            _ = cmeasure_perf_enable(descriptor)
        }
    }

    /// Disables the counters and returns one reading per event.
    public func stop() -> [NamedReading] {
        for descriptor in descriptors where descriptor >= 0 { _ = cmeasure_perf_disable(descriptor) }
        var readings: [NamedReading] = []
        for (index, event) in events.enumerated() {
            if let failure = openFailures[index] {
                readings.append(NamedReading(event.rawValue, .unavailable(reason: failure)))
                continue
            }
            var value: UInt64 = 0
            let code = cmeasure_perf_read(descriptors[index], &value)
            readings.append(
                NamedReading(
                    event.rawValue,
                    code == 0
                        ? .counted(Int64(clamping: value))
                        : .unavailable(reason: "read failed: \(Self.errnoText(-code))")))
        }
        return readings
    }

    /// The system's perf_event_paranoid level, or nil if it cannot be read.
    public static var paranoidLevel: Int? {
        guard let text = try? String(contentsOfFile: "/proc/sys/kernel/perf_event_paranoid", encoding: .utf8) else {
            return nil
        }
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    private static func explain(errno code: Int32) -> String {
        var reason = "perf_event_open failed: \(errnoText(code))"
        switch code {
        case ENOENT, EOPNOTSUPP:
            reason += " (no performance monitoring unit exposed to this machine)"
        case EACCES, EPERM:
            reason +=
                " (perf_event_paranoid is \(paranoidLevel.map(String.init) ?? "unknown"); lower it or run with CAP_PERFMON)"
        case ENOSYS:
            reason += " (the kernel was built without perf events)"
        default:
            break
        }
        return reason
    }

    static func errnoText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
