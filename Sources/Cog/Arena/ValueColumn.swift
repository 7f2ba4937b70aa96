/// The column that holds one family's values, one row per state.
///
/// By default the column is typed: `ContiguousArray<Value?>`, so reads and
/// writes move a `Value` with no boxing, and the inlinable read, write and
/// selector paths specialize for the declaration's value type in the module
/// that declares it. The `CompactArena` trait swaps in one type-erased column
/// of `Any?` for every value type, trading a cast per access for less
/// specialized code; the graph above it behaves identically.
@usableFromInline
struct ValueColumn<Value> {
    #if CompactArena
    @usableFromInline var rows = ContiguousArray<Any?>()
    #else
    @usableFromInline var rows = ContiguousArray<Value?>()
    #endif

    @inlinable init() {}

    @inlinable var count: Int { rows.count }

    @inlinable mutating func append(_ value: Value?) {
        rows.append(value)
    }

    @inlinable subscript(row: Int32) -> Value? {
        get {
            #if CompactArena
            rows[Int(row)].map { $0 as! Value }
            #else
            rows[Int(row)]
            #endif
        }
        set { rows[Int(row)] = newValue }
    }
}
