/// Percentile-bootstrap confidence intervals with a fixed seed, so a given
/// set of samples always yields the same interval.
public enum Bootstrap {
    public static let defaultResamples = 2_000
    public static let seed: UInt64 = 0x5EED_C06_5EED

    /// 95% interval of the median of `samples`.
    public static func medianInterval(of samples: [Double], resamples: Int = defaultResamples) -> ClosedRange<Double> {
        guard samples.count > 1 else { return samples[0]...samples[0] }
        var generator = SplitMix64(seed: seed)
        var scratch = [Double](repeating: 0, count: samples.count)
        var medians = [Double]()
        medians.reserveCapacity(resamples)
        for _ in 0..<resamples {
            for slot in scratch.indices {
                scratch[slot] = samples[Int(generator.next() % UInt64(samples.count))]
            }
            medians.append(median(ofScratch: &scratch))
        }
        return interval(of: &medians)
    }

    /// 95% interval of median(a) / median(b). Samples taken in alternating
    /// iterations (same count) are resampled as pairs, which cancels drift
    /// that hit both runtimes alike; otherwise each side is resampled alone.
    public static func ratioInterval(_ a: [Double], _ b: [Double], resamples: Int = defaultResamples) -> ClosedRange<
        Double
    > {
        var generator = SplitMix64(seed: seed)
        let paired = a.count == b.count
        var scratchA = [Double](repeating: 0, count: a.count)
        var scratchB = [Double](repeating: 0, count: b.count)
        var ratios = [Double]()
        ratios.reserveCapacity(resamples)
        for _ in 0..<resamples {
            for slot in scratchA.indices {
                let pick = Int(generator.next() % UInt64(a.count))
                scratchA[slot] = a[pick]
                if paired { scratchB[slot] = b[pick] }
            }
            if !paired {
                for slot in scratchB.indices {
                    scratchB[slot] = b[Int(generator.next() % UInt64(b.count))]
                }
            }
            ratios.append(median(ofScratch: &scratchA) / median(ofScratch: &scratchB))
        }
        return interval(of: &ratios)
    }

    private static func median(ofScratch values: inout [Double]) -> Double {
        values.sort()
        return SampleSummary.quantile(values, 0.5)
    }

    private static func interval(of estimates: inout [Double]) -> ClosedRange<Double> {
        estimates.sort()
        return SampleSummary.quantile(estimates, 0.025)...SampleSummary.quantile(estimates, 0.975)
    }
}
