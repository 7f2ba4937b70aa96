/// The runtime storage of one declaration in one `Cogs`: its rows (one per
/// key, or a single row for a keyless declaration), their arena nodes, and
/// the work that needs the concrete value type.
///
/// The graph stores families as this non-generic base and reaches the typed
/// operations through class dispatch, so the propagation core never touches
/// an existential or boxes a value.
@MainActor
class FamilyBase {
    let name: String
    /// Arena node of each row.
    var rowNodes = ContiguousArray<Int32>()
    /// Key of each row, kept for diagnostics; `nil` for a keyless declaration.
    var rowKeys = ContiguousArray<AnyHashable?>()
    /// Row lookup for keyed declarations.
    var keyedRows: [AnyHashable: Int32] = [:]

    init(name: String) {
        self.name = name
    }

    func label(slot: Int32) -> String {
        guard let key = rowKeys[Int(slot)] else { return name }
        return "\(name)[\(key.base)]"
    }

    /// Runs the selector of row `slot`; true when the value changed.
    func recompute(slot: Int32, node: Int32) -> Bool {
        preconditionFailure("\(type(of: self)) stores no automatic state")
    }

    /// Publishes the staged write of row `slot`; true when it changed the value.
    func commitStaged(slot: Int32) -> Bool {
        preconditionFailure("\(type(of: self)) stores no source")
    }

    /// Stages a write captured by a queued turn.
    func stageCaptured(slot: Int32, value: Any) {
        preconditionFailure("\(type(of: self)) stores no source")
    }
}

/// The typed family of one declaration whose values are `Value`.
final class Family<Value>: FamilyBase {
    unowned(unsafe) let cogs: Cogs
    let descriptor: CogDescriptor<Value>
    var values = ValueColumn<Value>()
    /// Staged source writes of the accumulating turn, one per row.
    var pending = ValueColumn<Value>()

    init(descriptor: CogDescriptor<Value>, cogs: Cogs) {
        self.descriptor = descriptor
        self.cogs = cogs
        super.init(name: descriptor.name)
    }

    /// The row of `key`, created (with its starting value, for a source) on
    /// first use.
    func row(for key: AnyHashable?) -> Int32 {
        if let key {
            if let row = keyedRows[key] { return row }
        } else if !rowNodes.isEmpty {
            return 0
        }
        let initial: Value?
        switch descriptor.production {
        case .manual(let makeInitial): initial = makeInitial(key)
        case .automatic: initial = nil
        }
        return addRow(key: key, value: initial)
    }

    /// Creates a row holding `value` (nil for an automatic row not yet run).
    func addRow(key: AnyHashable?, value: Value?) -> Int32 {
        let row = Int32(rowNodes.count)
        let node = cogs.graph.addNode(family: self, slot: row, automatic: descriptor.isAutomatic)
        rowNodes.append(node)
        rowKeys.append(key)
        values.append(value)
        pending.append(nil)
        if let key { keyedRows[key] = row }
        return row
    }

    func isEqual(_ lhs: Value, _ rhs: Value) -> Bool {
        guard let equals = descriptor.equals else { return false }
        return equals(lhs, rhs)
    }

    override func recompute(slot: Int32, node: Int32) -> Bool {
        guard case .automatic(let selector) = descriptor.production else {
            preconditionFailure("a source has no selector")
        }
        let graph = cogs.graph
        let stamp = graph.beginRun(node)
        let reader = CogReader(cogs: cogs, family: self, slot: slot, node: node, stamp: stamp)
        let fresh = selector(reader, rowKeys[Int(slot)])
        // Equality runs inside the run, so a turn attempted from a custom
        // equals: is caught like one attempted from the selector.
        let changed = values[slot].map { !isEqual($0, fresh) } ?? true
        graph.endRun(node)
        if changed { values[slot] = fresh }
        return changed
    }

    /// Stages `value` for row `slot` in the accumulating turn.
    func stage(_ value: Value, slot: Int32) {
        pending[slot] = value
        let node = rowNodes[Int(slot)]
        cogs.noteStaged(node)
    }

    override func commitStaged(slot: Int32) -> Bool {
        guard let staged = pending[slot] else { return false }
        pending[slot] = nil
        if let current = values[slot], isEqual(current, staged) { return false }
        values[slot] = staged
        return true
    }

    override func stageCaptured(slot: Int32, value: Any) {
        stage(value as! Value, slot: slot)
    }

    /// What a writer sees: the staged value, else the published one.
    func writerValue(slot: Int32) -> Value {
        pending[slot] ?? values[slot]!
    }
}
