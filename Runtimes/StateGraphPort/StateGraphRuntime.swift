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
        graph: .stategraph)
}
