import Workload

extension Runtime {
    /// Plain `@Observable`, the toolchain's Observation module.
    public static let observable = Runtime(
        port: ObservablePort.self,
        version: "the toolchain's Observation module",
        source: "https://github.com/swiftlang/swift/tree/main/stdlib/public/Observation",
        idiom: "@Observable models, every derived value a computed property recomputed on each read",
        faults: [.droppedInvalidation, .staleResponse, .wrongRounding, .sessionLeak],
        // Round 5 (ledger, "Review round 5 for issue 55"): the featured
        // grid's scan stopping once its page is full (803448f, applied);
        // nothing of 1% on inventory-burst.
        review: PortReview(
            round: 5, date: "2026-12-07",
            largestFinding: [
                "cold-start": 15.9, "session": 16.7, "interactions": 28.3, "inventory-burst": 0, "funnel-memory": 0.4,
            ]))
}
