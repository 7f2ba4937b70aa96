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
    let name: String
    /// Arena node of each row.
    @usableFromInline var rowNodes = ContiguousArray<Int32>()
    /// Key of each row, handed to the selector; `nil` for a keyless declaration.
    @usableFromInline var rowKeys = RowKeys()
    /// Row lookup for keyed declarations.
    @usableFromInline var keyedRows = RowIndex()
    /// Released rows, reused (with their nodes) by the next new key.
    var freeRows: [Int32] = []
    /// A keyless declaration's one row exists and is not released.
    @usableFromInline var keylessLive = false

    /// Rows holding a live state.
    var liveRowCount: Int { rowNodes.count - freeRows.count }

    /// Drops row `slot`'s value and key; its node is already detached.
    func releaseRow(slot: Int32) {
        if let key = rowKeys[slot] { keyedRows.remove(key) } else { keylessLive = false }
        clearValue(slot: slot)
        freeRows.append(slot)
    }

    func clearValue(slot: Int32) {}

    init(name: String) {
        self.name = name
    }

    func label(slot: Int32) -> String {
        guard let key = rowKeys[slot] else { return name }
        return "\(name)[\(key.base)]"
    }

    /// Runs the selector of row `slot`; true when the value changed.
    @usableFromInline
    func recompute(slot: Int32, node: Int32) -> Bool {
        preconditionFailure("\(type(of: self)) stores no automatic state")
    }

    /// Publishes the staged write of row `slot`; true when it changed the value.
    @usableFromInline
    func commitStaged(slot: Int32) -> Bool {
        preconditionFailure("\(type(of: self)) stores no source")
    }

    /// Stages a write captured by a queued turn.
    func stageCaptured(slot: Int32, value: Any) {
        preconditionFailure("\(type(of: self)) stores no source")
    }
}

/// The typed family of one declaration whose values are `Value`.
///
/// Its typed work (running the selector, comparing, committing) is
/// inlinable and reached through the descriptor's kernels, which are built
/// where the declaration is written and so are specialized for `Value`.
@usableFromInline
final class Family<Value>: FamilyBase {
    @usableFromInline unowned(unsafe) let cogs: Cogs
    /// The runtime's graph, unretained like `cogs` (which owns it).
    @usableFromInline unowned(unsafe) let graph: Graph
    @usableFromInline let descriptor: CogDescriptor<Value>
    /// The selector of an automatic declaration, taken out of the
    /// descriptor once so a run does not copy the production enum.
    @usableFromInline let selector: (@MainActor (CogReader<Value>, CogKey?) -> Value)?
    @usableFromInline var values = ValueColumn<Value>()
    /// Staged writes of the accumulating turn. It grows only when a row is
    /// first staged, so a family that is never written (an automatic one)
    /// pays nothing for it: `stagedValue(slot:)` reads past its end as nil.
    @usableFromInline var pending = ValueColumn<Value>()

    @usableFromInline
    init(descriptor: CogDescriptor<Value>, cogs: Cogs) {
        self.descriptor = descriptor
        self.cogs = cogs
        self.graph = cogs.graph
        if case .automatic(let selector) = descriptor.production {
            self.selector = selector
        } else {
            self.selector = nil
        }
        super.init(name: descriptor.name)
    }

    /// The row of `key`, created (with its starting value, for a source) on
    /// first use.
    @inlinable @inline(__always)
    func row(for key: CogKey?) -> Int32 {
        if !descriptor.isKeyed {
            return keylessLive ? 0 : createRow(for: nil)
        }
        if let key, let row = keyedRows[key] { return row }
        return createRow(for: key)
    }

    @usableFromInline @inline(never)
    func createRow(for key: CogKey?) -> Int32 {
        let initial: Value?
        switch descriptor.production {
        case .manual(let makeInitial): initial = makeInitial(key)
        case .automatic: initial = nil
        }
        return addRow(key: key, value: initial)
    }

    /// Creates a row holding `value` (nil for an automatic row not yet run).
    @usableFromInline
    func addRow(key: CogKey?, value: Value?) -> Int32 {
        if key == nil { keylessLive = true }
        if let reused = freeRows.popLast() {
            cogs.graph.resetNode(rowNodes[Int(reused)], automatic: descriptor.isAutomatic, eager: descriptor.isEager)
            rowKeys.set(key, slot: reused)
            values[reused] = value
            if Int(reused) < pending.count { pending[reused] = nil }
            if let key { keyedRows.insert(reused, for: key) }
            if descriptor.isReleasableSource { cogs.graph.flags[Int(rowNodes[Int(reused)])].insert(.releasable) }
            return reused
        }
        let row = Int32(rowNodes.count)
        let node = cogs.graph.addNode(family: self, slot: row, automatic: descriptor.isAutomatic, eager: descriptor.isEager)
        rowNodes.append(node)
        rowKeys.set(key, slot: row)
        values.append(value)
        if let key { keyedRows.insert(row, for: key) }
        // A manual source declared whileObserved(resetToInitial: true).
        if descriptor.isReleasableSource { cogs.graph.flags[Int(node)].insert(.releasable) }
        return row
    }

    @inlinable
    func isEqual(_ lhs: Value, _ rhs: Value) -> Bool {
        guard let equals = descriptor.equals else { return false }
        return equals(lhs, rhs)
    }

    override func recompute(slot: Int32, node: Int32) -> Bool {
        descriptor.recomputeKernel(self, slot, node)
    }

    /// Runs the selector of row `slot` and stores a changed result.
    @inlinable
    func runSelector(slot: Int32, node: Int32) -> Bool {
        guard let selector else { preconditionFailure("a source has no selector") }
        let stamp = graph.beginRun(node)
        let reader = CogReader(cogs: cogs, family: self, slot: slot, node: node, stamp: stamp)
        // A keyless run passes a literal nil: no key is copied or destroyed.
        let fresh = descriptor.isKeyed ? selector(reader, rowKeys[slot]) : selector(reader, nil)
        // Equality runs inside the run, so a turn attempted from a custom
        // equals: is caught like one attempted from the selector.
        let changed: Bool
        if let old = values[slot] {
            changed = !isEqual(old, fresh)
        } else {
            changed = true
        }
        graph.endRun(node)
        if changed { values[slot] = fresh }
        return changed
    }

    /// Stages `value` for row `slot` in the accumulating turn.
    @inlinable
    func stage(_ value: Value, slot: Int32) {
        while pending.count <= Int(slot) { pending.append(nil) }
        pending[slot] = value
        cogs.noteStaged(rowNodes[Int(slot)])
    }

    override func commitStaged(slot: Int32) -> Bool {
        descriptor.commitKernel(self, slot)
    }

    /// Publishes the staged value of row `slot` unless it equals the current one.
    @inlinable
    func commit(slot: Int32) -> Bool {
        guard let staged = stagedValue(slot: slot) else { return false }
        pending[slot] = nil
        if let current = values[slot], isEqual(current, staged) { return false }
        values[slot] = staged
        return true
    }

    override func clearValue(slot: Int32) {
        values[slot] = nil
        if Int(slot) < pending.count { pending[slot] = nil }
    }

    override func stageCaptured(slot: Int32, value: Any) {
        stage(value as! Value, slot: slot)
    }

    /// What a writer sees: the staged value, else the published one.
    @inlinable
    func writerValue(slot: Int32) -> Value {
        stagedValue(slot: slot) ?? values[slot]!
    }

    @inlinable
    func stagedValue(slot: Int32) -> Value? {
        Int(slot) < pending.count ? pending[slot] : nil
    }
}
