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
        // Round 5 (ledger, "Review round 5 for issue 55"): sold-out nodes
        // made with their lists (8133c5e), the catalog untracked once it
        // arrived (3b00d14, 5a185fd), all applied.
        review: PortReview(
            round: 5, date: "2026-12-07",
            largestFinding: [
                "cold-start": 9.0, "session": 2.4, "interactions": 2.8, "inventory-burst": 0.5, "funnel-memory": 4.4,
            ]))
}
