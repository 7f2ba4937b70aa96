import Cog
import GraphShapes
import GraphSuite
import Workload

extension Runtime {
    /// Cog, this repository's MainActor state graph, as an app adds it.
    public static let cog = Runtime(
        port: CogPort.self,
        version: "this repository at the recorded commit",
        source: "Sources/Cog in this repository",
        idiom: "declared cogs in one rig file, named write operations as turns, views reading one cog each",
        buildVariant: CogArenaLayout.isCompact ? "CompactArena" : nil,
        graph: .cog,
        scenarioProbes: CogScenarioProbes.all,
        // Round 6 (ledger, "Review round 6 for issue 55"): T23 applied (the
        // featured listing is the matching list itself: interactions −21.9%,
        // session −5.4%, cold-start −3.5%; and the featured grid reads its page
        // off the matching list: session −1.4%), and T26 found and applied (the
        // filtered list kept per filter set: interactions −11.6% of its own
        // before); inventory-burst and funnel-memory moved only within noise.
        review: PortReview(
            round: 6, date: "2026-12-07",
            largestFinding: [
                "cold-start": 3.51, "session": 5.37, "interactions": 21.91, "inventory-burst": 0.0,
                "funnel-memory": 0.0,
            ]))
}
