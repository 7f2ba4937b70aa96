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
        graph: .cog)
}
