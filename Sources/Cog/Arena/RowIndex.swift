/// Finds a keyed family's row from its key.
///
/// Small non-negative `Int` keys index a dense array (`hole` marks a
/// missing row), so the ids most apps key by cost no hashing. An `Int` key far past
/// the rows the family holds goes to a dictionary instead, so one huge id
/// cannot make the array huge; other key types use a dictionary of their
/// interned numbers.
@usableFromInline
nonisolated struct RowIndex {
    @usableFromInline var dense = ContiguousArray<Int32>()
    @usableFromInline var sparse: [Int: Int32] = [:]
    @usableFromInline var interned: [Int: Int32] = [:]
    private var count = 0
    @usableFromInline static let hole: Int32 = -1

    init() {}

    @inlinable
    subscript(key: CogKey) -> Int32? {
        if key.isInterned { return interned[key.bits] }
        let value = key.bits
        if value >= 0, value < dense.count {
            let row = dense[value]
            if row != RowIndex.hole { return row }
        }
        return sparse.isEmpty ? nil : sparse[value]
    }

    /// `self[key]` with an `Int` key's common cases (a dense row, or no
    /// row while no key is sparse) inlined at the read and the rest a call.
    @inlinable @inline(__always)
    func existingRow(for key: CogKey) -> Int32? {
        if !key.isInterned {
            let value = key.bits
            if value >= 0, value < dense.count {
                let row = dense[value]
                if row != RowIndex.hole { return row }
            }
            if sparse.isEmpty { return nil }
        }
        return lookUp(key)
    }

    @inlinable @inline(never)
    func lookUp(_ key: CogKey) -> Int32? {
        self[key]
    }

    mutating func insert(_ row: Int32, for key: CogKey) {
        count += 1
        if key.isInterned {
            interned[key.bits] = row
            return
        }
        let value = key.bits
        // Dense while the key stays near the number of rows.
        if value >= 0, value < max(64, 2 * count) {
            if value >= dense.count {
                dense.append(contentsOf: repeatElement(RowIndex.hole, count: value + 1 - dense.count))
            }
            dense[value] = row
        } else {
            sparse[value] = row
        }
    }

    mutating func remove(_ key: CogKey) {
        count -= 1
        if key.isInterned {
            interned[key.bits] = nil
            return
        }
        let value = key.bits
        if value >= 0, value < dense.count, dense[value] != RowIndex.hole {
            dense[value] = RowIndex.hole
        } else {
            sparse[value] = nil
        }
    }
}

/// The key of each row, handed back to the row's selector and shown in
/// labels. A declaration's rows all have one key kind, so the keys are kept
/// by kind (8 bytes a row either way), and a keyless family stores nothing.
@usableFromInline
nonisolated struct RowKeys {
    @usableFromInline var ints = ContiguousArray<Int>()
    @usableFromInline var interned = ContiguousArray<Int>()

    init() {}

    /// Row `slot`'s key; nil for a keyless family.
    @inlinable
    subscript(slot: Int32) -> CogKey? {
        let index = Int(slot)
        if index < ints.count { return .int(ints[index]) }
        if index < interned.count { return CogKey(bits: interned[index], isInterned: true) }
        return nil
    }

    /// Records the key of a new row (`slot` is the next one) or of a
    /// released row reused for another key.
    mutating func set(_ key: CogKey?, slot: Int32) {
        let index = Int(slot)
        guard let key else { return }
        if key.isInterned {
            if index < interned.count { interned[index] = key.bits } else { interned.append(key.bits) }
        } else {
            if index < ints.count { ints[index] = key.bits } else { ints.append(key.bits) }
        }
    }
}
