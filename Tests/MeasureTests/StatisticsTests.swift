import Measure
import Testing

@Suite("Statistics")
struct StatisticsTests {
    let oneToHundred = (1...100).map(Double.init)

    @Test("order statistics of 1...100 interpolate between ranks")
    func orderStatistics() {
        let summary = SampleSummary(oneToHundred.shuffled(using: &FixedShuffle.generator))
        #expect(summary.count == 100)
        #expect(summary.min == 1)
        #expect(summary.max == 100)
        #expect(summary.median == 50.5)
        #expect(abs(summary.p10 - 10.9) < 1e-9)
        #expect(abs(summary.p90 - 90.1) < 1e-9)
        #expect(abs(summary.p99 - 99.01) < 1e-9)
    }

    @Test("median absolute deviation of 1...100 is 25")
    func medianAbsoluteDeviation() {
        #expect(SampleSummary(oneToHundred).medianAbsoluteDeviation == 25)
    }

    @Test("the median's interval brackets it and repeats exactly")
    func medianInterval() {
        let first = SampleSummary(oneToHundred).medianInterval
        let second = SampleSummary(oneToHundred.reversed()).medianInterval
        #expect(first == second)
        #expect(first.contains(50.5))
        #expect(first.lowerBound >= 40 && first.upperBound <= 61)
        #expect(first.upperBound - first.lowerBound > 1)
    }

    @Test("identical samples give a zero-width interval")
    func constantSamples() {
        let summary = SampleSummary([7, 7, 7, 7, 7])
        #expect(summary.medianInterval == 7...7)
        #expect(summary.medianAbsoluteDeviation == 0)
    }

    @Test("a single sample summarizes to itself")
    func singleSample() {
        let summary = SampleSummary([3])
        #expect(summary.min == 3 && summary.median == 3 && summary.p99 == 3 && summary.max == 3)
        #expect(summary.medianInterval == 3...3)
    }

    @Test("half the cost on every pair is decided as lower with ratio 0.5")
    func clearlyLower() {
        let b = oneToHundred.map { $0 + 100 }
        let a = b.map { $0 / 2 }
        let comparison = PairedComparison(a, against: b)
        #expect(comparison.ratio == 0.5)
        #expect(comparison.interval == 0.5...0.5)
        #expect(comparison.verdict == .lower)
        #expect(PairedComparison(b, against: a).verdict == .higher)
    }

    @Test("overlapping samples are undecided")
    func undecided() {
        let a = oneToHundred
        let b = oneToHundred.reversed().map { $0 + 1 }
        let comparison = PairedComparison(a, against: Array(b))
        #expect(comparison.interval.contains(1))
        #expect(comparison.verdict == .undecided)
    }

    @Test("samples of different counts are compared unpaired")
    func unpaired() {
        let comparison = PairedComparison([10, 11, 12], against: [20, 21, 22, 23, 24])
        #expect(comparison.verdict == .lower)
        #expect(comparison.interval.upperBound < 1)
    }

    @Test("a sampling plan keeps every sample after its warm-up")
    func samplingPlan() {
        var runs = 0
        let samples = SamplingPlan(warmup: 2, iterations: 5).sample { runs += 1 }
        #expect(runs == 7)
        #expect(samples.count == 5)
        #expect(samples.allSatisfy { $0 >= 0 })
    }
}

private enum FixedShuffle {
    nonisolated(unsafe) static var generator = SplitMix64(seed: 42)
}
