import Measure
import Testing

/// Samples from several processes: the median of process medians, and an
/// interval that widens with the spread between processes.
struct ProcessSamplesTests {
    /// Three processes whose samples agree within a process but whose
    /// levels differ, as fresh processes of one binary do.
    let shifted = ProcessSamples([
        (0..<20).map { 100 + Double($0 % 5) * 0.1 },
        (0..<20).map { 110 + Double($0 % 5) * 0.1 },
        (0..<20).map { 120 + Double($0 % 5) * 0.1 },
    ])

    @Test("with one process, the median and interval are exactly the samples' own")
    func oneProcessIsTheSampleSummary() {
        let samples = (0..<31).map { Double(($0 * 7) % 31) }
        let one = ProcessSamples([samples])
        let summary = SampleSummary(samples)
        #expect(one.median == summary.median)
        #expect(one.medianInterval() == summary.medianInterval)
        #expect(one.spreadExceedsProcessInterval() == nil)
        #expect(PairedComparison(one, against: one) == PairedComparison(samples, against: samples))
    }

    @Test("the estimate is the median of the process medians")
    func medianOfMedians() {
        #expect(shifted.medians.map { $0.rounded() } == [100, 110, 120])
        #expect(shifted.median.rounded() == 110)
    }

    @Test("the interval covers the spread between processes, which one process's interval does not")
    func intervalCoversProcesses() {
        let interval = shifted.medianInterval()
        let single = SampleSummary(shifted.processes[1]).medianInterval
        #expect(interval.lowerBound <= 101 && interval.upperBound >= 119, "\(interval)")
        #expect(single.upperBound - single.lowerBound < 1, "one process alone looks precise: \(single)")
        #expect(shifted.spreadExceedsProcessInterval() == true)
    }

    @Test("processes that agree are not flagged, and their interval stays narrow")
    func agreeingProcesses() {
        let agreeing = ProcessSamples((0..<3).map { _ in (0..<20).map { 100 + Double($0 % 5) } })
        #expect(agreeing.spreadExceedsProcessInterval() == false)
        let interval = agreeing.medianInterval()
        #expect(interval.upperBound - interval.lowerBound <= 4)
    }

    @Test("regrouping flattened samples by their counts restores the processes")
    func flattenedRoundTrip() {
        #expect(ProcessSamples(flattened: shifted.all, counts: [20, 20, 20]) == shifted)
    }

    @Test("a ratio across processes pairs process with process: a shift both sides share cancels")
    func pairedAcrossProcesses() {
        // b is a at twice the cost, process by process: the shift between
        // processes hits both sides alike and must not widen the ratio.
        let doubled = ProcessSamples(shifted.processes.map { $0.map { $0 * 2 } })
        let comparison = PairedComparison(doubled, against: shifted)
        #expect(abs(comparison.ratio - 2) < 1e-9)
        #expect(comparison.interval.lowerBound > 1.99 && comparison.interval.upperBound < 2.01)
        #expect(comparison.verdict == .higher)
    }
}

extension ProcessSamplesTests {
    @Test("two runs' processes are unrelated: their ratio is resampled side by side, and a spread widens it")
    func independentRuns() {
        let doubled = ProcessSamples(shifted.processes.map { $0.map { $0 * 2 } })
        let paired = PairedComparison(doubled, against: shifted)
        let independent = PairedComparison(doubled, against: shifted, sameProcesses: false)
        #expect(independent.ratio == paired.ratio)
        let width = { (c: PairedComparison) in c.interval.upperBound - c.interval.lowerBound }
        #expect(width(independent) > width(paired) * 10, "\(independent.interval) against \(paired.interval)")
        #expect(independent.interval.contains(2))
    }
}

extension ProcessSamplesTests {
    @Test("outliers are counted beyond Tukey's fences: 1.5 and 3 interquartile ranges past the quartiles")
    func tukeyFences() {
        // Quartiles 25.5 and 76.5 (IQR 51): upper fences at 153 (inner) and 229.5 (outer).
        let samples = (0...100).map(Double.init) + [160, 300]
        let summary = SampleSummary(samples)
        #expect(summary.outliers == 2)
        #expect(summary.severeOutliers == 1)
    }
}
