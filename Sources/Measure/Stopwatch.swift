import CMeasure

/// Times regions with the monotonic clock (about 22 ns a read, 20 ns resolution).
public enum Stopwatch {
    /// Nanoseconds since an arbitrary fixed point.
    @inline(__always)
    public static func now() -> UInt64 { cmeasure_monotonic_nanoseconds() }

    /// Runs `body` once and returns its wall time in nanoseconds.
    @inline(__always)
    public static func time(_ body: () throws -> Void) rethrows -> Double {
        let start = now()
        try body()
        return Double(now() &- start)
    }
}

/// How many times to run a region, and for how long at least.
public struct SamplingPlan: Sendable, Equatable, Codable {
    public var warmup: Int
    public var iterations: Int
    /// Keep sampling past `iterations` until this many seconds were spent.
    public var minimumSeconds: Double

    public init(warmup: Int = 3, iterations: Int = 20, minimumSeconds: Double = 0) {
        precondition(
            warmup >= 0 && iterations >= 1 && minimumSeconds >= 0,
            "a sampling plan needs warmup ≥ 0, iterations ≥ 1 and a non-negative minimum time")
        self.warmup = warmup
        self.iterations = iterations
        self.minimumSeconds = minimumSeconds
    }

    /// Runs warm-up, then samples every iteration; returns every sample in
    /// nanoseconds, in the order taken.
    public func sample(_ body: () throws -> Void) rethrows -> [Double] {
        for _ in 0..<warmup { try body() }
        var samples = [Double]()
        samples.reserveCapacity(iterations)
        let deadline = Stopwatch.now() &+ UInt64(minimumSeconds * 1e9)
        while samples.count < iterations || Stopwatch.now() < deadline {
            samples.append(try Stopwatch.time(body))
        }
        return samples
    }
}
