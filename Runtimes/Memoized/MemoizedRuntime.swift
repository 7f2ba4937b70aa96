import Workload

extension Runtime {
    /// `@Observable` with the caches a careful engineer writes by hand.
    public static let memoized = Runtime(
        port: MemoizedPort.self,
        version: "the toolchain's Observation module",
        source: "https://github.com/swiftlang/swift/tree/main/stdlib/public/Observation",
        idiom: "@Observable sources, every derived value a cache refreshed by hand-routed invalidation",
        faults: [.staleCache, .lateFilter, .facetIgnoresStock, .pageOffByOne, .lateFree, .warmCatalog])
}
