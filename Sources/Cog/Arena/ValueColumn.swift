/// The column that holds a keyed family's values, one row per key (a
/// keyless family keeps its one value inline: `Family.keylessValue`).
///
/// By default the column is typed: a run of `Value?`, so reads and writes
/// move a `Value` with no boxing, and the inlinable read, write and selector
/// paths specialize for the declaration's value type in the module that
/// declares it. The `CompactArena` trait swaps in one type-erased column of
/// `Any?` for every value type, trading a cast per access for less
/// specialized code; the graph above it behaves identically.
///
/// Like `Column`, the storage is a bare pointer the family owns, not an
/// array: writing a row (every recompute that changed its value) is one
/// assignment, with no uniqueness check of a buffer, no bounds check in
/// release builds, and no access to the family's property for modification.
/// Unlike `Column`, elements are not trivial: rows are initialized when
/// appended, assigned in place, and deinitialized by the owner's deinit
/// (`destroy()`). Growth doubles the capacity and nothing ever shrinks.
@usableFromInline
nonisolated struct ValueColumn<Value>: @unchecked Sendable {
    // @unchecked: the memory is only touched by its MainActor owner; the
    // conformance lets that owner's nonisolated deinit free it.
    #if CompactArena
        @usableFromInline typealias Stored = Any?
    #else
        @usableFromInline typealias Stored = Value?
    #endif

    @usableFromInline var base: UnsafeMutablePointer<Stored>?
    @usableFromInline var count: Int = 0
    @usableFromInline var capacity: Int = 0

    @inlinable init() {}

    @inlinable mutating func append(_ value: Value?) {
        if count == capacity { grow() }
        #if CompactArena
            (base.unsafelyUnwrapped + count).initialize(to: value.map { $0 as Any })
        #else
            (base.unsafelyUnwrapped + count).initialize(to: value)
        #endif
        count += 1
    }

    @inlinable @inline(never)
    mutating func grow() {
        let wanted = Swift.max(4, capacity * 2)
        let fresh = UnsafeMutablePointer<Stored>.allocate(capacity: wanted)
        if let old = base {
            fresh.moveInitialize(from: old, count: count)
            old.deallocate()
        }
        base = fresh
        capacity = wanted
    }

    @inlinable subscript(row: Int32) -> Value? {
        get {
            assert(row >= 0 && Int(row) < count, "ValueColumn row out of range")
            #if CompactArena
                return base.unsafelyUnwrapped[Int(row)].map { $0 as! Value }
            #else
                return base.unsafelyUnwrapped[Int(row)]
            #endif
        }
        nonmutating set {
            assert(row >= 0 && Int(row) < count, "ValueColumn row out of range")
            #if CompactArena
                base.unsafelyUnwrapped[Int(row)] = newValue.map { $0 as Any }
            #else
                base.unsafelyUnwrapped[Int(row)] = newValue
            #endif
        }
    }

    /// Row `row` as stored, converted by the caller (`value(_:)`).
    @inlinable @inline(__always)
    func stored(_ row: Int32) -> Stored {
        assert(row >= 0 && Int(row) < count, "ValueColumn row out of range")
        return base.unsafelyUnwrapped[Int(row)]
    }

    @inlinable @inline(__always)
    func setStored(_ stored: Stored, _ row: Int32) {
        assert(row >= 0 && Int(row) < count, "ValueColumn row out of range")
        base.unsafelyUnwrapped[Int(row)] = stored
    }

    #if CompactArena
        // Not forced inline, like the subscript: the optimizer keeps the casts
        // out of line instead of copying them into every read.

        /// `value` as a row stores it, for the one row a keyless family keeps
        /// inline instead of in a column.
        @inlinable
        static func stored(_ value: Value?) -> Stored { value.map { $0 as Any } }

        /// The value a stored row holds.
        @inlinable
        static func value(_ stored: Stored) -> Value? { stored.map { $0 as! Value } }
    #else
        /// `value` as a row stores it, for the one row a keyless family keeps
        /// inline instead of in a column.
        @inlinable @inline(__always)
        static func stored(_ value: Value?) -> Stored { value }

        /// The value a stored row holds.
        @inlinable @inline(__always)
        static func value(_ stored: Stored) -> Value? { stored }
    #endif

    /// Deinitializes every row and frees the memory; the owner's deinit
    /// calls it once.
    func destroy() {
        guard let base else { return }
        base.deinitialize(count: count)
        base.deallocate()
    }
}
