/// Where a node was created, for diagnostics. Every node carries one, as in
/// the original, so creating a node stores these few words too.
public struct SourceLocation: Sendable {
    public let file: StaticString
    public let line: UInt
    public let column: UInt

    public init(file: StaticString, line: UInt, column: UInt) {
        self.file = file
        self.line = line
        self.column = column
    }
}

/// A node's optional name and creation site.
public struct NodeInfo: Sendable {
    public let name: StaticString?
    public let sourceLocation: SourceLocation

    public init(name: StaticString?, sourceLocation: SourceLocation) {
        self.name = name
        self.sourceLocation = sourceLocation
    }
}
