import CMeasure

/// Counts allocator calls in a region through the project's malloc interposer.
///
/// `.thread` counts only the calling thread: exact for synchronous work
/// (MainActor work included), unaffected by tests running in parallel, and
/// cheap (about 6 ns per malloc/free pair). `.process` counts every thread
/// with atomics and is switched on only for the region that asks for it.
///
/// The body must not suspend: a region is one stretch of one thread's work.
public enum AllocationCounter {
    public enum Scope: String, Sendable, Codable {
        case thread
        case process
    }

    /// Runs `body` and returns what it allocated.
    public static func measure<Result>(
        _ scope: Scope = .thread,
        _ body: () throws -> Result
    ) rethrows -> (result: Result, counts: AllocationCounts) {
        switch scope {
        case .thread:
            var start = cmeasure_alloc_counters()
            let previousPeak = cmeasure_alloc_thread_reset_peak()
            cmeasure_alloc_thread_snapshot(&start)
            defer { cmeasure_alloc_thread_restore_peak(previousPeak) }
            let result = try body()
            var end = cmeasure_alloc_counters()
            cmeasure_alloc_thread_snapshot(&end)
            return (result, AllocationCounts(from: start, to: end))
        case .process:
            cmeasure_alloc_process_enable()
            defer { cmeasure_alloc_process_disable() }
            var start = cmeasure_alloc_counters()
            let previousPeak = cmeasure_alloc_process_reset_peak()
            cmeasure_alloc_process_snapshot(&start)
            defer { cmeasure_alloc_process_restore_peak(previousPeak) }
            let result = try body()
            var end = cmeasure_alloc_counters()
            cmeasure_alloc_process_snapshot(&end)
            return (result, AllocationCounts(from: start, to: end))
        }
    }

    /// Counts only; for a body with no result.
    public static func count(_ scope: Scope = .thread, _ body: () throws -> Void) rethrows -> AllocationCounts {
        try measure(scope, body).counts
    }

    /// False when something else owns malloc (valgrind's memcheck or DHAT),
    /// in which case every count would read 0 and must not be reported.
    public static var isActive: Bool { cmeasure_alloc_interposer_active() != 0 }
}
