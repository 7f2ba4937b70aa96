import Synchronization

/// A box key as the arena stores it: a plain integer, so copying one (or a
/// `CogReference` holding one) is a trivial copy with no outlined switch.
///
/// `Int` keys, the common case (ids), are the integer itself: building a
/// reference boxes nothing, and finding a row is an array index. Every
/// other key type is interned (`CogKeyInterner`): the key carries the
/// number its value was given, so equal keys of one type get one number. One
/// declaration has one key type, so a family never sees both kinds for the
/// same key.
@usableFromInline
nonisolated struct CogKey: Hashable, Sendable {
    /// The `Int` key, or an interned key's number.
    @usableFromInline let bits: Int
    /// Whether `bits` is an interned key's number.
    @usableFromInline let isInterned: Bool

    @inlinable
    init(bits: Int, isInterned: Bool) {
        self.bits = bits
        self.isInterned = isInterned
    }

    /// An `Int` key.
    @inlinable
    static func int(_ value: Int) -> CogKey { CogKey(bits: value, isInterned: false) }

    @inlinable
    init<Key: Hashable & Sendable>(_ key: Key) {
        if Key.self == Int.self {
            self.init(bits: unsafeBitCast(key, to: Int.self), isInterned: false)
        } else {
            self.init(bits: CogKeyInterner.number(of: key), isInterned: true)
        }
    }

    /// The `Int` key, nil for an interned one.
    @inlinable var intValue: Int? { isInterned ? nil : bits }

    /// The key as its declaration's `Key` type.
    @inlinable
    func unwrap<Key>(as _: Key.Type) -> Key {
        if !isInterned { return unsafeBitCast(bits, to: Key.self) }
        return CogKeyInterner.key(numbered: bits).base as! Key
    }

    /// The key for diagnostics: `name[key]`.
    var base: Any {
        isInterned ? CogKeyInterner.key(numbered: bits).base : bits
    }
}

/// Numbers the non-`Int` box keys, so a `CogKey` is a plain integer.
///
/// A key is numbered on its first `box[key]` and keeps its number for the
/// life of the process: the table holds each distinct key value ever used
/// (one entry per value, not per read). Keys are numbered per key type, so
/// `AnyHashable`'s cross-type equality (`1 as Int8 == 1 as Int16`) never
/// hands one type's key to another. Box subscripts are nonisolated, so the
/// table is behind a lock; `Int` keys never reach it.
@usableFromInline
nonisolated enum CogKeyInterner {
    private struct Entry: Hashable {
        let type: ObjectIdentifier
        let key: AnyHashable
    }

    private struct Table {
        var numbers: [Entry: Int] = [:]
        var keys: [AnyHashable] = []
    }

    private static let table = Mutex(Table())

    /// `key`'s number, assigned on first use.
    @usableFromInline
    static func number<Key: Hashable & Sendable>(of key: Key) -> Int {
        table.withLock { table in
            // Formed inside the lock, from the Sendable key, so the table
            // takes a value no other region holds.
            let entry = Entry(type: ObjectIdentifier(Key.self), key: AnyHashable(key))
            if let number = table.numbers[entry] { return number }
            let number = table.keys.count
            table.keys.append(entry.key)
            table.numbers[entry] = number
            return number
        }
    }

    /// The key numbered `number`.
    @usableFromInline
    static func key(numbered number: Int) -> AnyHashable {
        table.withLock { $0.keys[number] }
    }
}
