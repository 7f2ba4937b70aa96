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

    override func stageCaptured(key: CogKey?, value: Any) {
        stage(value as! Value, slot: row(for: key))
    }
}
