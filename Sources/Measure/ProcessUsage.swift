import CMeasure

/// What the whole process, every thread, cost the machine over a region,
/// from the kernel's own accounting: CPU time in user and in kernel mode,
/// context switches its threads asked for (they blocked or waited) and
/// suffered (the scheduler preempted them), the read- and write-family
/// system calls it made, and the threads alive when it ended.
///
/// `SoftwareCounters` and callgrind see only the measuring thread. Work a
/// region hands to other threads (the cooperative pool running an async
/// body, the main queue being woken through an eventfd write) and the
/// kernel's time for its system calls show up only here. The names follow
/// package-benchmark's metrics (CPU user, CPU system, context switches,
/// syscalls, threads), each prefixed `process-` and narrowed to what Linux
/// counts: the CPU total is the scheduler's exact runtime in microseconds,
/// but the kernel splits it into user and system time by which mode the
/// timer tick found the thread in, so over a few milliseconds the split is
/// coarse (a region can read 0 system time); /proc/self/io counts only
/// read- and write-family calls (`read`, `write`, `readv`, `pread`, ...),
/// not `futex`, `epoll_wait` or `getpid`.
public final class ProcessUsage: CounterSet {
    public static let names = [
        "process-cpu-us", "process-cpu-user-us", "process-cpu-system-us",
        "process-context-switches-voluntary", "process-context-switches-involuntary",
        "process-read-syscalls", "process-write-syscalls", "process-threads-at-end",
    ]

    private var usageAtStart = cmeasure_process_usage()
    private var usageFailure: Int32 = 0
    private var readsAtStart: Int64 = 0
    private var writesAtStart: Int64 = 0
    private var callsFailure: Int32 = 0

    public init() {}

    public func start() {
        usageFailure = cmeasure_read_process_usage(&usageAtStart)
        callsFailure = cmeasure_read_process_io_calls(&readsAtStart, &writesAtStart)
    }

    public func stop() -> [NamedReading] {
        var usageAtEnd = cmeasure_process_usage()
        let usageEndFailure = cmeasure_read_process_usage(&usageAtEnd)
        var reads: Int64 = 0
        var writes: Int64 = 0
        let callsEndFailure = cmeasure_read_process_io_calls(&reads, &writes)
        let threads = cmeasure_process_thread_count()

        func usage(_ field: KeyPath<cmeasure_process_usage, Int64>) -> CounterReading {
            let failure = usageFailure != 0 ? usageFailure : usageEndFailure
            guard failure == 0 else {
                return .unavailable(reason: "getrusage failed: \(SoftwareCounters.errnoText(-failure))")
            }
            return .counted(usageAtEnd[keyPath: field] - usageAtStart[keyPath: field])
        }
        func calls(_ difference: Int64) -> CounterReading {
            let failure = callsFailure != 0 ? callsFailure : callsEndFailure
            guard failure == 0 else {
                return .unavailable(reason: "/proc/self/io unreadable: \(SoftwareCounters.errnoText(-failure))")
            }
            return .counted(difference)
        }
        return [
            NamedReading(Self.names[0], usage(\.total_microseconds)),
            NamedReading(Self.names[1], usage(\.user_microseconds)),
            NamedReading(Self.names[2], usage(\.system_microseconds)),
            NamedReading(Self.names[3], usage(\.voluntary_switches)),
            NamedReading(Self.names[4], usage(\.involuntary_switches)),
            // The start's own read() is counted once it returns; the end's
            // is not yet counted in what it reads.
            NamedReading(Self.names[5], calls(reads - readsAtStart - 1)),
            NamedReading(Self.names[6], calls(writes - writesAtStart)),
            NamedReading(
                Self.names[7],
                threads >= 0
                    ? .counted(Int64(threads))
                    : .unavailable(reason: "/proc/self/status unreadable: \(SoftwareCounters.errnoText(-threads))")),
        ]
    }
}
