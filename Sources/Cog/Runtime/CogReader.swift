/// The reader a reaction's body receives (`m.run { c in … }`): the same
/// reads as a selector's. A reaction is a node whose own value is a
/// placeholder nobody reads, which is the generic argument named here.
public typealias CogReactionReader = CogReader<UInt8>

/// The read capability a selector receives as `c`.
///
/// `c[ref]` reads and records a dependency; `c.peek(ref)` reads a settled
/// value without one; `c.curr` is this state's own previous value. A reader
/// is valid only during the run that created it: use after that traps.
///
/// Selectors and reactions take their reader `inout`, though nothing they
/// do can change it. Passed by address, a selector has one calling
/// convention in concrete and in generic code: a closure built generically
/// (where the reader's type is a generic parameter, so it goes by address
/// anyway) is stored as written, where a reader passed by value made the
/// declaration store it behind a conversion thunk, one more call on every
/// run. A closure literal, the usual selector, costs the same either way.
///
/// A reader is a plain value, and a copy of it (`let read = c`) reads and
/// records dependencies exactly as `c` does, for the same run: kept past
/// it, it traps like `c`. A closure the selector passes on (a shared
/// rule's `inStock:` test, a sort's key) may capture `c` itself when the
/// closure does not escape; one that escapes, which cannot capture an
/// `inout` parameter, captures a copy:
///
///     let cheapestCog = Cog<Int?> { c in
///         let read = c
///         return ids.lazy.map { read[priceCogs[$0]] }.min()
///     }
///
/// Either way a read through the closure retains and allocates nothing
/// (the Storefront's recommendation and cart selectors counted the same
/// instructions both ways, issue 35).
///
/// The reader is the running family, unretained, plus the run's identity.
/// It is only used while its run is the innermost one executing (checked
/// first, by a stamp compare that loads nothing through the family), and
/// while a run executes its family's runtime is alive, so building one and
/// reading through it retain nothing.
@MainActor
public struct CogReader<Value> {
    @usableFromInline let familyRef: Unmanaged<Family<Value>>
    @usableFromInline let slot: Int32
    @usableFromInline let node: Int32
    @usableFromInline let stamp: UInt32
    /// The runtime's serial: a reader used after its runtime was torn down
    /// still traps with a clear message, without touching freed memory.
    @usableFromInline let runtimeSerial: UInt64

    @inlinable
    init(family: Family<Value>, slot: Int32, node: Int32, stamp: UInt32) {
        self.familyRef = .passUnretained(family)
        self.slot = slot
        self.node = node
        self.stamp = stamp
        self.runtimeSerial = family.runtimeSerial
    }

    /// The running family. Only after `ensureLive()`.
    @inlinable var family: Family<Value> { familyRef.takeUnretainedValue() }

    /// The runtime this reader's run belongs to. Only after `ensureLive()`.
    @inlinable var cogs: Cogs { family.cogs }

    /// Traps unless this reader's run is the innermost one executing.
    @inlinable @inline(__always)
    func ensureLive() {
        if _slowPath(Graph.liveRunStamp != stamp) {
            trapReaderOutlived(node: node, runtimeSerial: runtimeSerial)
        }
    }

    /// Reads `reference` and makes this automatic value depend on it.
    @inlinable @inline(__always)
    public subscript<Reference: CogReadable>(reference: Reference) -> Reference.Value {
        ensureLive()
        return Cogs.read(
            reference, subscriber: Subscriber(node: node, stamp: stamp), runtimeSerial: runtimeSerial, reader: familyRef
        )
    }

    /// Reads the current, settled value of `reference` without a dependency:
    /// a change to it alone will not rerun this selector.
    @inlinable
    public func peek<Reference: CogReadable>(_ reference: Reference) -> Reference.Value {
        ensureLive()
        return Cogs.read(reference, subscriber: .none, runtimeSerial: runtimeSerial, reader: familyRef)
    }

    /// The key of the running box row, nil for a keyless declaration: a
    /// box's selector reads its key here.
    @inlinable
    var key: CogKey? {
        let row = slot
        return familyRef.withGuaranteed { $0.rowKeys[row] }
    }

    /// This state's previous completed value, or nil on its first run.
    /// Reading it creates no self-dependency.
    @inlinable
    public var curr: Value? {
        ensureLive()
        let row = slot
        return familyRef.withGuaranteed { $0.value(ofRow: row) }
    }
}
