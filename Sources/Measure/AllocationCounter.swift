import CMeasure
#if canImport(Glibc)
    import Glibc
#endif

/// Counts allocator calls in a region through the project's malloc interposer.
///
/// `.thread` counts only the calling thread: exact for synchronous work
/// (MainActor work included), unaffected by tests running in parallel, and
/// cheap (about 8 ns per malloc/free pair on top of glibc). `.process`
/// counts every thread with atomics and is switched on only for the regions
/// that ask for it.
///
/// A thread-scoped region may span suspension points only when everything
/// it measures runs on the same thread, as MainActor work does on the main
/// thread of an executable.
public enum AllocationCounter {
    public enum Scope: String, Sendable, Codable {
        case thread
        case process
    }

    /// An open region: created by `begin`, closed by `end`. Regions nest.
    public struct Region {
        let scope: Scope
        let start: cmeasure_alloc_counters
        let previousPeak: Int64
        let thread: pthread_t

        /// Closes the region and returns what was allocated in it.
        public func end() -> AllocationCounts {
            var end = cmeasure_alloc_counters()
            switch scope {
            case .thread:
                // Counts from two threads' counters would be meaningless
                // (an executor that moved the work, say): refuse them.
                precondition(
                    pthread_equal(thread, pthread_self()) != 0,
                    "a thread-scoped allocation region ended on another thread than it began on")
                cmeasure_alloc_thread_snapshot(&end)
                cmeasure_alloc_thread_restore_peak(previousPeak)
            case .process:
                cmeasure_alloc_process_snapshot(&end)
                cmeasure_alloc_process_restore_peak(previousPeak)
                cmeasure_alloc_process_disable()
            }
            return AllocationCounts(from: start, to: end)
        }
    }

    /// Opens a region on the calling thread (or the whole process).
    public static func begin(_ scope: Scope = .thread) -> Region {
        var start = cmeasure_alloc_counters()
        let previousPeak: Int64
        switch scope {
        case .thread:
            previousPeak = cmeasure_alloc_thread_reset_peak()
            cmeasure_alloc_thread_snapshot(&start)
        case .process:
            cmeasure_alloc_process_enable()
            previousPeak = cmeasure_alloc_process_reset_peak()
            cmeasure_alloc_process_snapshot(&start)
        }
        return Region(scope: scope, start: start, previousPeak: previousPeak, thread: pthread_self())
    }

    /// Runs `body` and returns what it allocated.
    public static func measure<Result>(
        _ scope: Scope = .thread,
        _ body: () throws -> Result
    ) rethrows -> (result: Result, counts: AllocationCounts) {
        let region = begin(scope)
        let result: Result
        do {
            result = try body()
        } catch {
            _ = region.end()
            throw error
        }
        return (result, region.end())
    }

    /// Counts only; for a body with no result.
    public static func count(_ scope: Scope = .thread, _ body: () throws -> Void) rethrows -> AllocationCounts {
        try measure(scope, body).counts
    }

    /// False when something else owns malloc (valgrind's memcheck or DHAT),
    /// in which case every count would read 0 and must not be reported.
    public static var isActive: Bool { cmeasure_alloc_interposer_active() != 0 }
}
