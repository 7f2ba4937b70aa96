/// Per-node state bits in the arena's flag column.
///
/// CLEAN is the absence of `dirty` and `check`: the cached value is current.
/// `check` (CHECK) means some upstream value may have changed; `dirty`
/// (DIRTY) means a direct parent did change, so the selector must run,
/// unless `restoredInput` says the change may have been undone since.
///
/// Each bit is defined once, as a raw mask (`…Bit`) the hot loops test
/// with one `and`; the option-set members are made from those masks.
@usableFromInline
nonisolated struct NodeFlags: OptionSet, Sendable {
    @usableFromInline var rawValue: UInt16

    @inlinable init(rawValue: UInt16) { self.rawValue = rawValue }

    @usableFromInline static let dirtyBit: UInt16 = 1 << 0
    @usableFromInline static let checkBit: UInt16 = 1 << 1
    @usableFromInline static let computingBit: UInt16 = 1 << 2
    static let automaticBit: UInt16 = 1 << 3
    @usableFromInline static let coldBit: UInt16 = 1 << 4
    @usableFromInline static let stagedBit: UInt16 = 1 << 5
    static let hotBit: UInt16 = 1 << 6
    @usableFromInline static let queuedBit: UInt16 = 1 << 7
    static let eagerBit: UInt16 = 1 << 8
    static let reactionBit: UInt16 = 1 << 9
    static let retiredBit: UInt16 = 1 << 10
    @usableFromInline static let releasableBit: UInt16 = 1 << 11
    static let trackedBit: UInt16 = 1 << 12
    @usableFromInline static let restoredInputBit: UInt16 = 1 << 13

    /// A direct dependency changed: the selector must run before the value is read.
    static let dirty = NodeFlags(rawValue: dirtyBit)
    /// Something upstream may have changed: walk the dependencies to find out.
    static let check = NodeFlags(rawValue: checkBit)
    /// The selector is running now; reading this node again is a cycle.
    static let computing = NodeFlags(rawValue: computingBit)
    /// An automatic (selector-backed) node, as opposed to a source.
    static let automatic = NodeFlags(rawValue: automaticBit)
    /// An automatic node that has not completed a run yet: it has no value.
    static let cold = NodeFlags(rawValue: coldBit)
    /// A source with a write staged in the accumulating turn.
    static let staged = NodeFlags(rawValue: stagedBit)
    /// The node owns a UI boundary, so the flush settles it (a hot root).
    static let hot = NodeFlags(rawValue: hotBit)
    /// The node is already in this flush's hot queue.
    static let queued = NodeFlags(rawValue: queuedBit)
    /// An async status node: settled in every flush that reaches it, like a
    /// hot root, so a dependency change restarts its work at once.
    static let eager = NodeFlags(rawValue: eagerBit)
    /// A reaction node: run in flush step 5 when something it read changed.
    static let reaction = NodeFlags(rawValue: reactionBit)
    /// A reaction whose controller retired: never runs again.
    static let retired = NodeFlags(rawValue: retiredBit)
    /// Automatic or async state under `whileObserved`: released after a
    /// grace period once nothing observes it.
    static let releasable = NodeFlags(rawValue: releasableBit)
    /// The hidden source of one outside `@Observable` input (`c.track`):
    /// losing its last subscriber stops that observation.
    static let tracked = NodeFlags(rawValue: trackedBit)
    /// Set beside `dirty`: a source this node read was restored to a value
    /// it held before, so before running, the node checks whether every
    /// input still holds what its last run read (`Graph+Versions`).
    static let restoredInput = NodeFlags(rawValue: restoredInputBit)

    /// Nodes the push queues for flush steps 3 to 5.
    static let settledByFlush: NodeFlags = [.hot, .eager, .reaction]

    static let stale: NodeFlags = [.dirty, .check]

    /// The read fast path: a node with none of these bits (a source, or an
    /// automatic node that has a current value) needs no work before it
    /// is read. Keeping `cold` as its own bit, rather than testing
    /// `automatic` without a value, makes this one test.
    @usableFromInline static let needsWorkMask: UInt16 = dirtyBit | checkBit | computingBit | coldBit
    @usableFromInline static let staleBits: UInt16 = dirtyBit | checkBit
    /// What a run clears as it begins: it reads every input afresh.
    @usableFromInline static let clearedByRun: UInt16 = dirtyBit | checkBit | restoredInputBit
    /// What a run must look at before it starts: a first run, or a node
    /// whose inputs may hold what it last read (one test for both).
    @usableFromInline static let unusualRunBits: UInt16 = coldBit | restoredInputBit
    /// What a node's last subscriber leaving concerns: a releasable node
    /// starts its grace window, a tracked input stops observing. One test
    /// for both, so a graph that tracks nothing pays nothing more.
    static let lastSubscriberBits: UInt16 = releasableBit | trackedBit
}
