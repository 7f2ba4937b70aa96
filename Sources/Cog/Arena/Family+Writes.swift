/// Writes to a typed family's source rows: staging in a turn, the commit
/// at the flush, and the value each row replaced (`Graph+Versions`).
extension Family {
    /// Stages `value` for row `slot` in the accumulating turn. Always
    /// inlined into the write: left to the optimizer it stayed a call, about
    /// 10 instructions of every keyless write (measured).
    @inlinable @inline(__always)
    func stage(_ value: Value, slot: Int32) {
        while pending.count <= Int(slot) { pending.append(nil) }
        pending[slot] = value
        let node = node(ofRow: slot)
        if graph.flags[Int(node)].rawValue & NodeFlags.stagedBit == 0 {
            Unmanaged.passUnretained(cogs).withGuaranteed { $0.noteStaged(node) }
        }
    }

    /// Publishes the staged value of row `slot` unless it equals the
    /// current one (`keyed` as in `runSelector`).
    @inlinable @inline(__always)
    func commit(slot: Int32, keyed: Bool, equal: (Value, Value) -> Bool) -> CommitOutcome {
        guard let staged = stagedValue(slot: slot) else { return .unchanged }
        pending[slot] = nil
        guard let current = value(ofRow: slot, keyed: keyed) else {
            setValue(staged, ofRow: slot, keyed: keyed)
            return .changed
        }
        if equal(current, staged) { return .unchanged }
        return publish(staged, replacing: current, slot: slot, keyed: keyed, equal: equal)
    }

    /// Publishes `staged` over `current`, which becomes the row's replaced
    /// value; `.restored` when `staged` equals the value `current` had
    /// replaced, whose window the graph then notes. Out of line: a change
    /// is rarer than a commit, and the kernel stays small.
    ///
    /// A row nothing subscribes to keeps no replaced value: whatever
    /// subscribes later reads the new value, so a restore of the old one
    /// could spare nobody (and a catalog's worth of first writes keeps no
    /// copies).
    @inlinable @inline(never)
    func publish(_ staged: Value, replacing current: Value, slot: Int32, keyed: Bool, equal: (Value, Value) -> Bool)
        -> CommitOutcome
    {
        let node = node(ofRow: slot)
        setValue(staged, ofRow: slot, keyed: keyed)
        guard graph.subsHead[Int(node)] != Graph.none else {
            forgetReplaced(slot: slot)
            return .changed
        }
        // The flush from which the row has held `current`.
        let currentSince = graph.changedInFlush[Int(node)]
        let row = Int(slot)
        let entry = row < replacedEntry.count ? replacedEntry[row] - 1 : -1
        guard entry >= 0 else {
            keepReplaced(current, since: currentSince, row: row)
            return .changed
        }
        let earlier = replacedValues[entry].unsafelyUnwrapped
        let earlierSince = replacedSince[Int(entry)]
        replacedValues[entry] = current
        replacedSince[Int(entry)] = currentSince
        guard equal(earlier, staged) else { return .changed }
        graph.noteRestored(node, since: earlierSince, until: currentSince)
        return .restored
    }

    /// Gives row `row`, which has none, an entry holding `value`.
    @inlinable
    func keepReplaced(_ value: Value, since: UInt64, row: Int) {
        while replacedEntry.count <= row { replacedEntry.append(0) }
        let entry: Int32
        if let free = freeReplaced.last {
            freeReplaced.count -= 1
            entry = free
            replacedValues[entry] = value
            replacedSince[Int(entry)] = since
        } else {
            entry = Int32(replacedValues.count)
            replacedValues.append(value)
            replacedSince.append(since)
        }
        replacedEntry[row] = entry + 1
    }

    /// Drops row `slot`'s replaced value: a released row starts afresh, and
    /// a seed starts a value no commit may restore past.
    @inlinable
    func forgetReplaced(slot: Int32) {
        let row = Int(slot)
        guard row < replacedEntry.count, replacedEntry[row] != 0 else { return }
        let entry = replacedEntry[row] - 1
        replacedValues[entry] = nil
        freeReplaced.append(entry)
        replacedEntry[row] = 0
    }

    /// What a writer sees: the staged value, else the published one.
    @inlinable
    func writerValue(slot: Int32) -> Value {
        stagedValue(slot: slot) ?? value(ofRow: slot)!
    }

    @inlinable
    func stagedValue(slot: Int32) -> Value? {
        Int(slot) < pending.count ? pending[slot] : nil
    }
}
