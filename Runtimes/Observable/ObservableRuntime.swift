import Workload

extension Runtime {
    /// Plain `@Observable`, the toolchain's Observation module.
    public static let observable = Runtime(
        port: ObservablePort.self,
        version: "the toolchain's Observation module",
        source: "https://github.com/swiftlang/swift/tree/main/stdlib/public/Observation",
        idiom: "@Observable models, every derived value a computed property recomputed on each read",
        faults: [.droppedInvalidation, .staleResponse, .wrongRounding, .sessionLeak],
        // Round 6 (ledger, "Review round 6 for issue 55"): a non-featured
        // grid keeping only the rows through its page as it scans (7d57bf0,
        // session), recommendations ranked only as far as the panel needs
        // (230b076, funnel-memory and inventory-burst) and told cart
        // membership by a walk along the cart's ids (96be157); all applied.
        // Nothing past noise on cold-start or interactions.
        review: PortReview(
            round: 6, date: "2026-12-07",
            largestFinding: [
                "cold-start": 0.0, "session": 9.2, "interactions": 0.0, "inventory-burst": 2.5, "funnel-memory": 17.5,
            ]))
}
