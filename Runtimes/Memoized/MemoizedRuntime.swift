import Workload

extension Runtime {
    /// `@Observable` with the caches a careful engineer writes by hand.
    public static let memoized = Runtime(
        port: MemoizedPort.self,
        version: "the toolchain's Observation module",
        source: "https://github.com/swiftlang/swift/tree/main/stdlib/public/Observation",
        idiom: "@Observable sources, every derived value a cache refreshed by hand-routed invalidation",
        faults: [.staleCache, .lateFilter, .facetIgnoresStock, .pageOffByOne, .lateFree, .warmCatalog],
        // Round 6 (ledger, "Review round 6 for issue 55"): the query
        // matches' facet counts kept for the unfiltered facets, applied
        // (4c653a8, interactions -3.5%); a sort handed the previous order
        // gained nothing. Nothing of 1% on the other suites.
        review: PortReview(
            round: 6, date: "2026-12-07",
            largestFinding: [
                "cold-start": 0.0, "session": 0.0, "interactions": 3.5, "inventory-burst": 0.0, "funnel-memory": 0.0,
            ]))
}
