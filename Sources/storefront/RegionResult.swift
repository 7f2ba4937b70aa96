import Foundation
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
    /// Work counts of one run (renders, requests, actions) for runtime suites.
    var work: [String: Int]? = nil
    /// Against the suite's fastest region by median: ratio with its interval.
    var comparedWithFastest: PairedComparison? = nil
    var fastest: String? = nil

    /// Compares every region's samples with those of the fastest median.
    static func compareWithFastest(_ results: inout [RegionResult]) {
        guard results.count > 1,
              let fastest = results.min(by: { $0.time.median < $1.time.median }) else { return }
        for index in results.indices {
            results[index].fastest = fastest.name
            results[index].comparedWithFastest = PairedComparison(results[index].samplesNanoseconds,
                                                                  against: fastest.samplesNanoseconds)
        }
    }

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
    /// The workload scale, for runtime suites.
    var scale: String? = nil
    var recordedAt: String
    var environment: EnvironmentFingerprint
    var plan: SamplingPlan
    var regions: [RegionResult]

    static func now() -> String { ISO8601DateFormatter().string(from: Date()) }
}
