import CMeasure

/// What the malloc interposer saw during one region.
///
/// Every field is a difference between two snapshots except `peakBytes`,
/// which is the highest live-byte level reached above the region's start.
public struct AllocationCounts: Sendable, Equatable, Codable {
    /// Calls to each allocator entry point, keyed by its C name.
    public var calls: [String: UInt64]
    /// Blocks handed out (malloc, calloc, the memalign family, realloc of NULL).
    public var allocations: UInt64
    /// Blocks given back (free of a non-NULL pointer, realloc to size 0).
    public var deallocations: UInt64
    /// Bytes callers asked for.
    public var bytesRequested: UInt64
    /// Usable bytes allocated minus usable bytes freed during the region.
    public var netBytes: Int64
    /// Highest live bytes above the region's starting level (never negative).
    public var peakBytes: Int64

    /// The C names of the counted entry points, in the interposer's order.
    public static let entryPoints = [
        "malloc", "calloc", "realloc", "free",
        "memalign", "aligned_alloc", "posix_memalign", "valloc",
    ]

    public static let zero = AllocationCounts(
        calls: Dictionary(uniqueKeysWithValues: entryPoints.map { ($0, 0) }),
        allocations: 0, deallocations: 0, bytesRequested: 0, netBytes: 0, peakBytes: 0)

    /// Calls to realloc on an existing block: they may copy, so they are
    /// reported beside allocations rather than hidden in them.
    public var reallocations: UInt64 { calls["realloc", default: 0] }

    init(from start: cmeasure_alloc_counters, to end: cmeasure_alloc_counters, peak: Int64) {
        let startCalls = Self.callArray(start)
        let endCalls = Self.callArray(end)
        calls = [:]
        for (index, name) in Self.entryPoints.enumerated() {
            calls[name] = endCalls[index] &- startCalls[index]
        }
        allocations = end.allocations &- start.allocations
        deallocations = end.deallocations &- start.deallocations
        bytesRequested = end.bytes_requested &- start.bytes_requested
        netBytes = end.live_bytes &- start.live_bytes
        peakBytes = max(0, peak &- start.live_bytes)
    }

    init(calls: [String: UInt64], allocations: UInt64, deallocations: UInt64,
         bytesRequested: UInt64, netBytes: Int64, peakBytes: Int64) {
        self.calls = calls
        self.allocations = allocations
        self.deallocations = deallocations
        self.bytesRequested = bytesRequested
        self.netBytes = netBytes
        self.peakBytes = peakBytes
    }

    private static func callArray(_ counters: cmeasure_alloc_counters) -> [UInt64] {
        withUnsafeBytes(of: counters.calls) { Array($0.bindMemory(to: UInt64.self)) }
    }
}
