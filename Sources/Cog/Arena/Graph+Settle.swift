/// The pull: settling a stale node by walking its dependencies.
extension Graph {
    // MARK: Pull

    /// Brings a stale, previously computed node up to date without recursion:
    /// walk dependencies in last-run order, settle stale ones first, and stop
    /// at the first one whose value really changed.
    ///
    /// The node being examined and its next dependency edge live in locals;
    /// only its ancestors are frames on `settleStack`. A selector run may
    /// read (so settle) other nodes and create nodes and edges, so before a
    /// run the stack's count is stored and after it every column base is
    /// read again.
    func settle(_ root: Int32) {
        settleWalk(root)
    }

    /// `settle`'s walk, inlined into the reaction loop so that settling
    /// each queued reaction is not a call of its own.
    @inline(__always)
    func settleWalk(_ root: Int32) {
        let base = settleStack.count
        var node = root
        var edge = depsHead[Int(id: root)]
        var depth = base
        var flags = self.flags.base.unsafelyUnwrapped
        var depsHead = self.depsHead.base.unsafelyUnwrapped
        var depOf = edges.dep.elements
        var nextDep = edges.nextDep.elements
        // The dependency of `edge` when the walk knows it without loading
        // it: right after stepping down, from `firstDep`, so the first check
        // below a node waits on one load rather than two. Otherwise `none`.
        var knownDep = Self.none
        while true {
            let current = flags[Int(id: node)]
            if current.contains(.dirty) {
                // A rerun whose value changed makes the node waiting on it
                // (DIRTY now, or told here when it is the only subscriber)
                // rerun next, with no flag read between.
                while true {
                    settleStack.count = depth
                    let changed = recompute(node, soleSubscriberRerunsNext: depth > base)
                    flags = self.flags.base.unsafelyUnwrapped
                    depsHead = self.depsHead.base.unsafelyUnwrapped
                    depOf = edges.dep.elements
                    nextDep = edges.nextDep.elements
                    guard changed, depth > base else { break }
                    depth -= 1
                    let parent = settleStack.base.unsafelyUnwrapped[depth]
                    node = parent.node
                    edge = parent.link
                    knownDep = Self.none
                }
            } else if current.contains(.check) {
                var descended = false
                while edge != Self.none {
                    let dep = knownDep != Self.none ? knownDep : depOf[Int(id: edge)]
                    knownDep = Self.none
                    edge = nextDep[Int(id: edge)]
                    let depFlags = flags[Int(id: dep)]
                    guard depFlags.rawValue & (NodeFlags.staleBits | NodeFlags.computingBit) != 0 else { continue }
                    if depth == settleStack.capacity {
                        settleStack.count = depth
                        settleStack.grow()
                    }
                    settleStack.base.unsafelyUnwrapped[depth] = SettleFrame(node: node, link: edge)
                    depth &+= 1
                    if depFlags.contains(.computing) {
                        settleStack.count = depth
                        trapCycle(closingAt: dep)
                    }
                    node = dep
                    edge = depsHead[Int(id: dep)]
                    knownDep = self.firstDep[Int(id: dep)]
                    descended = true
                    break
                }
                if descended { continue }
                flags[Int(id: node)] = current.subtracting(.check)
            }
            guard depth > base else { break }
            depth -= 1
            let parent = settleStack.base.unsafelyUnwrapped[depth]
            node = parent.node
            edge = parent.link
            knownDep = Self.none
        }
        settleStack.count = base
    }
}
