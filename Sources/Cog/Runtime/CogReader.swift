/// The read capability a selector receives as `c`.
///
/// `c[ref]` reads and records a dependency; `c.peek(ref)` reads a settled
/// value without one; `c.curr` is this state's own previous value. A reader
/// is valid only during the run that created it: use after that traps.
@MainActor
public struct CogReader<Value> {
    @usableFromInline let cogs: Cogs
    @usableFromInline unowned(unsafe) let family: Family<Value>
    @usableFromInline let slot: Int32
    @usableFromInline let node: Int32
    @usableFromInline let stamp: UInt32

    @inlinable
    init(cogs: Cogs, family: Family<Value>, slot: Int32, node: Int32, stamp: UInt32) {
        self.cogs = cogs
        self.family = family
        self.slot = slot
        self.node = node
        self.stamp = stamp
    }

    /// Reads `reference` and makes this automatic value depend on it.
    @inlinable @inline(__always)
    public subscript<Reference: CogReadable>(reference: Reference) -> Reference.Value {
        cogs.graph.ensureReaderLive(node: node, stamp: stamp)
        return cogs.read(reference.cogReference, subscriber: node)
    }

    /// Reads the current, settled value of `reference` without a dependency:
    /// a change to it alone will not rerun this selector.
    @inlinable
    public func peek<Reference: CogReadable>(_ reference: Reference) -> Reference.Value {
        cogs.graph.ensureReaderLive(node: node, stamp: stamp)
        return cogs.read(reference.cogReference, subscriber: Graph.none)
    }

    /// This state's previous completed value, or nil on its first run.
    /// Reading it creates no self-dependency.
    @inlinable
    public var curr: Value? {
        cogs.graph.ensureReaderLive(node: node, stamp: stamp)
        return family.values[slot]
    }
}
