/// The column that holds one family's values, one row per state.
///
/// By default the column is typed: `ContiguousArray<Value?>`, so reads and
/// writes move a `Value` with no boxing and every family is specialized for
/// its value type. The `CompactArena` trait swaps in a type-erased column of
/// `Any?` that all value types share, trading a cast per access for less
/// specialized code; the graph above it behaves identically.
struct ValueColumn<Value> {
    #if CompactArena
    private var rows = ContiguousArray<Any?>()
    #else
    private var rows = ContiguousArray<Value?>()
    #endif

    var count: Int { rows.count }

    mutating func append(_ value: Value?) {
        rows.append(value)
    }

    subscript(row: Int32) -> Value? {
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
