/// A runtime's own table of primitive costs (`storefront --probe NAME`):
/// time and mallocs per operation of its reads, writes and nodes, which its
/// README compares with the costs its upstream publishes. The runtime's
/// registration carries it, so the harness prints it without linking the
/// runtime.
public struct CostProbe: Sendable {
    /// One line for `--help`: what the table measures.
    public let summary: String
    /// Measures every row and returns the table as aligned text.
    public let table: @MainActor @Sendable () -> String

    public init(summary: String, table: @escaping @MainActor @Sendable () -> String) {
        self.summary = summary
        self.table = table
    }
}
