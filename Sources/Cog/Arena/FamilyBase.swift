/// What a commit did to a source row's value.
@usableFromInline
enum CommitOutcome {
    /// No write was staged, or it equals the current value.
    case unchanged
    /// A new value.
    case changed
    /// The value the row held before its latest change, written back
    /// (`Graph+Versions`).
    case restored
}

/// The runtime storage of one declaration in one `Cogs`: its rows (one per
/// key, or a single row for a keyless declaration), their arena nodes, and
/// the work that needs the concrete value type.
///
/// The graph stores families as this non-generic base and reaches the typed
/// operations through class dispatch, so the propagation core never touches
/// an existential or boxes a value.
@MainActor
@usableFromInline
class FamilyBase {
    /// Changes only when a retired registration's family is reused
    /// (`rename`).
    private(set) var nameSource: CogNameSource
    /// The declaration's name, rendered on first use (diagnostics and the
    /// debug history), then kept: creating a family formats nothing, and a
    /// steady turn that records history allocates nothing.
    private(set) lazy var name: String = nameSource.name

    /// Names a reused reaction or export family after its new registration
    /// (whose name is already a string: nothing is formatted).
    func rename(_ source: CogNameSource) {
        nameSource = source
        name = source.name
    }
    /// The runtime, unretained: it owns the family.
    @usableFromInline unowned(unsafe) let cogs: Cogs
    /// Arena node of each row of a keyed family (empty for a keyless one,
    /// so declaring a keyless state allocates no array for it).
    @exclusivity(unchecked) @usableFromInline var rowNodes = ContiguousArray<Int32>()
    /// Key of each row, handed to the selector; `nil` for a keyless declaration.
    @exclusivity(unchecked) @usableFromInline var rowKeys = RowKeys()
    /// Row lookup for keyed declarations.
    @exclusivity(unchecked) @usableFromInline var keyedRows = RowIndex()
    /// Released rows, reused (with their nodes) by the next new key.
    @exclusivity(unchecked) var freeRows: [Int32] = []
    /// Publishes a staged write (see `recomputeKernel`, last below).
    @usableFromInline let commitKernel: CommitKernel
    /// A box's family (one row per key) rather than a keyless
    /// declaration's (one row, row 0, whose node is `keylessNode` and whose
    /// value the typed family keeps inline).
    @usableFromInline let isKeyed: Bool
    /// A keyless declaration's one row exists and is not released.
    @exclusivity(unchecked) @usableFromInline var keylessLive = false
    /// The arena node of a keyless declaration's one row (row 0), or
    /// `Graph.none` before it exists. A released row keeps its node, which
    /// the next use of the declaration reuses, so this never changes once set.
    @exclusivity(unchecked) @usableFromInline var keylessNode: Int32 = Graph.none
    /// This family's kernels, copied from its descriptor so the graph calls
    /// one straight from the family it holds (no class dispatch, no
    /// descriptor load).
    @usableFromInline let recomputeKernel: RecomputeKernel

    /// Whether the descriptor's family cache must be parked: a keyless
    /// declaration whose one row is released or not created yet (see
    /// `FamilyCache`).
    @inlinable var parksCache: Bool { !isKeyed && !keylessLive }

    /// The row of `key`'s live state, or nil when it does not exist; unlike
    /// `row(for:)`, it creates nothing.
    func existingRow(for key: CogKey?) -> Int32? {
        if let key { keyedRows[key] } else { keylessLive ? 0 : nil }
    }

    /// Rows holding a live state.
    var liveRowCount: Int { isKeyed ? rowNodes.count - freeRows.count : (keylessLive ? 1 : 0) }

    /// The arena node of row `row`.
    @inlinable @inline(__always)
    func node(ofRow row: Int32) -> Int32 {
        isKeyed ? rowNodes[Int(row)] : keylessNode
    }

    /// Drops row `slot`'s value and key; its node is already detached.
    /// Every handle to the state is stale from now on (PERF-05).
    func releaseRow(slot: Int32) {
        cogs.graph.endGeneration(of: node(ofRow: slot))
        clearValue(slot: slot)
        guard isKeyed else {
            keylessLive = false  // the node stays, for the next use
            keylessLivenessChanged()
            return
        }
        if let key = rowKeys[slot] { keyedRows.remove(key) }
        freeRows.append(slot)
    }

    func clearValue(slot: Int32) {}

    /// Parks or unparks the descriptor's family cache as the keyless row
    /// is released or created (see `FamilyCache`).
    func keylessLivenessChanged() {}

    /// The untyped part of creating a row for `key`: a released row (and
    /// its node) reused, else a new row and node. Returns the row and
    /// whether it was reused; the typed caller stores the value.
    @usableFromInline
    func claimRow(key: CogKey?, graph: Graph, automatic: Bool, eager: Bool, releasableSource: Bool) -> (
        row: Int32, reused: Bool
    ) {
        guard isKeyed else {
            return claimKeylessRow(graph: graph, automatic: automatic, eager: eager, releasableSource: releasableSource)
        }
        if let reused = freeRows.popLast() {
            graph.resetNode(rowNodes[Int(reused)], automatic: automatic, eager: eager)
            rowKeys.set(key, slot: reused)
            if let key { keyedRows.insert(reused, for: key) }
            if releasableSource { graph.flags[Int(rowNodes[Int(reused)])].insert(.releasable) }
            return (reused, true)
        }
        let row = Int32(rowNodes.count)
        let node = graph.addNode(family: self, slot: row, automatic: automatic, eager: eager)
        rowNodes.append(node)
        rowKeys.set(key, slot: row)
        if let key { keyedRows.insert(row, for: key) }
        // A manual source declared whileObserved(resetToInitial: true).
        if releasableSource { graph.flags[Int(node)].insert(.releasable) }
        return (row, false)
    }

    /// A keyless declaration's row 0: its node reused after a release, else
    /// created. No key, row array or free list is touched.
    private func claimKeylessRow(graph: Graph, automatic: Bool, eager: Bool, releasableSource: Bool) -> (
        row: Int32, reused: Bool
    ) {
        let reused = keylessNode != Graph.none
        if reused {
            graph.resetNode(keylessNode, automatic: automatic, eager: eager)
        } else {
            keylessNode = graph.addNode(family: self, slot: 0, automatic: automatic, eager: eager)
        }
        if releasableSource { graph.flags[Int(keylessNode)].insert(.releasable) }
        keylessLive = true
        keylessLivenessChanged()
        return (0, reused)
    }

    /// Runs the selector of row `slot` (node `node`) of a family in the run
    /// stamped `stamp`, which the graph has begun; true when the value
    /// changed. Typed, specialized work reached without a generic call:
    /// the declaration formed it (see `CogDescriptor.recomputeKernel`).
    @usableFromInline typealias RecomputeKernel = @MainActor (FamilyBase, Int32, Int32, UInt32) -> Bool
    /// Publishes the staged write of row `slot`, saying whether it changed
    /// the value and whether the new value is the one the row replaced.
    @usableFromInline typealias CommitKernel = @MainActor (FamilyBase, Int32) -> CommitOutcome

    @usableFromInline
    init(
        nameSource: CogNameSource, isKeyed: Bool, cogs: Cogs, recomputeKernel: @escaping RecomputeKernel,
        commitKernel: @escaping CommitKernel
    ) {
        self.nameSource = nameSource
        self.isKeyed = isKeyed
        self.cogs = cogs
        self.recomputeKernel = recomputeKernel
        self.commitKernel = commitKernel
    }

    func label(slot: Int32) -> String {
        guard let key = rowKeys[slot] else { return name }
        return "\(name)[\(key.base)]"
    }

    /// Runs the selector of row `slot` inside the run `stamp`; true when
    /// the value changed.
    @inlinable @inline(__always)
    func recompute(slot: Int32, node: Int32, stamp: UInt32) -> Bool {
        recomputeKernel(self, slot, node, stamp)
    }

    /// Publishes the staged write of row `slot`.
    @inlinable @inline(__always)
    func commitStaged(slot: Int32) -> CommitOutcome {
        commitKernel(self, slot)
    }

    /// Stages a write captured by a queued turn onto the row of `key`,
    /// created if a discard released it since.
    func stageCaptured(key: CogKey?, value: Any) {
        preconditionFailure("\(type(of: self)) stores no source")
    }

    // Written out so its isolation does not depend on the package's
    // default: `Family`'s nonisolated deinit overrides it.
    nonisolated deinit {}
}
