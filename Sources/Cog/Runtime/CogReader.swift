/// The read capability a selector receives as `c`.
///
/// `c[ref]` reads and records a dependency; `c.peek(ref)` reads a settled
/// value without one; `c.curr` is this state's own previous value. A reader
/// is valid only during the run that created it: use after that traps.
///
/// The reader is the running family plus the run's identity. It is only
/// used while its run is the innermost one executing (checked first, by a
/// stamp compare that loads nothing through the runtime), and the run's
/// caller holds the family, so building one and reading through it retain
/// nothing.
@MainActor
public struct CogReader<Value> {
    @usableFromInline let family: Family<Value>
    @usableFromInline let slot: Int32
    @usableFromInline let node: Int32
    @usableFromInline let stamp: UInt32

    @inlinable
    init(family: Family<Value>, slot: Int32, node: Int32, stamp: UInt32) {
        self.family = family
        self.slot = slot
        self.node = node
        self.stamp = stamp
    }

    /// The runtime this reader's run belongs to. Only after `ensureLive()`.
    @inlinable var cogs: Cogs { family.cogs }

    /// Traps unless this reader's run is the innermost one executing.
    @inlinable @inline(__always)
    func ensureLive() {
        Graph.ensureReaderLive(stamp: stamp, family: family, slot: slot)
    }

    /// Reads `reference` and makes this automatic value depend on it.
    @inlinable @inline(__always)
    public subscript<Reference: CogReadable>(reference: Reference) -> Reference.Value {
        ensureLive()
        return Cogs.read(reference, subscriber: node, from: family)
    }

    /// Reads the current, settled value of `reference` without a dependency:
    /// a change to it alone will not rerun this selector.
    @inlinable
    public func peek<Reference: CogReadable>(_ reference: Reference) -> Reference.Value {
        ensureLive()
        return Cogs.read(reference, subscriber: Graph.none, from: family)
    }

    /// This state's previous completed value, or nil on its first run.
    /// Reading it creates no self-dependency.
    @inlinable
    public var curr: Value? {
        ensureLive()
        return family.values[slot]
    }
}
