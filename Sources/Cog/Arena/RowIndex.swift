/// Finds a keyed family's row from its key.
///
/// Small non-negative `Int` keys index a dense array (`hole` marks a
/// missing row), so the ids most apps key by cost no hashing. An `Int` key far past
/// the rows the family holds goes to a dictionary instead, so one huge id
/// cannot make the array huge; other key types use a dictionary of erased
/// keys.
@usableFromInline
struct RowIndex {
    @usableFromInline var dense = ContiguousArray<Int32>()
    @usableFromInline var sparse: [Int: Int32] = [:]
    @usableFromInline var erased: [AnyHashable: Int32] = [:]
    private var count = 0
    @usableFromInline static let hole: Int32 = -1

    init() {}

    @inlinable
    subscript(key: CogKey) -> Int32? {
        switch key {
        case .int(let value):
            if value >= 0, value < dense.count {
                let row = dense[value]
                if row != RowIndex.hole { return row }
            }
            return sparse.isEmpty ? nil : sparse[value]
        case .erased(let value):
            return erased[value]
        }
    }

    mutating func insert(_ row: Int32, for key: CogKey) {
        count += 1
        switch key {
        case .int(let value):
            // Dense while the key stays near the number of rows.
            if value >= 0, value < max(64, 2 * count) {
                if value >= dense.count {
                    dense.append(contentsOf: repeatElement(RowIndex.hole, count: value + 1 - dense.count))
                }
                dense[value] = row
            } else {
                sparse[value] = row
            }
        case .erased(let value):
            erased[value] = row
        }
    }

    mutating func remove(_ key: CogKey) {
        count -= 1
        switch key {
        case .int(let value):
            if value >= 0, value < dense.count, dense[value] != RowIndex.hole {
                dense[value] = RowIndex.hole
            } else {
                sparse[value] = nil
            }
        case .erased(let value):
            erased[value] = nil
        }
    }
}
