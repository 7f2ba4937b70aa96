/// The arena: every node and edge of one runtime in integer-indexed columns.
///
/// Node `n` is row `n` of every node column. Edges live in the shared
/// `EdgePool`. Propagation (push) and settlement (pull) are iterative loops
/// over retained stacks, so deep graphs cost no native stack and a steady
/// turn reuses storage instead of allocating.
///
/// Every stored property of the arena's classes (`Graph`, the families,
/// `Cogs`) is `@exclusivity(unchecked)`: they are confined to the main
/// actor, and no access to one overlaps another (the loops copy column
/// bases into locals). Without it each column access pays a dynamic
/// exclusivity check; the attribute lives in the code, so an app that adds
/// Cog as a package dependency gets the same build as this benchmark.
///
/// This file holds the storage and the nodes' lifecycle; the algorithm is
/// in one file per concern: `Graph+Linking` (edges), `Graph+Runs` (reads
/// and selector runs), `Graph+Settle` (the pull), `Graph+Push` (the push
/// and the queues), `Graph+Flush` (flush steps 3 and 4, UI boundaries),
/// `Graph+Versions` (skipping runs whose inputs hold), `Graph+Traps`, and
/// `Graph+Invariants` (debug checks).
@MainActor
@usableFromInline
final class Graph {
    @usableFromInline static let none: Int32 = -1
    /// The most first (cold) runs one read may nest (GRAPH-14).
    static let coldNestingLimit = 128
    /// The most reads that must run or settle a value one read may nest.
    /// Runs nest only through such reads (a settle walk runs what it
    /// reaches one after another), and a rerun nests only when a link
    /// reads a stale value its previous run did not check first (every link
    /// of a chain also reading the changed source, say); this bound turns a
    /// runaway case into a clear trap instead of a stack overflow.
    static let nestingLimit = 1024

    /// An unretained family reference: trivial, so a column can hold it.
    /// The loops reach it through `_withUnsafeGuaranteedRef`, so calling
    /// its kernel retains nothing.
    struct FamilyRef {
        let family: Unmanaged<FamilyBase>
    }

    struct SettleFrame {
        var node: Int32
        /// The next dependency edge of `node` still to be checked.
        var link: Int32
    }

    /// What a selector run must restore when it ends, held in the frame of
    /// the loop that runs it (a run pushes nothing onto a column).
    struct RunToken {
        let stamp: UInt32
        /// The innermost live run's stamp before this run began.
        let previousLiveStamp: UInt32
        /// The node whose run this one is nested in, or `none`: the
        /// innermost run again once this one ends.
        let parent: Int32
        /// The last dependency edge of the previous run (`depsTail` between
        /// runs), or `none`: a run that ends with its cursor there read
        /// every edge again and added none at the end, so it drops nothing.
        let previousLastDep: Int32
    }

    /// Run stamps, shared by every runtime so a stamp names one run of one
    /// node in the whole process (until the 32-bit counter wraps).
    @exclusivity(unchecked) static var lastRunStamp: UInt32 = 0
    /// The stamp of the innermost selector run now executing, in any
    /// runtime, or 0. A reader is live exactly while its run is the
    /// innermost one, so checking a reader compares two integers and loads
    /// nothing through the runtime: a reader that escaped its run, even one
    /// that outlived its runtime, traps instead of touching freed memory.
    @exclusivity(unchecked) @usableFromInline static var liveRunStamp: UInt32 = 0
    /// The keyless declaration (its descriptor's address) that the
    /// innermost live run read twice in a row, with a dependency, or
    /// `noTrackedRead`. Such a declaration is linked to that run and stays
    /// current until the run ends: a selector cannot write, and a
    /// reaction's turns and refreshes wait for the end of its flush. So
    /// reading it again in that run returns its value with no flag test and
    /// no edge check (`Cogs.readKeyless`). A run beginning or ending clears
    /// it, and so does a change to a descriptor's cache, since the value is
    /// found through the cache.
    @exclusivity(unchecked) @usableFromInline static var lastTrackedRead: UInt = noTrackedRead
    /// `lastTrackedRead` when there is none: odd, so no object's address.
    @usableFromInline static let noTrackedRead: UInt = 1

    // MARK: Node columns

    @exclusivity(unchecked) @usableFromInline var flags = Column<NodeFlags>()
    @exclusivity(unchecked) @usableFromInline var depsHead = Column<Int32>()
    /// The dependency of each node's first dependency edge (`depsHead`),
    /// or `none`: the settle walk steps down to a node's first dependency
    /// with one load instead of two, as the push does with `firstSub`.
    @exclusivity(unchecked) var firstDep = Column<Int32>()
    @exclusivity(unchecked) @usableFromInline var depsTail = Column<Int32>()
    @exclusivity(unchecked) @usableFromInline var subsHead = Column<Int32>()
    /// The subscriber of each node's first subscriber edge (`subsHead`),
    /// or `none`: the push steps from a node to its first subscriber with
    /// one load instead of two (the edge, then its subscriber), on a chain
    /// where each step waits for the one before.
    @exclusivity(unchecked) var firstSub = Column<Int32>()
    @exclusivity(unchecked) @usableFromInline var subsTail = Column<Int32>()
    /// The flush stamp in which the node's value last changed.
    @exclusivity(unchecked) @usableFromInline var changedInFlush = Column<UInt64>()
    /// For each source whose latest commit restored a value it held before:
    /// when it held that value last (`Graph+Versions`).
    @exclusivity(unchecked) var restoreWindows: [Int32: RestoreWindow] = [:]
    /// Index into `boundaries`, or `none` for a node the UI never read.
    @exclusivity(unchecked) var boundaryIndex = Column<Int32>()
    /// Each node's generation, bumped when its state is released, so work
    /// that outlives a turn names its state by `NodeHandle` and knows it is
    /// gone even after another key reuses the slot (PERF-05).
    @exclusivity(unchecked) var generation = Column<UInt32>()
    /// The typed family that stores the node's value, and its row there.
    @exclusivity(unchecked) var family = ContiguousArray<FamilyBase>()
    /// The same families, unretained, for the propagate and settle loops
    /// (`family` and the runtime's family table keep them alive).
    @exclusivity(unchecked) var familyRef = Column<FamilyRef>()
    @exclusivity(unchecked) var slot = Column<Int32>()
    /// Each reaction node's place in registration order (0 for any other
    /// node). Flush step 5 sorts by it, not by node number: a retired
    /// reaction's node is reused by a later registration, so an old,
    /// low-numbered node may hold the newest reaction (REACT-05).
    @exclusivity(unchecked) var registrationOrder = Column<UInt64>()
    /// The last `registrationOrder` handed out.
    @exclusivity(unchecked) var lastRegistration: UInt64 = 0

    @exclusivity(unchecked) @usableFromInline var edges = EdgePool()
    /// The runtime that owns this graph, told when a releasable node loses
    /// its last subscriber. Unretained: the runtime owns the graph, and a
    /// call through it retains nothing (a `Cogs` has a side table, for its
    /// controllers' weak references, so each retain took the slow path).
    @exclusivity(unchecked) var lifetime: Unmanaged<Cogs>?
    @exclusivity(unchecked) var boundaries = ContiguousArray<CogBoundary>()

    // MARK: Run and flush state

    /// The node whose selector is running (the innermost run), or `none`.
    @exclusivity(unchecked) @usableFromInline var activeSubscriber: Int32 = none

    @inlinable var isComputing: Bool { activeSubscriber != Self.none }

    /// Per node, one word that says either where its run sits among the
    /// executing runs, while its selector runs (for the traps), or the
    /// flush of its last run, between runs (`Graph+Versions`). No node
    /// needs both at once, so the versions cost the graph no memory.
    struct RunSlot {
        private var bits: UInt64

        /// A run that began nested in `parent`'s (or `none`), with the
        /// settle stack `settleBase` frames deep.
        init(parent: Int32, settleBase: Int32) {
            bits = UInt64(UInt32(bitPattern: parent)) << 32 | UInt64(UInt32(bitPattern: settleBase))
        }

        /// A node between runs whose last run (or check) read the values of
        /// flush `lastRunFlush`.
        init(lastRunFlush: UInt64) { bits = lastRunFlush }

        /// The run this one is nested in, or `none` for an outermost run.
        var parent: Int32 { Int32(bitPattern: UInt32(truncatingIfNeeded: bits >> 32)) }
        /// `settleStack.count` when the run began: frames above belong to it.
        var settleBase: Int32 { Int32(bitPattern: UInt32(truncatingIfNeeded: bits)) }
        var lastRunFlush: UInt64 { bits }
    }

    /// Each node's `RunSlot`. While runs execute, the chain from
    /// `activeSubscriber` through each slot's parent is the stack of
    /// executing runs, which a cycle or nesting trap prints.
    @exclusivity(unchecked) var runSlot = Column<RunSlot>()
    /// How many executing runs are first runs.
    @exclusivity(unchecked) var coldRuns = 0
    /// How many reads that must run or settle a value are executing, nested.
    @exclusivity(unchecked) var readNesting = 0
    /// Selector runs since the runtime started (reactions included): the
    /// benchmark's recomputation count. One add per run.
    @exclusivity(unchecked) var recomputeCount = 0
    @exclusivity(unchecked) var flushStamp: UInt64 = 0

    // Retained work stacks: cleared with keepingCapacity, never freed.
    @exclusivity(unchecked) var settleStack = Column<SettleFrame>()
    @exclusivity(unchecked) var propagateStack = Column<Int32>()
    @exclusivity(unchecked) var hotQueue = Column<Int32>()
    /// Reactions the push reached, or registered during a flush: flush step 5.
    @exclusivity(unchecked) var reactionQueue = Column<Int32>()

    var nodeCount: Int { flags.count }

    deinit {
        flags.deallocate()
        depsHead.deallocate()
        firstDep.deallocate()
        depsTail.deallocate()
        subsHead.deallocate()
        firstSub.deallocate()
        subsTail.deallocate()
        changedInFlush.deallocate()
        boundaryIndex.deallocate()
        generation.deallocate()
        familyRef.deallocate()
        slot.deallocate()
        registrationOrder.deallocate()
        runSlot.deallocate()
        settleStack.deallocate()
        propagateStack.deallocate()
        hotQueue.deallocate()
        reactionQueue.deallocate()
        edges.deallocate()
    }
    /// The node whose selector is running now, if any.
    var computingNode: Int32? { isComputing ? activeSubscriber : nil }

    /// The executing runs, outermost first.
    var runStack: [Int32] {
        var stack: [Int32] = []
        var node = activeSubscriber
        while node != Self.none {
            stack.append(node)
            node = runSlot[Int(node)].parent
        }
        return stack.reversed()
    }

    // MARK: Nodes

    func addNode(family owner: FamilyBase, slot row: Int32, automatic: Bool, eager: Bool = false) -> Int32 {
        let node = Int32(flags.count)
        flags.append(Self.initialFlags(automatic: automatic, eager: eager))
        depsHead.append(Self.none)
        firstDep.append(Self.none)
        depsTail.append(Self.none)
        subsHead.append(Self.none)
        firstSub.append(Self.none)
        subsTail.append(Self.none)
        changedInFlush.append(0)
        boundaryIndex.append(Self.none)
        generation.append(0)
        family.append(owner)
        familyRef.append(FamilyRef(family: .passUnretained(owner)))
        slot.append(row)
        registrationOrder.append(0)
        runSlot.append(RunSlot(lastRunFlush: 0))
        return node
    }

    static func initialFlags(automatic: Bool, eager: Bool) -> NodeFlags {
        var initial: NodeFlags = automatic ? [.automatic, .releasable, .cold] : []
        if eager { initial.insert(.eager) }
        return initial
    }

    /// Makes a released node fresh for a new row of the same family.
    func resetNode(_ node: Int32, automatic: Bool, eager: Bool) {
        let n = Int(node)
        flags[n] = Self.initialFlags(automatic: automatic, eager: eager)
        depsHead[n] = Self.none
        firstDep[n] = Self.none
        depsTail[n] = Self.none
        changedInFlush[n] = 0
        runSlot[n] = RunSlot(lastRunFlush: 0)
    }

    /// Ends the life of `node`'s state: every handle to it is stale from
    /// now on, whether or not another key later reuses the slot.
    func endGeneration(of node: Int32) {
        generation[Int(node)] &+= 1
    }

    /// `node` named with its current generation.
    func handle(of node: Int32) -> NodeHandle {
        NodeHandle(node: node, generation: generation[Int(node)])
    }

    /// Whether the state `handle` names still lives in its slot.
    func isCurrent(_ handle: NodeHandle) -> Bool {
        generation[Int(handle.node)] == handle.generation
    }

    /// The node of a handle its holder has found current. Debug builds trap
    /// on a stale one: going on would read or write whatever state reuses
    /// the slot now.
    func node(of handle: NodeHandle) -> Int32 {
        #if DEBUG
            if !isCurrent(handle) {
                fatalError(
                    "Cog internal error: stale access to node \(handle.node) (generation \(handle.generation), "
                        + "now \(generation[Int(handle.node)]), '\(label(of: handle.node))'): its state was released "
                        + "and the slot may hold another state."
                )
            }
        #endif
        return handle.node
    }

    func label(of node: Int32) -> String {
        family[Int(node)].label(slot: slot[Int(node)])
    }

    /// The graph of each runtime alive now, by the runtime's serial (a
    /// runtime adds its own at init and removes it at teardown, so an entry
    /// never names a freed graph).
    @exclusivity(unchecked) static var liveGraphs: [UInt64: Unmanaged<Graph>] = [:]
}
