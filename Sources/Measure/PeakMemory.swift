import CMeasure

/// The highest memory a region reached, seen two ways: the heap through the
/// malloc interposer (exact, bytes above the region's start) and the whole
/// process through the kernel's resident-set high-water mark (page-level,
/// includes stacks and mapped memory).
public struct PeakMemory: Sendable, Equatable, Codable {
    /// Highest live heap bytes above the starting level, on the measuring thread.
    public var heapPeakBytes: Int64
    /// Live heap bytes still held at the end, above the starting level.
    public var heapRetainedBytes: Int64
    /// Peak resident set size of the process during the region.
    public var residentPeakBytes: CounterReading
    /// Resident set size when the region started.
    public var residentStartBytes: CounterReading

    /// How far the resident set rose above its size at the region's start.
    /// The reset high-water mark starts at the process's current resident
    /// size, so the peak alone also counts whatever earlier work left
    /// mapped (a suite run after a large one reads that one's pages); the
    /// growth is what the region itself added.
    public var residentGrowthBytes: CounterReading {
        switch (residentPeakBytes, residentStartBytes) {
        case (.counted(let peak), .counted(let start)): .counted(max(0, peak - start))
        case (.unavailable(let reason), _), (_, .unavailable(let reason)): .unavailable(reason: reason)
        }
    }

    /// An open region: created by `begin`, closed by `end`.
    public struct Region {
        let resetCode: Int32
        let startRSS: Int64
        let allocations: AllocationCounter.Region

        public func end() -> PeakMemory {
            let counts = allocations.end()
            let peakRSS = cmeasure_peak_rss_bytes()
            let resident: CounterReading =
                resetCode == 0 && peakRSS >= 0
                ? .counted(peakRSS)
                : .unavailable(
                    reason: "cannot reset the resident high-water mark via /proc/self/clear_refs: "
                        + SoftwareCounters.errnoText(-resetCode))
            return PeakMemory(
                heapPeakBytes: counts.peakBytes,
                heapRetainedBytes: counts.netBytes,
                residentPeakBytes: resident,
                residentStartBytes: startRSS >= 0
                    ? .counted(startRSS) : .unavailable(reason: "/proc/self/statm unreadable"))
        }
    }

    /// Resets the kernel's high-water mark and opens a region. Resetting
    /// needs write access to /proc/self/clear_refs; without it the resident
    /// peak is reported as unavailable, not as the process's lifetime peak.
    public static func begin() -> Region {
        let resetCode = cmeasure_reset_peak_rss()
        return Region(
            resetCode: resetCode, startRSS: cmeasure_current_rss_bytes(),
            allocations: AllocationCounter.begin(.thread))
    }

    /// Runs `body` and measures its peaks.
    public static func measure<Result>(_ body: () throws -> Result) rethrows -> (result: Result, peak: PeakMemory) {
        let region = begin()
        let result = try body()
        return (result, region.end())
    }
}
