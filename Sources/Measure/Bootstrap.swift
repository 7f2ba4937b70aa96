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

    /// 95% interval of the median of process medians: each resample draws
    /// processes with replacement, then samples within each drawn process.
    static func processMedianInterval(_ processes: [[Double]], resamples: Int) -> ClosedRange<Double> {
        var generator = SplitMix64(seed: seed)
        var scratch = processes.map { [Double](repeating: 0, count: $0.count) }
        var processMedians = [Double](repeating: 0, count: processes.count)
        var estimates = [Double]()
        estimates.reserveCapacity(resamples)
        for _ in 0..<resamples {
            for slot in processes.indices {
                let process = processes[Int(generator.next() % UInt64(processes.count))]
                scratch[slot].removeAll(keepingCapacity: true)
                for _ in process.indices {
                    scratch[slot].append(process[Int(generator.next() % UInt64(process.count))])
                }
                processMedians[slot] = median(ofScratch: &scratch[slot])
            }
            estimates.append(median(ofScratch: &processMedians))
        }
        return interval(of: &estimates)
    }

    /// 95% interval of the ratio of two runtimes' medians of process
    /// medians, where process i ran both: each resample draws processes with
    /// replacement (the same draw for both sides, which cancels what one
    /// process's start did to both), then within each drawn process pairs of
    /// samples when both sides took as many, else each side alone.
    static func processRatioInterval(_ a: [[Double]], _ b: [[Double]], resamples: Int) -> ClosedRange<Double> {
        var generator = SplitMix64(seed: seed)
        var scratchA = [Double](), scratchB = [Double]()
        var mediansA = [Double](repeating: 0, count: a.count)
        var mediansB = [Double](repeating: 0, count: a.count)
        var ratios = [Double]()
        ratios.reserveCapacity(resamples)
        for _ in 0..<resamples {
            for slot in a.indices {
                let drawn = Int(generator.next() % UInt64(a.count))
                let left = a[drawn], right = b[drawn]
                scratchA.removeAll(keepingCapacity: true)
                scratchB.removeAll(keepingCapacity: true)
                let paired = left.count == right.count
                for _ in left.indices {
                    let pick = Int(generator.next() % UInt64(left.count))
                    scratchA.append(left[pick])
                    if paired { scratchB.append(right[pick]) }
                }
                if !paired {
                    for _ in right.indices { scratchB.append(right[Int(generator.next() % UInt64(right.count))]) }
                }
                mediansA[slot] = median(ofScratch: &scratchA)
                mediansB[slot] = median(ofScratch: &scratchB)
            }
            ratios.append(median(ofScratch: &mediansA) / median(ofScratch: &mediansB))
        }
        return interval(of: &ratios)
    }

    /// 95% interval of the ratio of two medians of process medians whose
    /// processes are unrelated (two runs): each side is resampled on its
    /// own, processes and then samples.
    static func independentProcessRatioInterval(_ a: [[Double]], _ b: [[Double]], resamples: Int) -> ClosedRange<
        Double
    > {
        var generator = SplitMix64(seed: seed)
        var scratch = [Double]()
        var medians = [Double]()
        func resampledEstimate(_ processes: [[Double]]) -> Double {
            medians.removeAll(keepingCapacity: true)
            for _ in processes.indices {
                let process = processes[Int(generator.next() % UInt64(processes.count))]
                scratch.removeAll(keepingCapacity: true)
                for _ in process.indices { scratch.append(process[Int(generator.next() % UInt64(process.count))]) }
                medians.append(median(ofScratch: &scratch))
            }
            return median(ofScratch: &medians)
        }
        var ratios = [Double]()
        ratios.reserveCapacity(resamples)
        for _ in 0..<resamples {
            let top = resampledEstimate(a)
            ratios.append(top / resampledEstimate(b))
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
