import Measure

/// A port's heap figures from several memory runs: the median peak and the
/// median of what was still held, each taken on its own, so that one run
/// whose cross-thread frees landed differently does not decide either.
struct MedianHeap {
    var peakBytes: Int64
    var retainedBytes: Int64
    /// The run whose peak is the median, for the figures that come whole
    /// from one run (the resident set's).
    var middle: Int

    init(_ runs: [PeakMemory]) {
        precondition(!runs.isEmpty, "a median of no memory runs")
        let byPeak = runs.indices.sorted { runs[$0].heapPeakBytes < runs[$1].heapPeakBytes }
        middle = byPeak[byPeak.count / 2]
        peakBytes = runs[middle].heapPeakBytes
        retainedBytes = runs.map(\.heapRetainedBytes).sorted()[runs.count / 2]
    }
}
