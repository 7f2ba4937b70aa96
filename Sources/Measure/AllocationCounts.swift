import CMeasure

/// Calls to each allocator entry point. A plain struct, not a dictionary,
/// so building a region's result allocates nothing and nested regions stay exact.
public struct EntryPointCalls: Sendable, Equatable, Codable {
    public var malloc: UInt64 = 0
    public var calloc: UInt64 = 0
    public var realloc: UInt64 = 0
    public var free: UInt64 = 0
    public var memalign: UInt64 = 0
    public var alignedAlloc: UInt64 = 0
    public var posixMemalign: UInt64 = 0
    /// valloc and pvalloc.
    public var valloc: UInt64 = 0

    /// The entry points' C names and counts, in the interposer's order.
    public var byName: KeyValuePairs<String, UInt64> {
        [
            "malloc": malloc, "calloc": calloc, "realloc": realloc, "free": free,
            "memalign": memalign, "aligned_alloc": alignedAlloc,
            "posix_memalign": posixMemalign, "valloc": valloc,
        ]
    }

    init() {}

    init(_ calls: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)) {
        (malloc, calloc, realloc, free, memalign, alignedAlloc, posixMemalign, valloc) = calls
    }

    func subtracting(_ start: EntryPointCalls) -> EntryPointCalls {
        var result = EntryPointCalls()
        result.malloc = malloc &- start.malloc
        result.calloc = calloc &- start.calloc
        result.realloc = realloc &- start.realloc
        result.free = free &- start.free
        result.memalign = memalign &- start.memalign
        result.alignedAlloc = alignedAlloc &- start.alignedAlloc
        result.posixMemalign = posixMemalign &- start.posixMemalign
        result.valloc = valloc &- start.valloc
        return result
    }
}

/// What the malloc interposer saw during one region.
///
/// Every field is a difference between two snapshots except `peakBytes`,
/// which is the highest live-byte level reached above the region's start.
public struct AllocationCounts: Sendable, Equatable, Codable {
    public var calls: EntryPointCalls
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

    public static let zero = AllocationCounts(
        calls: EntryPointCalls(), allocations: 0, deallocations: 0, bytesRequested: 0, netBytes: 0, peakBytes: 0)

    /// Calls to realloc: they may copy, so they are reported beside
    /// allocations rather than hidden in them.
    public var reallocations: UInt64 { calls.realloc }

    init(from start: cmeasure_alloc_counters, to end: cmeasure_alloc_counters) {
        calls = EntryPointCalls(end.calls).subtracting(EntryPointCalls(start.calls))
        allocations = end.allocations &- start.allocations
        deallocations = end.deallocations &- start.deallocations
        bytesRequested = end.bytes_requested &- start.bytes_requested
        netBytes = end.live_bytes &- start.live_bytes
        peakBytes = max(0, end.peak_live_bytes &- start.live_bytes)
    }

    init(
        calls: EntryPointCalls, allocations: UInt64, deallocations: UInt64,
        bytesRequested: UInt64, netBytes: Int64, peakBytes: Int64
    ) {
        self.calls = calls
        self.allocations = allocations
        self.deallocations = deallocations
        self.bytesRequested = bytesRequested
        self.netBytes = netBytes
        self.peakBytes = peakBytes
    }
}
