/// Every metric but time for one piece of work, each read in a play of its
/// own so that no metric's cost lands in another's reading: the mallocs on
/// this thread, each counter set's counters, and the heap and resident
/// peaks. This is the one recipe the benchmark's calibration regions, its
/// compute control and its runtime suites' counting runs share; timing is
/// `SamplingPlan`'s, in runs apart from these.
///
/// `Allocations` is what the malloc run found: one region's
/// `AllocationCounts`, or whatever a caller that counts in regions of its
/// own (one per action, say) makes of them.
public struct CountingRuns<Allocations> {
    public var allocations: Allocations
    /// Each counter set's readings, in the order the sets were given.
    public var counters: [NamedReading]
    public var peak: PeakMemory

    /// The recipe for work that is set up afresh before each play,
    /// outside what is counted (`prepare`, for example a session played to
    /// its measured part), and whose mallocs the caller counts in regions
    /// of its own (`countAllocations`, which plays it once).
    public nonisolated(nonsending) static func measure<Work>(
        countAllocations: () async -> Allocations,
        prepare: () async -> sending Work,
        play: (sending Work) async -> Void,
        counterSets: [any CounterSet]
    ) async -> CountingRuns<Allocations> {
        let allocations = await countAllocations()
        var counters: [NamedReading] = []
        for counterSet in counterSets {
            let work = await prepare()
            counterSet.start()
            await play(work)
            counters += counterSet.stop()
        }
        let work = await prepare()
        let region = PeakMemory.begin()
        await play(work)
        return CountingRuns(allocations: allocations, counters: counters, peak: region.end())
    }
}

extension CountingRuns where Allocations == AllocationCounts {
    /// Plays `work` once per metric under `counterSets` (for example
    /// `[HardwareCounters(), SoftwareCounters()]`).
    public static func measure(_ work: () -> Void, counterSets: [any CounterSet]) -> CountingRuns {
        let allocations = AllocationCounter.count(.thread, work)
        var counters: [NamedReading] = []
        for counterSet in counterSets { counters += counterSet.measure(work).readings }
        return CountingRuns(allocations: allocations, counters: counters, peak: PeakMemory.measure(work).peak)
    }
}

extension CountingRuns: Sendable where Allocations: Sendable {}
