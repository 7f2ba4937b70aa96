/// Something that names one readable state: a keyless declaration, a
/// `.readOnly` projection, or a box's `box[key]`.
///
/// Every read API takes a `CogReadable`; the conformance only hands over the
/// internal value reference, which user code cannot construct.
public nonisolated protocol CogReadable<Value> {
    associatedtype Value
    var cogReference: CogReference<Value> { get }
}

/// Something that names one writable source. Only `Cog<Value>.Manual` and a
/// manual box's `box[key]` conform, and only a turn's writer can write.
public nonisolated protocol CogWritable<Value>: CogReadable {
    var manualCogReference: ManualCogReference<Value> { get }
}

/// A read-only value reference: a descriptor plus an optional key.
///
/// It is a small value: the key is a plain integer (an `Int` key itself, or
/// another key type's interned number, see `CogKeyInterner`), so building
/// one (`box[key]`) allocates nothing for `Int` keys, and copying one is a
/// descriptor retain and a plain copy. It never exposes arena slots.
///
/// Eager-move, as every declaration value: its lifetime may end at its
/// last use. A reference a selector builds and reads at once
/// (`c[box[key]]`) owns a copy of the box's descriptor, and with the
/// default lexical lifetime the compiler kept that copy, a retain and a
/// release, across the out-of-line keyed read, since a call may run a
/// deinitializer; so did a box loaded from a global. The descriptor's own
/// deinitializer does nothing; ending a value's lifetime early can only
/// free the closures a descriptor holds sooner, and only when that value
/// was the descriptor's last owner: the trade the standard library makes
/// for `Array` and `String` (PERF-02's turn: 13 retains and 17 releases
/// before, 4 and 8 after, none of them Cog's; docs/perf.md).
@_eagerMove
public nonisolated struct CogReference<Value>: CogReadable, Sendable {
    @usableFromInline let descriptor: CogDescriptor<Value>
    @usableFromInline let key: CogKey?

    @inlinable
    init(descriptor: CogDescriptor<Value>, key: CogKey?) {
        self.descriptor = descriptor
        self.key = key
    }

    @inlinable public var cogReference: CogReference<Value> { self }
}

/// A writable value reference to one source state. Eager-move, as
/// `CogReference` (which it would infer from its one field; stated for
/// the reader).
@_eagerMove
public nonisolated struct ManualCogReference<Value>: CogWritable, Sendable {
    @usableFromInline let reference: CogReference<Value>

    @inlinable
    init(reference: CogReference<Value>) {
        self.reference = reference
    }

    @inlinable public var cogReference: CogReference<Value> { reference }
    @inlinable public var manualCogReference: ManualCogReference<Value> { self }

    /// The same state without the write capability.
    @inlinable public var readOnly: CogReference<Value> { reference }
}
