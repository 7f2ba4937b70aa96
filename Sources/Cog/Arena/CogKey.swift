/// A box key as the arena stores it.
///
/// `Int` keys, the common case (ids), stay plain integers: building a
/// reference boxes nothing, and finding a row is an array index rather than
/// a hash through `AnyHashable`'s existential. Every other key type is
/// type-erased. One declaration has one key type, so a family never sees
/// both cases for the same key.
@usableFromInline
nonisolated enum CogKey: Hashable, @unchecked Sendable {
    // @unchecked: box keys are required to be Sendable, so `.erased` only
    // ever wraps a Sendable key.
    case int(Int)
    case erased(AnyHashable)

    @inlinable
    init<Key: Hashable & Sendable>(_ key: Key) {
        if Key.self == Int.self {
            self = .int(unsafeBitCast(key, to: Int.self))
        } else {
            self = .erased(AnyHashable(key))
        }
    }

    /// The key as its declaration's `Key` type.
    @inlinable
    func unwrap<Key>(as _: Key.Type) -> Key {
        switch self {
        case .int(let value): unsafeBitCast(value, to: Key.self)
        case .erased(let value): value.base as! Key
        }
    }

    /// The key for diagnostics: `name[key]`.
    var base: Any {
        switch self {
        case .int(let value): value
        case .erased(let value): value.base
        }
    }
}
