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
    @exclusivity(unchecked) private var coldRuns = 0
    /// How many reads that must run or settle a value are executing, nested.
    @exclusivity(unchecked) private var readNesting = 0
    /// Selector runs since the runtime started (reactions included): the
    /// benchmark's recomputation count. One add per run.
    @exclusivity(unchecked) private(set) var recomputeCount = 0
    @exclusivity(unchecked) var flushStamp: UInt64 = 0

    // Retained work stacks: cleared with keepingCapacity, never freed.
    @exclusivity(unchecked) var settleStack = Column<SettleFrame>()
    @exclusivity(unchecked) private var propagateStack = Column<Int32>()
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
    private var runStack: [Int32] {
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

    /// Unlinks and frees every dependency edge of `node`.
    func detachDependencies(_ node: Int32) {
        let n = Int(node)
        var edge = depsHead[n]
        while edge != Self.none {
            let following = edges.nextDep[Int(edge)]
            unlinkFromDependency(edge)
            edges.free(edge)
            edge = following
        }
        depsHead[n] = Self.none
        firstDep[n] = Self.none
        depsTail[n] = Self.none
    }

    func label(of node: Int32) -> String {
        family[Int(node)].label(slot: slot[Int(node)])
    }

    /// The graph of each runtime alive now, by the runtime's serial (a
    /// runtime adds its own at init and removes it at teardown, so an entry
    /// never names a freed graph).
    @exclusivity(unchecked) static var liveGraphs: [UInt64: Unmanaged<Graph>] = [:]

    // MARK: Reads

    /// Makes `node` current before its value is read: a cycle check, then a
    /// cold first run or a settle of a stale cached value. The common case,
    /// a current value, is one flag test inlined at the read.
    @inlinable @inline(__always)
    func prepareRead(_ node: Int32) {
        if _fastPath(isCurrent(node)) { return }
        prepareReadSlow(node)
    }

    /// `prepareRead` for a node the flush runs (a reaction): the common
    /// case, CHECK alone, starts the settle walk with no call between.
    @inline(__always)
    func prepareQueuedRun(_ node: Int32) {
        let needs = flags[Int(node)].rawValue & NodeFlags.needsWorkMask
        if needs == NodeFlags.checkBit { settleWalk(node) } else if needs != 0 { prepareReadSlow(node) }
    }

    @usableFromInline @inline(never)
    func prepareReadSlow(_ node: Int32) {
        let current = flags[Int(node)]
        if current.contains(.computing) { trapCycle(closingAt: node) }
        guard current.contains(.automatic), current.contains(.cold) || !current.isDisjoint(with: .stale) else { return }
        // Runs nest only through reads like this one, so the bound is kept
        // here rather than on every run.
        if readNesting >= Self.nestingLimit { trapNesting(startingAt: node, limit: Self.nestingLimit) }
        readNesting &+= 1
        if current.contains(.cold) || current.contains(.dirty) {
            // No value yet, or a direct dependency changed: no walk can
            // spare the run.
            rerun(node)
        } else {
            settle(node)
        }
        readNesting &-= 1
    }

    /// Whether `node`'s value is current: nothing to run, settle or trap
    /// for before it is read.
    @inlinable @inline(__always)
    func isCurrent(_ node: Int32) -> Bool {
        flags[Int(node)].rawValue & NodeFlags.needsWorkMask == 0
    }

    /// Records that the running selector of `sub`, in its run stamped
    /// `stamp`, read `dep`, reusing the edge that the previous run read at
    /// the same position when it matches.
    /// The steady cases (`linkExisting`) are inlined at the read; a new or
    /// moved edge takes the call.
    @inlinable @inline(__always)
    func link(dep: Int32, sub: Int32, stamp: UInt32) {
        if !linkExisting(dep: dep, sub: sub, stamp: stamp) { linkNew(dep: dep, sub: sub, stamp: stamp) }
    }

    /// `link`'s steady cases (the same dependency read again at the cursor,
    /// the next edge of the previous run read in the same order, or a
    /// dependency this run already read earlier): whether an existing edge
    /// recorded the read. When none did, the caller links a new one.
    @inlinable @inline(__always)
    func linkExisting(dep: Int32, sub: Int32, stamp: UInt32) -> Bool {
        readsAtCursor(dep: dep, sub: sub) || linkExistingAfterCursor(dep: dep, sub: sub, stamp: stamp)
    }

    /// Whether `sub`'s running selector read `dep` last: its cursor edge
    /// is `dep`'s, so the read is recorded already.
    @inlinable @inline(__always)
    func readsAtCursor(dep: Int32, sub: Int32) -> Bool {
        let previous = depsTail[Int(sub)]
        return previous != Self.none && edges.dep[Int(previous)] == dep
    }

    /// `linkExisting` once the cursor edge is not `dep`'s.
    @inlinable @inline(__always)
    func linkExistingAfterCursor(dep: Int32, sub: Int32, stamp: UInt32) -> Bool {
        let previous = depsTail[Int(sub)]
        let next = previous != Self.none ? edges.nextDep[Int(previous)] : depsHead[Int(sub)]
        if next != Self.none, edges.dep[Int(next)] == dep {
            edges.stamp[Int(next)] = stamp
            depsTail[Int(sub)] = next
            return true
        }
        // Read earlier in this same run: its edge is the dependency's last.
        let lastSub = subsTail[Int(dep)]
        return lastSub != Self.none && edges.sub[Int(lastSub)] == sub && edges.stamp[Int(lastSub)] == stamp
    }

    /// Links a new edge from `dep` to `sub` right after `sub`'s cursor. It
    /// finds the cursor's neighbours again rather than taking them from
    /// `link`: passed, they stayed live across each steady read of a
    /// selector's read loop (repeatedObservers +16% instructions, measured).
    @usableFromInline @inline(never)
    func linkNew(dep: Int32, sub: Int32, stamp: UInt32) {
        let previous = depsTail[Int(sub)]
        let next = previous != Self.none ? edges.nextDep[Int(previous)] : depsHead[Int(sub)]
        let lastSub = subsTail[Int(dep)]
        let edge = edges.allocate()
        let e = Int(edge)
        edges.dep[e] = dep
        edges.sub[e] = sub
        edges.stamp[e] = stamp
        edges.prevDep[e] = previous
        edges.nextDep[e] = next
        if next != Self.none { edges.prevDep[Int(next)] = edge }
        if previous != Self.none {
            edges.nextDep[Int(previous)] = edge
        } else {
            depsHead[Int(sub)] = edge
            firstDep[Int(sub)] = dep
        }
        depsTail[Int(sub)] = edge
        edges.prevSub[e] = lastSub
        edges.nextSub[e] = Self.none
        if lastSub != Self.none {
            edges.nextSub[Int(lastSub)] = edge
        } else {
            subsHead[Int(dep)] = edge
            firstSub[Int(dep)] = sub
        }
        subsTail[Int(dep)] = edge
    }

    // MARK: Runs

    /// Starts a selector run of `node`. Inlined into `runKernel`, and so
    /// into the settle loop, so a run makes no call to begin.
    @inline(__always)
    func beginRun(_ node: Int32) -> RunToken {
        var stamp = Self.lastRunStamp &+ 1
        if _slowPath(stamp == 0) { stamp = 1 }
        Self.lastRunStamp = stamp
        let n = Int(node)
        flags[n] = NodeFlags(rawValue: (flags[n].rawValue & ~NodeFlags.clearedByRun) | NodeFlags.computingBit)
        // Between runs the cursor rests on the last dependency edge.
        let previousLastDep = depsTail[n]
        depsTail[n] = Self.none
        let parent = activeSubscriber
        runSlot[n] = RunSlot(parent: parent, settleBase: Int32(truncatingIfNeeded: settleStack.count))
        activeSubscriber = node
        let token = RunToken(
            stamp: stamp, previousLiveStamp: Self.liveRunStamp, parent: parent, previousLastDep: previousLastDep)
        Self.liveRunStamp = stamp
        Self.lastTrackedRead = Self.noTrackedRead
        return token
    }

    /// Ends the run of `node`: drops every edge the run did not read again.
    /// The steady case, a cursor on the previous run's last edge, is one
    /// compare inlined here; a first run, a run that read fewer or other
    /// dependencies, or one that appended an edge takes the call.
    @inline(__always)
    func endRun(_ node: Int32, _ token: RunToken) {
        let n = Int(node)
        activeSubscriber = token.parent
        Self.liveRunStamp = token.previousLiveStamp
        Self.lastTrackedRead = Self.noTrackedRead
        flags[n] = NodeFlags(rawValue: flags[n].rawValue & ~(NodeFlags.computingBit | NodeFlags.coldBit))
        runSlot[n] = RunSlot(lastRunFlush: flushStamp)
        if _slowPath(depsTail[n] != token.previousLastDep) { dropEdgesAfterCursor(of: n) }
    }

    /// Drops the edges after `node`'s cursor, the ones its run did not read.
    @inline(never)
    func dropEdgesAfterCursor(of n: Int) {
        let keep = depsTail[n]
        var edge = keep != Self.none ? edges.nextDep[Int(keep)] : depsHead[n]
        guard edge != Self.none else { return }
        if keep != Self.none {
            edges.nextDep[Int(keep)] = Self.none
        } else {
            depsHead[n] = Self.none
            firstDep[n] = Self.none
        }
        while edge != Self.none {
            let following = edges.nextDep[Int(edge)]
            unlinkFromDependency(edge)
            edges.free(edge)
            edge = following
        }
    }

    private func unlinkFromDependency(_ edge: Int32) {
        let e = Int(edge)
        let dep = Int(edges.dep[e])
        let before = edges.prevSub[e]
        let after = edges.nextSub[e]
        if before != Self.none {
            edges.nextSub[Int(before)] = after
        } else {
            subsHead[dep] = after
            firstSub[dep] = after != Self.none ? edges.sub[Int(after)] : Self.none
        }
        if after != Self.none { edges.prevSub[Int(after)] = before } else { subsTail[dep] = before }
        if subsHead[dep] == Self.none, flags[dep].rawValue & NodeFlags.lastSubscriberBits != 0 {
            lifetime?.withGuaranteed { $0.lostLastSubscriber(Int32(dep)) }
        }
    }

    /// Runs the selector of `node` and, on a real change, upgrades the
    /// subscribers that were waiting on a CHECK to DIRTY; returns whether
    /// the value changed. Inlined into the settle loop, where nearly every
    /// run starts. `soleSubscriberRerunsNext`: the walk reached `node` from
    /// the one subscriber it will rerun next on a change, so when that
    /// subscriber is `node`'s only one the walk carries the news in a
    /// local instead of upgrading it to DIRTY here and reading the flag
    /// back there.
    @inline(__always)
    func recompute(_ node: Int32, soleSubscriberRerunsNext: Bool) -> Bool {
        let n = Int(node)
        if _slowPath(flags[n].rawValue & NodeFlags.unusualRunBits != 0) {
            return recomputeUnusual(node)
        }
        return runKernel(node, soleSubscriberRerunsNext: soleSubscriberRerunsNext)
    }

    /// `recompute` of a node with no value yet, or one a restored source
    /// made DIRTY: the latter runs only if an input no longer holds what
    /// its last run read (`Graph+Versions`).
    @inline(never)
    private func recomputeUnusual(_ node: Int32) -> Bool {
        let n = Int(node)
        if flags[n].rawValue & NodeFlags.coldBit != 0 { return recomputeCold(node) }
        if inputsHoldLastRunValues(node) {
            // As good as a run: its value is what a run now would give.
            flags[n] = NodeFlags(rawValue: flags[n].rawValue & ~NodeFlags.clearedByRun)
            runSlot[n] = RunSlot(lastRunFlush: flushStamp)
            return false
        }
        return runKernel(node, soleSubscriberRerunsNext: false)
    }

    /// `recompute`, out of line for the read path.
    @inline(never)
    private func rerun(_ node: Int32) {
        _ = recompute(node, soleSubscriberRerunsNext: false)
    }

    /// A first run: counted and bounded before it starts.
    @inline(never)
    private func recomputeCold(_ node: Int32) -> Bool {
        if coldRuns >= Self.coldNestingLimit { trapNesting(startingAt: node, limit: Self.coldNestingLimit) }
        coldRuns += 1
        let changed = runKernel(node, soleSubscriberRerunsNext: false)
        coldRuns -= 1
        return changed
    }

    /// Begins the run, calls the family's typed kernel (the selector,
    /// equality and store), ends the run. Beginning and ending here rather
    /// than in the kernel keeps the graph's bookkeeping in the caller's
    /// frame, which already holds its columns' bases, and leaves the
    /// kernel a small frame (docs/perf.md, item 32: 1–5% fewer
    /// instructions on the Kairo shapes).
    @inline(__always)
    private func runKernel(_ node: Int32, soleSubscriberRerunsNext: Bool) -> Bool {
        let n = Int(node)
        let row = slot[n]
        let run = beginRun(node)
        let changed = familyRef[n].family.withGuaranteed { $0.recompute(slot: row, node: node, stamp: run.stamp) }
        endRun(node, run)
        recomputeCount &+= 1
        #if DEBUG
            lifetime?.takeUnretainedValue().recordState(flags[n].contains(.reaction) ? .reaction : .recompute, node)
        #endif
        guard changed else { return false }
        changedInFlush[n] = flushStamp
        var edge = subsHead[n]
        guard edge != Self.none else { return true }
        let flags = self.flags.base.unsafelyUnwrapped
        let subOf = edges.sub.base.unsafelyUnwrapped
        let nextSub = edges.nextSub.base.unsafelyUnwrapped
        if soleSubscriberRerunsNext && nextSub[Int(id: edge)] == Self.none { return true }
        while edge != Self.none {
            let sub = Int(id: subOf[Int(id: edge)])
            let current = flags[sub]
            if current.contains(.check) { flags[sub] = current.subtracting(.check).union(.dirty) }
            edge = nextSub[Int(id: edge)]
        }
        return true
    }

    // MARK: Pull

    /// Brings a stale, previously computed node up to date without recursion:
    /// walk dependencies in last-run order, settle stale ones first, and stop
    /// at the first one whose value really changed.
    ///
    /// The node being examined and its next dependency edge live in locals;
    /// only its ancestors are frames on `settleStack`. A selector run may
    /// read (so settle) other nodes and create nodes and edges, so before a
    /// run the stack's count is stored and after it every column base is
    /// read again.
    func settle(_ root: Int32) {
        settleWalk(root)
    }

    /// `settle`'s walk, inlined into the reaction loop so that settling
    /// each queued reaction is not a call of its own.
    @inline(__always)
    func settleWalk(_ root: Int32) {
        let base = settleStack.count
        var node = root
        var edge = depsHead[Int(id: root)]
        var depth = base
        var flags = self.flags.base.unsafelyUnwrapped
        var depsHead = self.depsHead.base.unsafelyUnwrapped
        var depOf = edges.dep.elements
        var nextDep = edges.nextDep.elements
        // The dependency of `edge` when the walk knows it without loading
        // it: right after stepping down, from `firstDep`, so the first check
        // below a node waits on one load rather than two. Otherwise `none`.
        var knownDep = Self.none
        while true {
            let current = flags[Int(id: node)]
            if current.contains(.dirty) {
                // A rerun whose value changed makes the node waiting on it
                // (DIRTY now, or told here when it is the only subscriber)
                // rerun next, with no flag read between.
                while true {
                    settleStack.count = depth
                    let changed = recompute(node, soleSubscriberRerunsNext: depth > base)
                    flags = self.flags.base.unsafelyUnwrapped
                    depsHead = self.depsHead.base.unsafelyUnwrapped
                    depOf = edges.dep.elements
                    nextDep = edges.nextDep.elements
                    guard changed, depth > base else { break }
                    depth -= 1
                    let parent = settleStack.base.unsafelyUnwrapped[depth]
                    node = parent.node
                    edge = parent.link
                    knownDep = Self.none
                }
            } else if current.contains(.check) {
                var descended = false
                while edge != Self.none {
                    let dep = knownDep != Self.none ? knownDep : depOf[Int(id: edge)]
                    knownDep = Self.none
                    edge = nextDep[Int(id: edge)]
                    let depFlags = flags[Int(id: dep)]
                    guard depFlags.rawValue & (NodeFlags.staleBits | NodeFlags.computingBit) != 0 else { continue }
                    if depth == settleStack.capacity {
                        settleStack.count = depth
                        settleStack.grow()
                    }
                    settleStack.base.unsafelyUnwrapped[depth] = SettleFrame(node: node, link: edge)
                    depth &+= 1
                    if depFlags.contains(.computing) {
                        settleStack.count = depth
                        trapCycle(closingAt: dep)
                    }
                    node = dep
                    edge = depsHead[Int(id: dep)]
                    knownDep = self.firstDep[Int(id: dep)]
                    descended = true
                    break
                }
                if descended { continue }
                flags[Int(id: node)] = current.subtracting(.check)
            }
            guard depth > base else { break }
            depth -= 1
            let parent = settleStack.base.unsafelyUnwrapped[depth]
            node = parent.node
            edge = parent.link
            knownDep = Self.none
        }
        settleStack.count = base
    }

    // MARK: Push

    /// A committed source changed: mark direct subscribers DIRTY and
    /// everything below them CHECK, queueing the hot roots it reaches.
    func sourceChanged(_ node: Int32) {
        changedInFlush[Int(id: node)] = flushStamp
        enqueueIfHot(node)
        var edge = subsHead[Int(id: node)]
        guard edge != Self.none else { return }
        // The push creates no node or edge, so no column moves while it
        // runs: each base is read once rather than after every store.
        let flags = self.flags.base.unsafelyUnwrapped
        let subOf = edges.sub.base.unsafelyUnwrapped
        let nextSub = edges.nextSub.base.unsafelyUnwrapped
        while edge != Self.none {
            let sub = subOf[Int(id: edge)]
            let current = flags[Int(id: sub)]
            if current.isDisjoint(with: .stale) {
                mark(sub, current, .dirty, in: flags)
            } else if !current.contains(.dirty) {
                flags[Int(id: sub)] = current.subtracting(.check).union(.dirty)
            }
            edge = nextSub[Int(id: edge)]
        }
        propagateCheck(flags: flags)
    }

    /// Forces `node` to rerun at the next settle, as if a direct dependency
    /// changed (an async refresh), and marks everything below it CHECK.
    func invalidate(_ node: Int32) {
        let n = Int(node)
        flags[n] = NodeFlags(
            rawValue: flags[n].rawValue & ~(NodeFlags.checkBit | NodeFlags.restoredInputBit) | NodeFlags.dirtyBit)
        enqueueIfHot(node)
        let below = subsHead[n]
        guard below != Self.none else { return }
        propagateStack.append(below)
        propagateCheck(flags: flags.base.unsafelyUnwrapped)
    }

    /// A seeded source: its subscribers become stale like after a commit
    /// and the hot roots below are queued for the next flush, so no notice
    /// or reaction happens now and the next real turn catches up.
    func markSeeded(_ node: Int32) {
        // A seed changes the value outside any flush: it starts a value of
        // its own, so no later restore spares a node that read before it.
        flushStamp += 1
        changedInFlush[Int(id: node)] = flushStamp
        var edge = subsHead[Int(id: node)]
        guard edge != Self.none else { return }
        let flags = self.flags.base.unsafelyUnwrapped
        while edge != Self.none {
            let sub = edges.sub[Int(id: edge)]
            let current = flags[Int(id: sub)]
            let cleared = NodeFlags(rawValue: current.rawValue & ~(NodeFlags.checkBit | NodeFlags.restoredInputBit))
            mark(sub, cleared, .dirty, in: flags)
            edge = edges.nextSub[Int(id: edge)]
        }
        propagateCheck(flags: flags)
    }

    /// Marks `sub` with `bit`, queues it when the flush settles it, and
    /// pushes its first subscriber edge for `propagateCheck`.
    @inline(__always)
    private func mark(_ sub: Int32, _ current: NodeFlags, _ bit: NodeFlags, in flags: UnsafeMutablePointer<NodeFlags>) {
        flags[Int(id: sub)] = current.union(bit)
        enqueueIfSettledByFlush(sub, current)
        let below = subsHead[Int(id: sub)]
        if below != Self.none { propagateStack.append(below) }
    }

    /// Queues a hot root, eager node or reaction for the flush.
    @inline(never)
    func enqueue(_ node: Int32) {
        flags[Int(id: node)].insert(.queued)
        if flags[Int(id: node)].contains(.reaction) { reactionQueue.append(node) } else { hotQueue.append(node) }
    }

    /// Marks CHECK everything below the subscriber edges on
    /// `propagateStack` that is not already stale: a depth-first walk that
    /// follows each newly marked node's subscribers at once and keeps on
    /// the stack only the sibling edge to come back to.
    ///
    /// The walk holds the subscriber it visits and the sibling edge after
    /// it. Going down, the first subscriber comes from `firstSub` while its
    /// sibling edge is found beside it, so the next visit waits on one load
    /// rather than two.
    @inline(__always)
    private func propagateCheck(flags: UnsafeMutablePointer<NodeFlags>) {
        var depth = propagateStack.count
        guard depth > 0 else { return }
        let subsHead = self.subsHead.base.unsafelyUnwrapped
        let firstSub = self.firstSub.base.unsafelyUnwrapped
        let subOf = edges.sub.base.unsafelyUnwrapped
        let nextSub = edges.nextSub.base.unsafelyUnwrapped
        var stack = propagateStack.base.unsafelyUnwrapped
        // The stack holds edges, never `none`.
        depth -= 1
        var sub = subOf[Int(id: stack[depth])]
        var edge = nextSub[Int(id: stack[depth])]
        while true {
            let current = flags[Int(id: sub)]
            if current.isDisjoint(with: .stale) {
                // `enqueue`, inline: here it saves a call per queued node
                // (broad −2.4%, mux −3.8% measured), where inlining it into
                // `mark`, on every turn's path, cost up to 2% (measured).
                // Most nodes the walk reaches are plain computeds: one test.
                if _fastPath(current.isDisjoint(with: .settledByFlush)) {
                    flags[Int(id: sub)] = current.union(.check)
                } else if current.contains(.queued) {
                    flags[Int(id: sub)] = current.union(.check)
                } else {
                    flags[Int(id: sub)] = NodeFlags(
                        rawValue: current.rawValue | NodeFlags.checkBit | NodeFlags.queuedBit)
                    if current.contains(.reaction) { reactionQueue.append(sub) } else { hotQueue.append(sub) }
                }
                let first = firstSub[Int(id: sub)]
                if first != Self.none {
                    if edge != Self.none {
                        if depth == propagateStack.capacity {
                            propagateStack.count = depth
                            propagateStack.grow()
                            stack = propagateStack.base.unsafelyUnwrapped
                        }
                        stack[depth] = edge
                        depth += 1
                    }
                    edge = nextSub[Int(id: subsHead[Int(id: sub)])]
                    sub = first
                    continue
                }
            }
            if edge != Self.none {
                sub = subOf[Int(id: edge)]
                edge = nextSub[Int(id: edge)]
                continue
            }
            guard depth > 0 else { break }
            depth -= 1
            sub = subOf[Int(id: stack[depth])]
            edge = nextSub[Int(id: stack[depth])]
        }
        propagateStack.count = 0
    }

    func enqueueIfHot(_ node: Int32) {
        enqueueIfSettledByFlush(node, flags[Int(node)])
    }

    /// Queues `node`, whose flags were `current`, if the flush settles it
    /// and it is not queued yet. Most nodes are plain computeds: one test.
    @inline(__always)
    private func enqueueIfSettledByFlush(_ node: Int32, _ current: NodeFlags) {
        guard _slowPath(!current.isDisjoint(with: .settledByFlush)) else { return }
        if !current.contains(.queued) { enqueue(node) }
    }

    // MARK: Flush steps 3 and 4

    /// Flush step 3: settle every hot root the push reached.
    func settleHotRoots() {
        var index = 0
        while index < hotQueue.count {
            let node = hotQueue[index]
            let current = flags[Int(node)]
            if !current.isDisjoint(with: .stale), !current.contains(.retired) { settle(node) }
            index += 1
        }
    }

    /// Flush step 4: notify each hot root whose value changed in this flush.
    /// A notice may read (and settle) other state, but never pushes, so the
    /// queue cannot grow while it is walked.
    func notifyChangedHotRoots() {
        var index = 0
        while index < hotQueue.count {
            let node = Int(hotQueue[index])
            flags[node].remove(.queued)
            if changedInFlush[node] == flushStamp, boundaryIndex[node] != Self.none {
                #if DEBUG
                    lifetime?.takeUnretainedValue().recordState(.notice, Int32(node))
                #endif
                // Unretained: no boundary can leave `boundaries` while a
                // notice runs. Only a discard removes one, at the start of
                // its own flush, and a discard (or any turn) an observer
                // starts now is queued: the phase is `.flushing`.
                CogBoundary.notifyChange(on: .passUnretained(boundaries[Int(boundaryIndex[node])]))
            }
            index += 1
        }
        hotQueue.removeAll(keepingCapacity: true)
    }

    // MARK: UI boundaries

    /// Records a UI read's Observation access on the node's boundary,
    /// created on its first UI read. The boundary is reached unretained:
    /// `boundaries` owns it, and recording an access runs no code that
    /// could release it.
    @usableFromInline
    func recordAccess(_ node: Int32) {
        let existing = boundaryIndex[Int(node)]
        if _fastPath(existing != Self.none) {
            CogBoundary.recordAccess(on: .passUnretained(boundaries[Int(existing)]))
            return
        }
        boundary(of: node).recordAccess()
    }

    /// The node's boundary, created on its first UI read; owning one makes
    /// the node a hot root.
    @usableFromInline
    func boundary(of node: Int32) -> CogBoundary {
        boundary(of: node, make: CogBoundary.init)
    }

    /// The node's boundary, created by `make` on its first UI read.
    @usableFromInline
    func boundary(of node: Int32, make: () -> CogBoundary) -> CogBoundary {
        let n = Int(node)
        let existing = boundaryIndex[n]
        if existing != Self.none { return boundaries[Int(existing)] }
        let created = make()
        boundaryIndex[n] = Int32(boundaries.count)
        boundaries.append(created)
        flags[n].insert(.hot)
        return created
    }

    // MARK: Traps

    /// The closed path of a cycle: every run from the first visit of `node`,
    /// with the dependency walks between them, back to `node`.
    func trapCycle(closingAt node: Int32) -> Never {
        var path: [Int32] = []
        let runs = runStack
        if let start = runs.firstIndex(of: node) {
            for index in start..<runs.count {
                path.append(runs[index])
                let begin = Int(runSlot[Int(runs[index])].settleBase)
                let end = index + 1 < runs.count ? Int(runSlot[Int(runs[index + 1])].settleBase) : settleStack.count
                for frame in begin..<end where settleStack[frame].node != path.last {
                    path.append(settleStack[frame].node)
                }
            }
        }
        path.append(node)
        let rendered = path.map(label(of:)).joined(separator: " → ")
        fatalError(
            "Cog: dependency cycle: \(rendered). An automatic cog read itself through this path; "
                + "Cog never returns a partial or previous value for a cycle. Break the cycle in one of these selectors."
        )
    }

    private func trapNesting(startingAt node: Int32, limit: Int) -> Never {
        let innermost = ([node] + runStack.suffix(3).reversed()).map(label(of:))
        let kind = limit == Self.coldNestingLimit ? "first read" : "read"
        fatalError(
            "Cog: a \(kind) nested more than \(limit) automatic computations "
                + "(innermost links: \(innermost.joined(separator: " ← ")) ← …). "
                + "Read the chain from its source end first, or make it shorter."
        )
    }
}

/// Traps for a reader used outside its run: the reader of node `node` in
/// the runtime numbered `runtimeSerial`, named only when that runtime still
/// exists (the reader does not keep it alive).
///
/// A free function of values the read has loaded anyway: a generic static
/// one took its metatype in the context register, which made every
/// selector that reads save and restore registers on each run, and the
/// reader's family, passed for the name, held one more register through
/// every read of a loop (measured, item 41 in docs/perf.md).
@MainActor @usableFromInline @inline(never)
func trapReaderOutlived(node: Int32, runtimeSerial: UInt64) -> Never {
    let state: String
    if let graph = Graph.liveGraphs[runtimeSerial]?.takeUnretainedValue(), Int(node) < graph.family.count {
        state = "'\(graph.label(of: node))'"
    } else {
        state = "a state of a runtime that no longer exists"
    }
    fatalError(
        "Cog: the reader of \(state) was used outside the selector run that created it. "
            + "Read through c only inside the selector body."
    )
}
