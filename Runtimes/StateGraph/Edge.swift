/// One dependency from a node that was read (`from`) to the node whose rule
/// read it (`to`).
///
/// A new edge is made for every read inside a rule, duplicates included, and
/// all of a node's incoming edges are thrown away before its rule runs again.
/// Both ends are weak: the two nodes' arrays own the edge, and an edge never
/// keeps a node alive.
public final class Edge: @unchecked Sendable {
    // Written once in init; weak references are read atomically by the runtime.
    public private(set) weak var from: (any TypeErasedNode)?
    public private(set) weak var to: (any TypeErasedNode)?

    /// Set when `from` changed since `to` last computed; guarded by the
    /// edge's own lock because writers on other threads set it.
    private let pending = LockedState(false)

    init(from: any TypeErasedNode, to: any TypeErasedNode) {
        self.from = from
        self.to = to
    }

    public var isPending: Bool {
        get { pending.withLock { $0 } }
        set { pending.withLock { $0 = newValue } }
    }
}
