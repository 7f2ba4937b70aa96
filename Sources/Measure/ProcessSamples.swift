/// Timed samples taken in several fresh processes, kept apart by process.
///
/// One process's samples share its address-space layout, its allocator's
/// state and the code placement its start happened to get, so they vary
/// less among themselves than between processes: byte-identical copies of
/// one binary ran one shape anywhere from 66 to 79 ms (docs/measurement.md).
/// An interval from one process's samples therefore states a precision the
/// next process does not repeat. Here the estimate is the median of the
/// processes' medians, and its interval comes from a two-level bootstrap:
/// each resample draws processes with replacement, then samples within each
/// drawn process, so it varies as much as the processes do as well as the
/// samples within them.
///
/// With one process this is exactly `SampleSummary`'s median and interval.
public struct ProcessSamples: Sendable, Equatable {
    /// One array of samples per process, in the order the processes ran.
    public let processes: [[Double]]

    /// `processes` must hold at least one process, and none may be empty.
    public init(_ processes: [[Double]]) {
        precondition(!processes.isEmpty && processes.allSatisfy { !$0.isEmpty }, "every process needs samples")
        self.processes = processes
    }

    /// Regroups `samples`, taken process after process, by `counts`.
    public init(flattened samples: [Double], counts: [Int]) {
        precondition(counts.reduce(0, +) == samples.count, "the counts must add up to the samples")
        var groups: [[Double]] = []
        var start = 0
        for count in counts {
            groups.append(Array(samples[start..<start + count]))
            start += count
        }
        self.init(groups)
    }

    /// `samples` regrouped by `counts`, or nil when they do not fit (a
    /// count of 0, or counts that do not add up): for samples read back
    /// from a file, which a person may have edited.
    public static func regrouped(_ samples: [Double], counts: [Int]) -> ProcessSamples? {
        guard !counts.isEmpty, counts.allSatisfy({ $0 > 0 }), counts.reduce(0, +) == samples.count else { return nil }
        return ProcessSamples(flattened: samples, counts: counts)
    }

    public var all: [Double] { processes.flatMap { $0 } }

    /// Each process's median, in process order.
    public var medians: [Double] { processes.map { SampleSummary.quantile($0.sorted(), 0.5) } }

    /// The median of the processes' medians.
    public var median: Double { SampleSummary.quantile(medians.sorted(), 0.5) }

    /// 95% interval of `median`.
    public func medianInterval(resamples: Int = Bootstrap.defaultResamples) -> ClosedRange<Double> {
        if processes.count == 1 { return Bootstrap.medianInterval(of: processes[0].sorted(), resamples: resamples) }
        return Bootstrap.processMedianInterval(processes, resamples: resamples)
    }

    /// Whether the processes' medians spread wider than a typical single
    /// process's own interval: then a one-process interval would have
    /// claimed a precision the runs do not repeat. Nil with one process.
    public func spreadExceedsProcessInterval(resamples: Int = Bootstrap.defaultResamples) -> Bool? {
        guard processes.count > 1 else { return nil }
        let widths = processes.map { samples -> Double in
            let interval = Bootstrap.medianInterval(of: samples.sorted(), resamples: resamples)
            return interval.upperBound - interval.lowerBound
        }
        let spread = (medians.max() ?? 0) - (medians.min() ?? 0)
        return spread > SampleSummary.quantile(widths.sorted(), 0.5)
    }
}
