/// Per-node state bits in the arena's flag column.
///
/// CLEAN is the absence of `dirty` and `check`: the cached value is current.
/// `check` (CHECK) means some upstream value may have changed; `dirty`
/// (DIRTY) means a direct parent did change, so the selector must run.
@usableFromInline
nonisolated struct NodeFlags: OptionSet, Sendable {
    @usableFromInline var rawValue: UInt16

    @inlinable init(rawValue: UInt16) { self.rawValue = rawValue }

    /// A direct dependency changed: the selector must run before the value is read.
    static let dirty = NodeFlags(rawValue: 1 << 0)
    /// Something upstream may have changed: walk the dependencies to find out.
    static let check = NodeFlags(rawValue: 1 << 1)
    /// The selector is running now; reading this node again is a cycle.
    static let computing = NodeFlags(rawValue: 1 << 2)
    /// An automatic (selector-backed) node, as opposed to a source.
    static let automatic = NodeFlags(rawValue: 1 << 3)
    /// An automatic node that has not completed a run yet: it has no value.
    static let cold = NodeFlags(rawValue: 1 << 4)
    /// A source with a write staged in the accumulating turn.
    static let staged = NodeFlags(rawValue: 1 << 5)
    /// The node owns a UI boundary, so the flush settles it (a hot root).
    static let hot = NodeFlags(rawValue: 1 << 6)
    /// The node is already in this flush's hot queue.
    static let queued = NodeFlags(rawValue: 1 << 7)
    /// An async status node: settled in every flush that reaches it, like a
    /// hot root, so a dependency change restarts its work at once.
    static let eager = NodeFlags(rawValue: 1 << 8)
    /// A reaction node: run in flush step 5 when something it read changed.
    static let reaction = NodeFlags(rawValue: 1 << 9)

    /// A reaction whose controller retired: never runs again.
    static let retired = NodeFlags(rawValue: 1 << 10)

    /// Automatic or async state under `whileObserved`: released after a
    /// grace period once nothing observes it.
    static let releasable = NodeFlags(rawValue: 1 << 11)

    /// The hidden source of one outside `@Observable` input (`c.track`):
    /// losing its last subscriber stops that observation.
    static let tracked = NodeFlags(rawValue: 1 << 12)

    /// Nodes the push queues for flush steps 3 to 5.
    static let settledByFlush: NodeFlags = [.hot, .eager, .reaction]

    static let stale: NodeFlags = [.dirty, .check]

    /// The read fast path: a node with none of these bits (a source, or an
    /// automatic node that has a current value) needs no work before it
    /// is read. Keeping `cold` as its own bit, rather than testing
    /// `automatic` without a value, makes this one test.
    @usableFromInline static let needsWorkMask: UInt16 = (1 << 0) | (1 << 1) | (1 << 2) | (1 << 4)
    @usableFromInline static let staleBits: UInt16 = (1 << 0) | (1 << 1)
    @usableFromInline static let checkBit: UInt16 = 1 << 1
    @usableFromInline static let computingBit: UInt16 = 1 << 2
    @usableFromInline static let queuedBit: UInt16 = 1 << 7
    @usableFromInline static let coldBit: UInt16 = 1 << 4
    @usableFromInline static let releasableBit: UInt16 = 1 << 11
    /// What a node's last subscriber leaving concerns: a releasable node
    /// starts its grace window, a tracked input stops observing. One test
    /// for both, so a graph that tracks nothing pays nothing more.
    static let lastSubscriberBits: UInt16 = (1 << 11) | (1 << 12)
    @usableFromInline static let stagedBit: UInt16 = 1 << 5
}
