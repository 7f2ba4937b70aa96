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

/// The typed family of one declaration whose values are `Value`.
///
/// Its typed work (running the selector, comparing, committing) is
/// inlinable and reached through the descriptor's kernels, which are built
/// where the declaration is written and so are specialized for `Value`.
@usableFromInline
final class Family<Value>: FamilyBase {
    // Stored properties in the order a run and a read touch them. From
    // `isKeyed` (near the end of `FamilyBase`) through a keyless row's
    // value, everything a run or a keyless read touches lies in 72 bytes
    // (for a value of up to 16 bytes) starting at a 16-byte boundary, so
    // in two cache lines wherever the allocator puts the family; the
    // fields before and after are for creating rows, diagnostics and
    // commits. Measured by simulated first-level data misses, item 30 in
    // docs/perf.md.

    /// The runtime's graph, held strongly: code that holds a family (a
    /// kernel, a selector's reader) reaches the graph with no retain. The
    /// graph's family column holds the family in turn; the runtime breaks
    /// that cycle at teardown (`Cogs.deinit`).
    @usableFromInline let graph: Graph
    /// The declaration's selector (`CogDescriptor.selector`): a run calls
    /// it directly.
    @usableFromInline let selector: @MainActor (inout CogReader<Value>) -> Value
    /// `cogs.serial`, so a read that starts from the family (a selector's
    /// reader) checks a descriptor's family cache without loading `cogs`.
    @usableFromInline let runtimeSerial: UInt64
    /// A keyless family's one row's value: inline, so reading or running
    /// it touches no other allocation (`values` stays empty).
    @exclusivity(unchecked) @usableFromInline var keylessValue: ValueColumn<Value>.Stored = nil
    /// A keyed family's values, one per row.
    @exclusivity(unchecked) @usableFromInline var values = ValueColumn<Value>()
    @usableFromInline let descriptor: CogDescriptor<Value>
    /// The descriptor's `equals`, stored non-optional (see `selector`) for
    /// the generic kernels; `hasEquals` is false for "never equal".
    @usableFromInline let equals: @MainActor (Value, Value) -> Bool
    @usableFromInline let hasEquals: Bool
    /// Staged writes of the accumulating turn. It grows only when a row is
    /// first staged, so a family that is never written (an automatic one)
    /// pays nothing for it: `stagedValue(slot:)` reads past its end as nil.
    @exclusivity(unchecked) @usableFromInline var pending = ValueColumn<Value>()
    /// A changed source row's value before its latest change, and the
    /// flush from which the row held it, so a commit that writes it back
    /// can say so (`Graph+Versions`). Kept in entries, one per row that
    /// changed while something read it; `replacedEntry` maps a row to its
    /// entry plus one (0: none). Only that small index grows with the row
    /// number: values by row grew to the highest row changed (100 KB for
    /// the session's stock changes), and a dictionary cost 235
    /// instructions a change (PERF-07).
    @exclusivity(unchecked) @usableFromInline var replacedEntry = Column<Int32>()
    @exclusivity(unchecked) @usableFromInline var replacedValues = ValueColumn<Value>()
    @exclusivity(unchecked) @usableFromInline var replacedSince = Column<UInt64>()
    /// Entries whose row let them go, reused first.
    @exclusivity(unchecked) @usableFromInline var freeReplaced = Column<Int32>()

    @usableFromInline
    init(descriptor: CogDescriptor<Value>, cogs: Cogs) {
        self.descriptor = descriptor
        self.graph = cogs.graph
        self.runtimeSerial = cogs.serial
        // Non-optional (a run calls the stored closure in place, where
        // unwrapping an optional one copied, and so retained, its context).
        self.selector = descriptor.selector
        self.equals = descriptor.equalsOrNever
        self.hasEquals = descriptor.equals != nil
        super.init(
            nameSource: descriptor.nameSource, isKeyed: descriptor.isKeyed, cogs: cogs,
            recomputeKernel: descriptor.recomputeKernel, commitKernel: descriptor.commitKernel)
    }

    // Nonisolated, as the design's decisions table asks of every generic
    // class until a Swift optimizer bug is fixed; it only frees the
    // columns this instance owns.
    nonisolated deinit {
        values.destroy()
        pending.destroy()
        replacedValues.destroy()
        replacedEntry.deallocate()
        replacedSince.deallocate()
        freeReplaced.deallocate()
    }

    /// The row of `key`, created (with its starting value, for a source) on
    /// first use.
    @inlinable @inline(__always)
    func row(for key: CogKey?) -> Int32 {
        if !descriptor.isKeyed {
            return keylessLive ? 0 : createRow(for: nil)
        }
        guard let key else { return createRow(for: nil) }
        return keyedRow(for: key)
    }

    /// The row of `key` in a keyed family, created on first use.
    @inlinable @inline(__always)
    func keyedRow(for key: CogKey) -> Int32 {
        keyedRows.existingRow(for: key) ?? createRow(for: key)
    }

    /// The node of a keyless declaration's row (row 0), created on first use.
    @inlinable @inline(__always)
    func keylessRowNode() -> Int32 {
        if _fastPath(keylessLive) { return keylessNode }
        _ = createRow(for: nil)
        return keylessNode
    }

    /// Row `row`'s value, nil before an automatic row's first run. (One
    /// conversion for both places, so a `CompactArena` build casts once.)
    @inlinable @inline(__always)
    func value(ofRow row: Int32) -> Value? {
        value(ofRow: row, keyed: isKeyed)
    }

    /// `value(ofRow:)` where the caller knows whether the family is keyed
    /// (a kernel formed for one kind of declaration), so no test is made.
    @inlinable @inline(__always)
    func value(ofRow row: Int32, keyed: Bool) -> Value? {
        ValueColumn.value(keyed ? values.stored(row) : keylessValue)
    }

    /// Stores row `row`'s value (nil when a released row lets it go).
    @inlinable @inline(__always)
    func setValue(_ value: Value?, ofRow row: Int32) {
        setValue(value, ofRow: row, keyed: isKeyed)
    }

    @inlinable @inline(__always)
    func setValue(_ value: Value?, ofRow row: Int32, keyed: Bool) {
        let stored = ValueColumn.stored(value)
        if keyed { values.setStored(stored, row) } else { keylessValue = stored }
    }

    // A tracked read never uses the family after a call. The family comes
    // from the declaration's cache, so to the compiler it lives only as
    // long as the declaration does; a read that used it after a call made
    // the compiler retain the declaration around that call, which a
    // declaration copied out of an array (`for arm in arms { total +=
    // c[arm] }`) paid on every read (docs/perf.md, item 39). The calls
    // below take the family unmanaged, so they are no use of a reference
    // either.
    //
    // A keyless read, inlined into each selector that reads, goes further:
    // each of its slow paths is one call whose result is the read's value
    // (settle and read; link a new edge and read; read through a
    // declaration whose cache names another runtime, in `Cogs`). Nothing
    // of the read lives across a call, so a selector that reads once keeps
    // it all in scratch registers and saves and restores none on each run
    // (item 41). A box row's read is a call already (`readKeyed`), and
    // links in place.

    /// A settled read of row `row` (node `node`); links `subscriber` to it
    /// unless it is nil.
    @inlinable @inline(__always)
    func read(row: Int32, node: Int32, subscriber: Subscriber?) -> Value {
        guard _fastPath(graph.isCurrent(node)) else {
            return Self.settleAndRead(
                .passUnretained(self), row: row, node: node, sub: subscriber?.node ?? Graph.none,
                stamp: subscriber?.stamp ?? 0)
        }
        let value: Value = value(ofRow: row).unsafelyUnwrapped  // current, so present
        if let subscriber { graph.link(dep: node, sub: subscriber.node, stamp: subscriber.stamp) }
        return value
    }

    /// `read` of a node that is not current: settles or runs it first, then
    /// links `sub` in its run stamped `stamp` unless `sub` is `Graph.none`.
    @inlinable @inline(never)
    static func settleAndRead(_ family: Unmanaged<Family>, row: Int32, node: Int32, sub: Int32, stamp: UInt32) -> Value
    {
        family.withGuaranteed { family in
            family.settleForRead(node, sub: sub, stamp: stamp)
            return family.value(ofRow: row).unsafelyUnwrapped  // settled just above, so present
        }
    }

    /// A settled read of the row of `key`, created on first use. A call
    /// (specialized for `Value`): inlined into every `c[box[key]]`, its
    /// size made the app's selectors around it copy values they had only
    /// read from (cold start +1.7% instructions, measured).
    @inlinable @inline(never)
    func readKeyed(_ key: CogKey, subscriber: Subscriber?) -> Value {
        let row = keyedRow(for: key)
        return read(row: row, node: rowNodes[Int(row)], subscriber: subscriber)
    }

    /// The same read of a keyless declaration's one row.
    @inlinable @inline(__always)
    func readKeyless(subscriber: Subscriber?) -> Value {
        readKeylessRow(node: keylessRowNode(), subscriber: subscriber)
    }

    /// `readKeyless` once the descriptor's cache matched, which guarantees
    /// the row is live (see `FamilyCache`).
    @inlinable @inline(__always)
    func readLiveKeyless(subscriber: Subscriber?) -> Value {
        readKeylessRow(node: keylessNode, subscriber: subscriber)
    }

    /// A settled read of the keyless row, whose node is `node`: its value
    /// is the inline one.
    @inlinable @inline(__always)
    func readKeylessRow(node: Int32, subscriber: Subscriber?) -> Value {
        guard _fastPath(graph.isCurrent(node)) else {
            return Self.settleAndReadKeyless(
                .passUnretained(self), node: node, sub: subscriber?.node ?? Graph.none, stamp: subscriber?.stamp ?? 0)
        }
        if let subscriber {
            if graph.readsAtCursor(dep: node, sub: subscriber.node) {
                return Self.rememberAndReadKeyless(.passUnretained(self))
            } else if !graph.linkExistingAfterCursor(dep: node, sub: subscriber.node, stamp: subscriber.stamp) {
                return Self.linkAndReadKeyless(
                    .passUnretained(self), node: node, sub: subscriber.node, stamp: subscriber.stamp)
            }
        }
        return currentKeylessValue
    }

    /// The keyless row's value, known to be present: the row is current or
    /// was settled just before.
    @inlinable @inline(__always)
    var currentKeylessValue: Value { ValueColumn.value(keylessValue).unsafelyUnwrapped }

    /// `readKeylessRow` of a current value its run read last, again: read
    /// twice in a row, it is likely read again, so the run remembers it
    /// (`Graph.lastTrackedRead`). A call, so the read around it keeps no
    /// register for the store.
    @inlinable @inline(never)
    static func rememberAndReadKeyless(_ family: Unmanaged<Family>) -> Value {
        family.withGuaranteed { family in
            Graph.lastTrackedRead = family.descriptor.identityBits
            return family.currentKeylessValue
        }
    }

    /// `readKeylessRow` of a current value whose edge is new: links the
    /// edge, then reads the value.
    @inlinable @inline(never)
    static func linkAndReadKeyless(_ family: Unmanaged<Family>, node: Int32, sub: Int32, stamp: UInt32) -> Value {
        family.withGuaranteed { family in
            family.graph.linkNew(dep: node, sub: sub, stamp: stamp)
            return family.currentKeylessValue
        }
    }

    /// `readKeylessRow` of a node that is not current. (One slow read for
    /// both kinds of row, testing the kind, ran diamond +1.7% instructions.)
    @inlinable @inline(never)
    static func settleAndReadKeyless(_ family: Unmanaged<Family>, node: Int32, sub: Int32, stamp: UInt32) -> Value {
        family.withGuaranteed { family in
            family.settleForRead(node, sub: sub, stamp: stamp)
            return family.currentKeylessValue  // settled just above
        }
    }

    /// Makes `node` current, then links `sub` to it unless `sub` is
    /// `Graph.none`.
    @inlinable @inline(__always)
    func settleForRead(_ node: Int32, sub: Int32, stamp: UInt32) {
        graph.prepareReadSlow(node)
        if sub != Graph.none { graph.link(dep: node, sub: sub, stamp: stamp) }
    }

    /// A peek of row `row`: settled, no dependency; transient demand.
    @inlinable @inline(__always)
    func peek(row: Int32, node: Int32) -> Value {
        preparePeek(node)
        return value(ofRow: row)!
    }

    /// The same peek of a keyless declaration's one row, node `node`.
    @inlinable @inline(__always)
    func peekKeyless(node: Int32) -> Value {
        preparePeek(node)
        return ValueColumn.value(keylessValue)!
    }

    /// Settles `node` for a peek, which is transient demand on a releasable
    /// state nothing subscribes to.
    @inlinable @inline(__always)
    func preparePeek(_ node: Int32) {
        graph.prepareRead(node)
        let n = Int(node)
        if _slowPath(graph.flags[n].rawValue & NodeFlags.releasableBit != 0 && graph.subsHead[n] == Graph.none) {
            Unmanaged.passUnretained(cogs).withGuaranteed { $0.noteTransientDemandUnsubscribed(node) }
        }
    }

    // Row creation is inlinable (though never inlined) so it is specialized
    // for `Value` where the declaration is used: unspecialized, each new
    // row looked up generic metadata for `Value?` several times.
    @inlinable @inline(never)
    func createRow(for key: CogKey?) -> Int32 {
        let initial: Value?
        switch descriptor.production {
        case .manual(let makeInitial): initial = makeInitial(key)
        case .automatic: initial = nil
        }
        return addRow(key: key, value: initial)
    }

    /// Creates a row holding `value` (nil for an automatic row not yet run).
    @inlinable
    func addRow(key: CogKey?, value: Value?) -> Int32 {
        let (row, reused) = claimRow(
            key: key, graph: graph, automatic: descriptor.isAutomatic, eager: descriptor.isEager,
            releasableSource: descriptor.isReleasableSource)
        if isKeyed && !reused {
            values.append(value)
        } else {
            setValue(value, ofRow: row)
            if Int(row) < pending.count { pending[row] = nil }
        }
        return row
    }

    @inlinable
    func isEqual(_ lhs: Value, _ rhs: Value) -> Bool {
        hasEquals && equals(lhs, rhs)
    }

    /// Runs the selector of row `slot` in the run `stamp` (begun and ended
    /// by the graph around this call) and stores a changed result; `equal`
    /// decides whether the result changed (inlined into the kernel, so an
    /// `Equatable` declaration compares with `==` directly). `keyed` is
    /// `isKeyed`, a constant in a kernel formed for one kind of declaration.
    ///
    /// The reader holds the family unretained, and the kernel that runs
    /// this was called on a family the graph holds, so a run retains
    /// nothing of its own.
    @inlinable @inline(__always)
    func runSelector(slot: Int32, node: Int32, stamp: UInt32, keyed: Bool, equal: (Value, Value) -> Bool) -> Bool {
        var reader = CogReader(family: self, slot: slot, node: node, stamp: stamp)
        let fresh = selector(&reader)
        // Equality runs inside the run, so a turn attempted from a custom
        // equals: is caught like one attempted from the selector.
        let changed: Bool
        if let old = value(ofRow: slot, keyed: keyed) {
            changed = !equal(old, fresh)
        } else {
            changed = true
        }
        if changed { setValue(fresh, ofRow: slot, keyed: keyed) }
        return changed
    }

    /// The generic kernels: equality through the descriptor's `equals`.
    @inlinable
    static func genericRecompute(_ base: FamilyBase, _ slot: Int32, _ node: Int32, _ stamp: UInt32) -> Bool {
        let family = unsafeDowncast(base, to: Family<Value>.self)
        return family.runSelector(slot: slot, node: node, stamp: stamp, keyed: family.isKeyed) {
            family.isEqual($0, $1)
        }
    }

    @inlinable
    static func genericCommit(_ base: FamilyBase, _ slot: Int32) -> CommitOutcome {
        let family = unsafeDowncast(base, to: Family<Value>.self)
        return family.commit(slot: slot, keyed: family.isKeyed) { family.isEqual($0, $1) }
    }

    /// Stages `value` for row `slot` in the accumulating turn. Always
    /// inlined into the write: left to the optimizer it stayed a call, about
    /// 10 instructions of every keyless write (measured).
    @inlinable @inline(__always)
    func stage(_ value: Value, slot: Int32) {
        while pending.count <= Int(slot) { pending.append(nil) }
        pending[slot] = value
        let node = node(ofRow: slot)
        if graph.flags[Int(node)].rawValue & NodeFlags.stagedBit == 0 {
            Unmanaged.passUnretained(cogs).withGuaranteed { $0.noteStaged(node) }
        }
    }

    /// Publishes the staged value of row `slot` unless it equals the
    /// current one (`keyed` as in `runSelector`).
    @inlinable @inline(__always)
    func commit(slot: Int32, keyed: Bool, equal: (Value, Value) -> Bool) -> CommitOutcome {
        guard let staged = stagedValue(slot: slot) else { return .unchanged }
        pending[slot] = nil
        guard let current = value(ofRow: slot, keyed: keyed) else {
            setValue(staged, ofRow: slot, keyed: keyed)
            return .changed
        }
        if equal(current, staged) { return .unchanged }
        return publish(staged, replacing: current, slot: slot, keyed: keyed, equal: equal)
    }

    /// Publishes `staged` over `current`, which becomes the row's replaced
    /// value; `.restored` when `staged` equals the value `current` had
    /// replaced, whose window the graph then notes. Out of line: a change
    /// is rarer than a commit, and the kernel stays small.
    ///
    /// A row nothing subscribes to keeps no replaced value: whatever
    /// subscribes later reads the new value, so a restore of the old one
    /// could spare nobody (and a catalog's worth of first writes keeps no
    /// copies).
    @inlinable @inline(never)
    func publish(_ staged: Value, replacing current: Value, slot: Int32, keyed: Bool, equal: (Value, Value) -> Bool)
        -> CommitOutcome
    {
        let node = node(ofRow: slot)
        setValue(staged, ofRow: slot, keyed: keyed)
        guard graph.subsHead[Int(node)] != Graph.none else {
            forgetReplaced(slot: slot)
            return .changed
        }
        // The flush from which the row has held `current`.
        let currentSince = graph.changedInFlush[Int(node)]
        let row = Int(slot)
        let entry = row < replacedEntry.count ? replacedEntry[row] - 1 : -1
        guard entry >= 0 else {
            keepReplaced(current, since: currentSince, row: row)
            return .changed
        }
        let earlier = replacedValues[entry].unsafelyUnwrapped
        let earlierSince = replacedSince[Int(entry)]
        replacedValues[entry] = current
        replacedSince[Int(entry)] = currentSince
        guard equal(earlier, staged) else { return .changed }
        graph.noteRestored(node, since: earlierSince, until: currentSince)
        return .restored
    }

    /// Gives row `row`, which has none, an entry holding `value`.
    @inlinable
    func keepReplaced(_ value: Value, since: UInt64, row: Int) {
        while replacedEntry.count <= row { replacedEntry.append(0) }
        let entry: Int32
        if let free = freeReplaced.last {
            freeReplaced.count -= 1
            entry = free
            replacedValues[entry] = value
            replacedSince[Int(entry)] = since
        } else {
            entry = Int32(replacedValues.count)
            replacedValues.append(value)
            replacedSince.append(since)
        }
        replacedEntry[row] = entry + 1
    }

    override func keylessLivenessChanged() {
        let cache = descriptor.cache
        guard cache.owner == runtimeSerial, cache.family?.toOpaque() == Unmanaged.passUnretained(self).toOpaque() else {
            return  // the cache names another runtime's family
        }
        Graph.lastTrackedRead = Graph.noTrackedRead
        descriptor.cache.runtimeSerial = FamilyCache<Value>.serial(runtimeSerial, parked: parksCache)
    }

    override func clearValue(slot: Int32) {
        setValue(nil, ofRow: slot)
        if Int(slot) < pending.count { pending[slot] = nil }
        forgetReplaced(slot: slot)
    }

    /// Drops row `slot`'s replaced value: a released row starts afresh, and
    /// a seed starts a value no commit may restore past.
    @inlinable
    func forgetReplaced(slot: Int32) {
        let row = Int(slot)
        guard row < replacedEntry.count, replacedEntry[row] != 0 else { return }
        let entry = replacedEntry[row] - 1
        replacedValues[entry] = nil
        freeReplaced.append(entry)
        replacedEntry[row] = 0
    }

    override func stageCaptured(key: CogKey?, value: Any) {
        stage(value as! Value, slot: row(for: key))
    }

    /// What a writer sees: the staged value, else the published one.
    @inlinable
    func writerValue(slot: Int32) -> Value {
        stagedValue(slot: slot) ?? value(ofRow: slot)!
    }

    @inlinable
    func stagedValue(slot: Int32) -> Value? {
        Int(slot) < pending.count ? pending[slot] : nil
    }
}

extension Family where Value: Equatable {
    /// The kernels of an `Equatable` declaration without `equals:`: `==`
    /// inlined, specialized where the declaration is written, and formed
    /// for a keyed or a keyless family so a run never tests which.
    @inlinable
    nonisolated static func equatableKernels(keyed: Bool) -> (recompute: RecomputeKernel, commit: CommitKernel) {
        // Closure literals rather than references to static functions: a
        // function reference becomes a wrapper closure that calls the
        // function, one more call per run.
        if keyed {
            return (
                recompute: { @MainActor base, slot, node, stamp in
                    unsafeDowncast(base, to: Family<Value>.self).runSelector(
                        slot: slot, node: node, stamp: stamp, keyed: true
                    ) { $0 == $1 }
                },
                commit: { @MainActor base, slot in
                    unsafeDowncast(base, to: Family<Value>.self).commit(slot: slot, keyed: true) { $0 == $1 }
                }
            )
        }
        return (
            recompute: { @MainActor base, slot, node, stamp in
                unsafeDowncast(base, to: Family<Value>.self).runSelector(
                    slot: slot, node: node, stamp: stamp, keyed: false
                ) { $0 == $1 }
            },
            commit: { @MainActor base, slot in
                unsafeDowncast(base, to: Family<Value>.self).commit(slot: slot, keyed: false) { $0 == $1 }
            }
        )
    }
}
