/// Reads of a typed family's rows: tracked reads that link the running
/// selector, settling reads, and peeks.
extension Family {
    // A tracked read never uses the family after a call. The family comes
    // from the declaration's cache, so to the compiler it lives only as
    // long as the declaration does; a read that used it after a call made
    // the compiler retain the declaration around that call, which a
    // declaration copied out of an array (`for arm in arms { total +=
    // c[arm] }`) paid on every read (docs/perf.md, item 39). The calls
    // below take the family unmanaged, so they are no use of a reference
    // either.
    //
    // A keyless read, inlined into each selector that reads, goes further:
    // each of its slow paths is one call whose result is the read's value
    // (settle and read; link a new edge and read; read through a
    // declaration whose cache names another runtime, in `Cogs`). Nothing
    // of the read lives across a call, so a selector that reads once keeps
    // it all in scratch registers and saves and restores none on each run
    // (item 41). A box row's read is a call already (`readKeyed`), and
    // links in place.

    /// A settled read of row `row` (node `node`); links `subscriber` to it
    /// unless it is nil.
    @inlinable @inline(__always)
    func read(row: Int32, node: Int32, subscriber: Subscriber?) -> Value {
        guard _fastPath(graph.isCurrent(node)) else {
            return Self.settleAndRead(
                .passUnretained(self), row: row, node: node, sub: subscriber?.node ?? Graph.none,
                stamp: subscriber?.stamp ?? 0)
        }
        let value: Value = value(ofRow: row).unsafelyUnwrapped  // current, so present
        if let subscriber { graph.link(dep: node, sub: subscriber.node, stamp: subscriber.stamp) }
        return value
    }

    /// `read` of a node that is not current: settles or runs it first, then
    /// links `sub` in its run stamped `stamp` unless `sub` is `Graph.none`.
    @inlinable @inline(never)
    static func settleAndRead(_ family: Unmanaged<Family>, row: Int32, node: Int32, sub: Int32, stamp: UInt32) -> Value
    {
        family.withGuaranteed { family in
            family.settleForRead(node, sub: sub, stamp: stamp)
            return family.value(ofRow: row).unsafelyUnwrapped  // settled just above, so present
        }
    }

    /// A settled read of the row of `key`, created on first use. A call
    /// (specialized for `Value`): inlined into every `c[box[key]]`, its
    /// size made the app's selectors around it copy values they had only
    /// read from (cold start +1.7% instructions, measured).
    @inlinable @inline(never)
    func readKeyed(_ key: CogKey, subscriber: Subscriber?) -> Value {
        let row = keyedRow(for: key)
        return read(row: row, node: rowNodes[Int(row)], subscriber: subscriber)
    }

    /// The same read of a keyless declaration's one row.
    @inlinable @inline(__always)
    func readKeyless(subscriber: Subscriber?) -> Value {
        readKeylessRow(node: keylessRowNode(), subscriber: subscriber)
    }

    /// `readKeyless` once the descriptor's cache matched, which guarantees
    /// the row is live (see `FamilyCache`).
    @inlinable @inline(__always)
    func readLiveKeyless(subscriber: Subscriber?) -> Value {
        readKeylessRow(node: keylessNode, subscriber: subscriber)
    }

    /// A settled read of the keyless row, whose node is `node`: its value
    /// is the inline one.
    @inlinable @inline(__always)
    func readKeylessRow(node: Int32, subscriber: Subscriber?) -> Value {
        guard _fastPath(graph.isCurrent(node)) else {
            return Self.settleAndReadKeyless(
                .passUnretained(self), node: node, sub: subscriber?.node ?? Graph.none, stamp: subscriber?.stamp ?? 0)
        }
        if let subscriber {
            if graph.readsAtCursor(dep: node, sub: subscriber.node) {
                return Self.rememberAndReadKeyless(.passUnretained(self))
            } else if !graph.linkExistingAfterCursor(dep: node, sub: subscriber.node, stamp: subscriber.stamp) {
                return Self.linkAndReadKeyless(
                    .passUnretained(self), node: node, sub: subscriber.node, stamp: subscriber.stamp)
            }
        }
        return currentKeylessValue
    }

    /// The keyless row's value, known to be present: the row is current or
    /// was settled just before.
    @inlinable @inline(__always)
    var currentKeylessValue: Value { ValueColumn.value(keylessValue).unsafelyUnwrapped }

    /// `readKeylessRow` of a current value its run read last, again: read
    /// twice in a row, it is likely read again, so the run remembers it
    /// (`Graph.lastTrackedRead`). A call, so the read around it keeps no
    /// register for the store.
    @inlinable @inline(never)
    static func rememberAndReadKeyless(_ family: Unmanaged<Family>) -> Value {
        family.withGuaranteed { family in
            Graph.lastTrackedRead = family.descriptor.identityBits
            return family.currentKeylessValue
        }
    }

    /// `readKeylessRow` of a current value whose edge is new: links the
    /// edge, then reads the value.
    @inlinable @inline(never)
    static func linkAndReadKeyless(_ family: Unmanaged<Family>, node: Int32, sub: Int32, stamp: UInt32) -> Value {
        family.withGuaranteed { family in
            family.graph.linkNew(dep: node, sub: sub, stamp: stamp)
            return family.currentKeylessValue
        }
    }

    /// `readKeylessRow` of a node that is not current. (One slow read for
    /// both kinds of row, testing the kind, ran diamond +1.7% instructions.)
    @inlinable @inline(never)
    static func settleAndReadKeyless(_ family: Unmanaged<Family>, node: Int32, sub: Int32, stamp: UInt32) -> Value {
        family.withGuaranteed { family in
            family.settleForRead(node, sub: sub, stamp: stamp)
            return family.currentKeylessValue  // settled just above
        }
    }

    /// Makes `node` current, then links `sub` to it unless `sub` is
    /// `Graph.none`.
    @inlinable @inline(__always)
    func settleForRead(_ node: Int32, sub: Int32, stamp: UInt32) {
        graph.prepareReadSlow(node)
        if sub != Graph.none { graph.link(dep: node, sub: sub, stamp: stamp) }
    }

    /// A peek of row `row`: settled, no dependency; transient demand.
    @inlinable @inline(__always)
    func peek(row: Int32, node: Int32) -> Value {
        preparePeek(node)
        return value(ofRow: row)!
    }

    /// The same peek of a keyless declaration's one row, node `node`.
    @inlinable @inline(__always)
    func peekKeyless(node: Int32) -> Value {
        preparePeek(node)
        return ValueColumn.value(keylessValue)!
    }

    /// Settles `node` for a peek, which is transient demand on a releasable
    /// state nothing subscribes to.
    @inlinable @inline(__always)
    func preparePeek(_ node: Int32) {
        graph.prepareRead(node)
        let n = Int(node)
        if _slowPath(graph.flags[n].rawValue & NodeFlags.releasableBit != 0 && graph.subsHead[n] == Graph.none) {
            Unmanaged.passUnretained(cogs).withGuaranteed { $0.noteTransientDemandUnsubscribed(node) }
        }
    }
}
