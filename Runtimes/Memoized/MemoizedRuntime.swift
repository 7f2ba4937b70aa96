import Workload

extension Runtime {
    /// `@Observable` with the caches a careful engineer writes by hand.
    public static let memoized = Runtime(
        port: MemoizedPort.self,
        version: "the toolchain's Observation module",
        source: "https://github.com/swiftlang/swift/tree/main/stdlib/public/Observation",
        idiom: "@Observable sources, every derived value a cache refreshed by hand-routed invalidation",
        faults: [.staleCache, .lateFilter, .facetIgnoresStock, .pageOffByOne, .lateFree, .warmCatalog],
        // Round 5 (ledger, "Review round 5 for issue 55"): the featured
        // listing as the matching list itself (5c5b194) and the rows array
        // grown on demand (93963da), both applied; nothing of 1% on
        // inventory-burst.
        review: PortReview(
            round: 5, date: "2026-12-07",
            largestFinding: [
                "cold-start": 18.2, "session": 6.3, "interactions": 20.4, "inventory-burst": 0, "funnel-memory": 1.5,
            ]))
}
