import Measure

/// Everything measured for one region, as recorded in JSON.
struct RegionResult: Codable {
    var name: String
    var summary: String
    /// Every timed sample, in nanoseconds, in the order taken.
    var samplesNanoseconds: [Double]
    var time: SampleSummary
    var allocations: AllocationCounts
    var expectedAllocations: UInt64?
    var hardwareCounters: [NamedReading]
    var softwareCounters: [NamedReading]
    var peakMemory: PeakMemory
    var instructions: CounterReading

    /// A region whose allocation count differs from the one it promised.
    var calibrationMismatch: String? {
        guard let expected = expectedAllocations, expected != allocations.allocations else { return nil }
        return "\(name): expected \(expected) allocations, counted \(allocations.allocations)"
    }
}

/// One suite's run: the machine, the plan and every region's results.
struct SuiteRecord: Codable {
    static let schema = "storefront-record/1"

    var schema = SuiteRecord.schema
    var suite: String
    var recordedAt: String
    var environment: EnvironmentFingerprint
    var plan: SamplingPlan
    var regions: [RegionResult]
}
