/// One case of the graph suite: a shape on one runtime at full size, what
/// one timed sample of it is, and how to prepare it. The timing itself is
/// the harness's; the case says only how many samples its runtime's budget
/// allows.
public struct GraphBenchCase: Sendable {
    public let shape: String
    public let runtime: String
    /// The shape's place in the reference suite's order; the harness lists
    /// every runtime's cases of one shape together, in this order.
    public let order: Int
    /// What one timed sample does, for the report.
    public let unit: String
    /// One Kairo `iter()` or one molBench call: what mallocs are counted over.
    public let iterationUnit: String
    /// Published alien-signals time in milliseconds for one sample, if any
    /// (only where a sample does what the published one did).
    public let alienMilliseconds: Double?
    /// Timed samples the runtime's budget allows (`--iterations` lowers it).
    public let samples: Int
    public let prepare: @MainActor @Sendable () -> GraphBenchInstance

    public init(
        shape: String, runtime: String, order: Int, unit: String, iterationUnit: String,
        alienMilliseconds: Double?, samples: Int, prepare: @escaping @MainActor @Sendable () -> GraphBenchInstance
    ) {
        self.shape = shape
        self.runtime = runtime
        self.order = order
        self.unit = unit
        self.iterationUnit = iterationUnit
        self.alienMilliseconds = alienMilliseconds
        self.samples = samples
        self.prepare = prepare
    }
}

/// A prepared graph. `verify` warms it and checks values and steady counts,
/// returning what differed; `sample` is the timed unit; `iteration` the unit
/// mallocs are counted over.
@MainActor
public final class GraphBenchInstance {
    public let verify: () -> String?
    public let sample: () -> Void
    public let iteration: () -> Void
    /// Checked after sampling: a wrong value during timing also fails.
    public let sampledMismatch: () -> String?
    /// The runtime's edge-pool high-water mark, where it pools its edges.
    public let edgePoolHighWaterMark: (() -> Int)?
    /// Further iterations after which the pool must not have grown.
    public let edgePoolCheckIterations: Int
    /// Untimed work before each sample (a fresh graph), if any.
    public let prepareSample: (() -> Void)?

    public init(
        verify: @escaping () -> String?, sample: @escaping () -> Void, iteration: @escaping () -> Void,
        sampledMismatch: @escaping () -> String?, edgePoolHighWaterMark: (() -> Int)?, edgePoolCheckIterations: Int = 0,
        prepareSample: (() -> Void)? = nil
    ) {
        self.prepareSample = prepareSample
        self.verify = verify
        self.sample = sample
        self.iteration = iteration
        self.sampledMismatch = sampledMismatch
        self.edgePoolHighWaterMark = edgePoolHighWaterMark
        self.edgePoolCheckIterations = edgePoolCheckIterations
    }
}
