/// A runtime's entry in the graph suite: the cases it runs, built by its
/// adapter (GraphShapes). A runtime registers one with its `Runtime`
/// value; one without it runs the Storefront session only.
public struct GraphAdapter: Sendable {
    /// The runtime's name, as its cases report it. It must be the name of
    /// the runtime that registers this adapter.
    public let runtime: String
    /// Every case of this runtime, each with its place in the suite's order.
    public let cases: @MainActor @Sendable () -> [GraphBenchCase]

    public init(runtime: String, cases: @escaping @MainActor @Sendable () -> [GraphBenchCase]) {
        self.runtime = runtime
        self.cases = cases
    }

    /// The cases of `adapters`, shape by shape in the suite's order, and
    /// within one shape in the adapters' order.
    @MainActor
    public static func cases(of adapters: [GraphAdapter]) -> [GraphBenchCase] {
        let all = adapters.enumerated().flatMap { index, adapter in adapter.cases().map { (index, $0) } }
        return all.sorted { ($0.1.order, $0.0) < ($1.1.order, $1.0) }.map(\.1)
    }
}
