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
        // Round 4 (ledger, "Review round 4 for issue 55"): cards reading the
        // cart's sources −1.0% of cold-start (not kept: session +10.1%), the
        // detail from the sources −1.05% of funnel-memory; the other suites
        // moved within the 0.05% noise.
        review: PortReview(
            round: 4, date: "2026-12-07",
            largestFinding: [
                "cold-start": 1.0, "session": 0.07, "interactions": 0.05, "inventory-burst": 0.05,
                "funnel-memory": 1.05,
            ]))
}
