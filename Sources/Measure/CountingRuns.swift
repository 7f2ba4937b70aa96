/// Every metric but time for one synchronous piece of work, each read in a
/// play of its own so that no metric's cost lands in another's reading: the
/// mallocs on this thread, each counter set's counters, and the heap and
/// resident peaks. The benchmark's calibration regions and its compute
/// control share it, and its runtime suites make the same runs around each
/// session; timing is `SamplingPlan`'s, in runs apart from these.
public struct CountingRuns: Sendable {
    public var allocations: AllocationCounts
    /// Each counter set's readings, in the order the sets were given.
    public var counters: [NamedReading]
    public var peak: PeakMemory

    /// Plays `work` once per metric under `counterSets` (for example
    /// `[HardwareCounters(), SoftwareCounters()]`).
    public static func measure(_ work: () -> Void, counterSets: [any CounterSet]) -> CountingRuns {
        let allocations = AllocationCounter.count(.thread, work)
        var counters: [NamedReading] = []
        for counterSet in counterSets { counters += counterSet.measure(work).readings }
        return CountingRuns(allocations: allocations, counters: counters, peak: PeakMemory.measure(work).peak)
    }
}
