/// Linking: the dependency edges a run reads, reused across runs at the
/// read cursor, new ones linked in read order, unread ones dropped when
/// the run ends (core design §2.4).
extension Graph {
    /// Records that the running selector of `sub`, in its run stamped
    /// `stamp`, read `dep`, reusing the edge that the previous run read at
    /// the same position when it matches.
    /// The steady cases (`linkExisting`) are inlined at the read; a new or
    /// moved edge takes the call.
    @inlinable @inline(__always)
    func link(dep: Int32, sub: Int32, stamp: UInt32) {
        if !linkExisting(dep: dep, sub: sub, stamp: stamp) { linkNew(dep: dep, sub: sub, stamp: stamp) }
    }

    /// `link`'s steady cases (the same dependency read again at the cursor,
    /// the next edge of the previous run read in the same order, or a
    /// dependency this run already read earlier): whether an existing edge
    /// recorded the read. When none did, the caller links a new one.
    @inlinable @inline(__always)
    func linkExisting(dep: Int32, sub: Int32, stamp: UInt32) -> Bool {
        readsAtCursor(dep: dep, sub: sub) || linkExistingAfterCursor(dep: dep, sub: sub, stamp: stamp)
    }

    /// Whether `sub`'s running selector read `dep` last: its cursor edge
    /// is `dep`'s, so the read is recorded already.
    @inlinable @inline(__always)
    func readsAtCursor(dep: Int32, sub: Int32) -> Bool {
        let previous = depsTail[Int(sub)]
        return previous != Self.none && edges.dep[Int(previous)] == dep
    }

    /// `linkExisting` once the cursor edge is not `dep`'s.
    @inlinable @inline(__always)
    func linkExistingAfterCursor(dep: Int32, sub: Int32, stamp: UInt32) -> Bool {
        let previous = depsTail[Int(sub)]
        let next = previous != Self.none ? edges.nextDep[Int(previous)] : depsHead[Int(sub)]
        if next != Self.none, edges.dep[Int(next)] == dep {
            edges.stamp[Int(next)] = stamp
            depsTail[Int(sub)] = next
            return true
        }
        // Read earlier in this same run: its edge is the dependency's last.
        let lastSub = subsTail[Int(dep)]
        return lastSub != Self.none && edges.sub[Int(lastSub)] == sub && edges.stamp[Int(lastSub)] == stamp
    }

    /// Links a new edge from `dep` to `sub` right after `sub`'s cursor. It
    /// finds the cursor's neighbours again rather than taking them from
    /// `link`: passed, they stayed live across each steady read of a
    /// selector's read loop (repeatedObservers +16% instructions, measured).
    @usableFromInline @inline(never)
    func linkNew(dep: Int32, sub: Int32, stamp: UInt32) {
        let previous = depsTail[Int(sub)]
        let next = previous != Self.none ? edges.nextDep[Int(previous)] : depsHead[Int(sub)]
        let lastSub = subsTail[Int(dep)]
        let edge = edges.allocate()
        let e = Int(edge)
        edges.dep[e] = dep
        edges.sub[e] = sub
        edges.stamp[e] = stamp
        edges.prevDep[e] = previous
        edges.nextDep[e] = next
        if next != Self.none { edges.prevDep[Int(next)] = edge }
        if previous != Self.none {
            edges.nextDep[Int(previous)] = edge
        } else {
            depsHead[Int(sub)] = edge
            firstDep[Int(sub)] = dep
        }
        depsTail[Int(sub)] = edge
        edges.prevSub[e] = lastSub
        edges.nextSub[e] = Self.none
        if lastSub != Self.none {
            edges.nextSub[Int(lastSub)] = edge
        } else {
            subsHead[Int(dep)] = edge
            firstSub[Int(dep)] = sub
        }
        subsTail[Int(dep)] = edge
    }

    /// Drops the edges after `node`'s cursor, the ones its run did not read.
    @inline(never)
    func dropEdgesAfterCursor(of n: Int) {
        let keep = depsTail[n]
        var edge = keep != Self.none ? edges.nextDep[Int(keep)] : depsHead[n]
        guard edge != Self.none else { return }
        if keep != Self.none {
            edges.nextDep[Int(keep)] = Self.none
        } else {
            depsHead[n] = Self.none
            firstDep[n] = Self.none
        }
        while edge != Self.none {
            let following = edges.nextDep[Int(edge)]
            unlinkFromDependency(edge)
            edges.free(edge)
            edge = following
        }
    }

    private func unlinkFromDependency(_ edge: Int32) {
        let e = Int(edge)
        let dep = Int(edges.dep[e])
        let before = edges.prevSub[e]
        let after = edges.nextSub[e]
        if before != Self.none {
            edges.nextSub[Int(before)] = after
        } else {
            subsHead[dep] = after
            firstSub[dep] = after != Self.none ? edges.sub[Int(after)] : Self.none
        }
        if after != Self.none { edges.prevSub[Int(after)] = before } else { subsTail[dep] = before }
        if subsHead[dep] == Self.none, flags[dep].rawValue & NodeFlags.lastSubscriberBits != 0 {
            lifetime?.withGuaranteed { $0.lostLastSubscriber(Int32(dep)) }
        }
    }

    /// Unlinks and frees every dependency edge of `node`.
    func detachDependencies(_ node: Int32) {
        let n = Int(node)
        var edge = depsHead[n]
        while edge != Self.none {
            let following = edges.nextDep[Int(edge)]
            unlinkFromDependency(edge)
            edges.free(edge)
            edge = following
        }
        depsHead[n] = Self.none
        firstDep[n] = Self.none
        depsTail[n] = Self.none
    }
}
