/// Flush steps 3 and 4 (settle the hot roots, notify the changed ones)
/// and the UI boundaries they notify.
extension Graph {
    // MARK: Flush steps 3 and 4

    /// Flush step 3: settle every hot root the push reached.
    func settleHotRoots() {
        var index = 0
        while index < hotQueue.count {
            let node = hotQueue[index]
            let current = flags[Int(node)]
            if !current.isDisjoint(with: .stale), !current.contains(.retired) { settle(node) }
            index += 1
        }
    }

    /// Flush step 4: notify each hot root whose value changed in this flush.
    /// A notice may read (and settle) other state, but never pushes, so the
    /// queue cannot grow while it is walked.
    func notifyChangedHotRoots() {
        var index = 0
        while index < hotQueue.count {
            let node = Int(hotQueue[index])
            flags[node].remove(.queued)
            if changedInFlush[node] == flushStamp, boundaryIndex[node] != Self.none {
                #if DEBUG
                    lifetime?.takeUnretainedValue().recordState(.notice, Int32(node))
                #endif
                // Unretained: no boundary can leave `boundaries` while a
                // notice runs. Only a discard removes one, at the start of
                // its own flush, and a discard (or any turn) an observer
                // starts now is queued: the phase is `.flushing`.
                CogBoundary.notifyChange(on: .passUnretained(boundaries[Int(boundaryIndex[node])]))
            }
            index += 1
        }
        hotQueue.removeAll(keepingCapacity: true)
    }

    // MARK: UI boundaries

    /// Records a UI read's Observation access on the node's boundary,
    /// created on its first UI read. The boundary is reached unretained:
    /// `boundaries` owns it, and recording an access runs no code that
    /// could release it.
    @usableFromInline
    func recordAccess(_ node: Int32) {
        let existing = boundaryIndex[Int(node)]
        if _fastPath(existing != Self.none) {
            CogBoundary.recordAccess(on: .passUnretained(boundaries[Int(existing)]))
            return
        }
        boundary(of: node).recordAccess()
    }

    /// The node's boundary, created on its first UI read; owning one makes
    /// the node a hot root.
    @usableFromInline
    func boundary(of node: Int32) -> CogBoundary {
        boundary(of: node, make: CogBoundary.init)
    }

    /// The node's boundary, created by `make` on its first UI read.
    @usableFromInline
    func boundary(of node: Int32, make: () -> CogBoundary) -> CogBoundary {
        let n = Int(node)
        let existing = boundaryIndex[n]
        if existing != Self.none { return boundaries[Int(existing)] }
        let created = make()
        boundaryIndex[n] = Int32(boundaries.count)
        boundaries.append(created)
        flags[n].insert(.hot)
        return created
    }
}
