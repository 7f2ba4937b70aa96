#if DEBUG
    /// The graph's invariants between turns, checked (debug builds only).
    ///
    /// The arena's loops rely on these without testing them: a settle walk
    /// follows `nextDep` without checking that the edge belongs to the node,
    /// a push trusts `firstSub`, the flush trusts that nothing is left
    /// queued. A break shows up turns later as a wrong value or a freed
    /// slot read; checked after each turn, it is named where it happened.
    ///
    /// The check allocates nothing unless something is broken, so the
    /// malloc-counting tests can run with it on.
    extension Graph {
        /// Whether a node holds live state: its row exists in its family.
        /// A released row keeps its node (for the next key), and a retired
        /// reaction keeps its node for the next registration; neither may
        /// be linked to anything.
        func holdsLiveState(_ node: Int32) -> Bool {
            let owner = family[Int(node)]
            let row = slot[Int(node)]
            guard owner.isKeyed else { return owner.keylessLive && owner.keylessNode == node }
            return owner.rowNodes[Int(row)] == node && !owner.freeRows.contains(row)
        }

        /// Every invariant that does not hold now, in words, or none. Only
        /// meaningful between turns: no run, push, flush or settle walk in
        /// progress.
        func invariantViolations() -> [String] {
            var found: [String] = []
            checkQuiescence(into: &found)
            let freeEdges = checkFreeEdges(into: &found)
            var edgesInDependencyLists = 0
            var edgesInSubscriberLists = 0
            for node in 0..<Int32(nodeCount) {
                checkFlags(of: node, into: &found)
                edgesInDependencyLists += checkDependencyList(of: node, into: &found)
                edgesInSubscriberLists += checkSubscriberList(of: node, into: &found)
                if found.count >= 20 { break }
            }
            let linked = edges.capacityInUse - freeEdges
            if found.isEmpty, edgesInDependencyLists != linked || edgesInSubscriberLists != linked {
                found.append(
                    "\(linked) edges are allocated, but dependency lists hold \(edgesInDependencyLists) and "
                        + "subscriber lists \(edgesInSubscriberLists): an edge is lost or listed twice")
            }
            return found
        }

        /// No run, walk or queue outlives the turn that started it.
        private func checkQuiescence(into found: inout [String]) {
            if activeSubscriber != Self.none {
                found.append("'\(label(of: activeSubscriber))' is still the running selector after the turn")
            }
            if settleStack.count != 0 { found.append("the settle stack holds \(settleStack.count) frames") }
            if !hotQueue.isEmpty { found.append("the hot queue holds \(hotQueue.count) nodes after the flush") }
            if !reactionQueue.isEmpty {
                found.append("the reaction queue holds \(reactionQueue.count) nodes after the flush")
            }
        }

        /// The free list is finite and its edges link nothing; returns its length.
        private func checkFreeEdges(into found: inout [String]) -> Int {
            var count = 0
            var edge = edges.freeHead
            while edge != Self.none {
                let e = Int(edge)
                guard e < edges.capacityInUse, count <= edges.capacityInUse else {
                    found.append("the edge free list leaves the pool or loops (at edge \(edge))")
                    return count
                }
                if edges.dep[e] != Self.none || edges.sub[e] != Self.none {
                    found.append("free edge \(edge) still links \(edges.dep[e]) to \(edges.sub[e])")
                }
                count += 1
                edge = edges.nextDep[e]
            }
            return count
        }

        private func checkFlags(of node: Int32, into found: inout [String]) {
            let n = Int(node)
            let current = flags[n]
            func broken(_ what: String) { found.append("'\(label(of: node))' (node \(node)) \(what)") }
            if current.contains(.computing) { broken("is marked computing between turns") }
            if current.contains(.queued) { broken("is marked queued but is in no queue") }
            if current.contains(.staged) { broken("is marked staged between turns") }
            guard holdsLiveState(node) else {
                // A released slot: nothing links to it, nothing settles it.
                if current.rawValue & ~NodeFlags.retired.rawValue != 0 {
                    broken("is released but keeps flags \(current.rawValue)")
                }
                if depsHead[n] != Self.none || subsHead[n] != Self.none { broken("is released but keeps edges") }
                if boundaryIndex[n] != Self.none { broken("is released but keeps its UI boundary") }
                return
            }
            if current.contains(.retired) { broken("is retired but holds live state") }
            if !current.contains(.automatic), current.rawValue & NodeFlags.needsWorkMask != 0 {
                broken("is a source but is marked stale or cold")
            }
            if !current.contains(.automatic), depsHead[n] != Self.none { broken("is a source with dependencies") }
            if current.contains(.restoredInput), !current.contains(.dirty) {
                broken("is marked to check a restored input but is not DIRTY")
            }
            if !current.isDisjoint(with: .settledByFlush), current.rawValue & NodeFlags.staleBits != 0 {
                broken("is settled by every flush but is stale after one")
            }
            if boundaryIndex[n] != Self.none {
                if !current.contains(.hot) { broken("owns a UI boundary but is not hot") }
                if Int(boundaryIndex[n]) >= boundaries.count { broken("names a UI boundary that does not exist") }
            }
        }

        /// One of the two lists every edge sits in, as the columns that
        /// hold it: a node's dependency list (in read order) or its
        /// subscriber list. Copies of columns read the graph's memory.
        private struct EdgeList {
            let name: String
            /// The edge's end that names the list's node, and its other end.
            let near: Column<Int32>
            let far: Column<Int32>
            let previous: Column<Int32>
            let next: Column<Int32>
            let head: Column<Int32>
            /// Between runs, a dependency list's cursor rests on its last edge.
            let tail: Column<Int32>
            /// The far end of the list's first edge.
            let first: Column<Int32>
        }

        private var dependencyList: EdgeList {
            EdgeList(
                name: "dependency", near: edges.sub, far: edges.dep, previous: edges.prevDep, next: edges.nextDep,
                head: depsHead, tail: depsTail, first: firstDep)
        }

        private var subscriberList: EdgeList {
            EdgeList(
                name: "subscriber", near: edges.dep, far: edges.sub, previous: edges.prevSub, next: edges.nextSub,
                head: subsHead, tail: subsTail, first: firstSub)
        }

        /// `node`'s dependency list: each edge also sits in its dependency's
        /// subscriber list.
        private func checkDependencyList(of node: Int32, into found: inout [String]) -> Int {
            checkList(dependencyList, of: node, into: &found) { edge, dep in
                isListedAsSubscriber(edge, of: dep) ? nil : "is missing from '\(label(of: dep))''s subscribers"
            }
        }

        /// `node`'s subscriber list: each subscriber is automatic.
        private func checkSubscriberList(of node: Int32, into found: inout [String]) -> Int {
            checkList(subscriberList, of: node, into: &found) { _, sub in
                flags[Int(sub)].contains(.automatic) ? nil : "leads to a source, '\(label(of: sub))'"
            }
        }

        /// `node`'s `list`: finite, each edge naming `node` at its near end,
        /// linking back to the one before and leading to live state that
        /// `farEnd` (edge, far end) finds nothing wrong with, or says what
        /// is; the tail and `first` agree with the list. Returns its length.
        private func checkList(
            _ list: EdgeList, of node: Int32, into found: inout [String], farEnd: (Int32, Int32) -> String?
        ) -> Int {
            let n = Int(node)
            func broken(_ what: String) { found.append("'\(label(of: node))' (node \(node)): \(what)") }
            var count = 0
            var previous = Self.none
            var edge = list.head[n]
            while edge != Self.none {
                let e = Int(edge)
                guard e < edges.capacityInUse, count <= edges.capacityInUse else {
                    broken("its \(list.name) list leaves the pool or loops")
                    return count
                }
                if list.near[e] != node { broken("\(list.name) edge \(edge) names \(list.near[e]), not this node") }
                if list.previous[e] != previous {
                    broken("\(list.name) edge \(edge) does not link back to \(previous)")
                }
                let far = list.far[e]
                if far == Self.none || !holdsLiveState(far) {
                    broken("\(list.name) edge \(edge) leads to a released slot (node \(far))")
                } else if let wrong = farEnd(edge, far) {
                    broken("\(list.name) edge \(edge) \(wrong)")
                }
                count += 1
                previous = edge
                edge = list.next[e]
            }
            if list.tail[n] != previous {
                broken("its \(list.name) list's tail is edge \(list.tail[n]), not its last, \(previous)")
            }
            let first = list.head[n] == Self.none ? Self.none : list.far[Int(list.head[n])]
            if list.first[n] != first { broken("its first \(list.name) is noted as \(list.first[n]), not \(first)") }
            return count
        }

        /// `edge` is linked into `dep`'s subscriber list where its own
        /// links say (the list itself is walked by `checkSubscriberList`).
        private func isListedAsSubscriber(_ edge: Int32, of dep: Int32) -> Bool {
            let e = Int(edge)
            let before = edges.prevSub[e]
            let after = edges.nextSub[e]
            let linkedFromBefore = before == Self.none ? subsHead[Int(dep)] == edge : edges.nextSub[Int(before)] == edge
            let linkedFromAfter = after == Self.none ? subsTail[Int(dep)] == edge : edges.prevSub[Int(after)] == edge
            return linkedFromBefore && linkedFromAfter
        }
    }
#endif
