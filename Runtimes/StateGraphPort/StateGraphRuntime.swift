import GraphShapes
import GraphSuite
import Workload

extension Runtime {
    /// The repository's clone of swift-state-graph, as its README teaches.
    public static let stategraph = Runtime(
        port: StateGraphPort.self,
        version: "0.27.0 (a local clone, Runtimes/StateGraph)",
        source: "https://github.com/VergeGroup/swift-state-graph",
        idiom: "stored nodes for sources, computed nodes for everything derived, views observing nodes",
        graph: .stategraph,
        costProbe: StateGraphCostProbe.costProbe,
        // Round 6 (ledger, "Review round 6 for issue 55"): T23, the
        // featured grid scans the matching list for its page and stops once
        // it is full, with no listing and no sort pass (069cced, c12e9a7),
        // applied.
        review: PortReview(
            round: 6, date: "2026-12-07",
            largestFinding: [
                "cold-start": 6.5, "session": 2.1, "interactions": 2.7, "inventory-burst": 0.0, "funnel-memory": 0.0,
            ]))
}
