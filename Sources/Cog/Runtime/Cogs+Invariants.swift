#if DEBUG
    /// The invariants `Cogs.breakInvariant(_:at:)` can break.
    package enum InvariantBreakage: CaseIterable, Sendable {
        case queuedWithoutQueue, dependencyEdgeWithoutBackLink, staleHotRoot
    }

    /// The runtime's invariants between turns (debug builds only): the
    /// graph's (`Graph+Invariants`) and those of the tables the runtime
    /// keeps beside it, checked after every turn of a runtime that asks for
    /// it. `Cogs.forTesting` asks, so every test that drives a test runtime
    /// checks them at each turn's end.
    extension Cogs {
        /// Every invariant that does not hold now, in words, or none. Only
        /// meaningful between turns.
        package func invariantViolations() -> [String] {
            var found = graph.invariantViolations()
            if !turns.staged.isEmpty { found.append("\(turns.staged.count) staged writes outlived their turn") }
            // Work that outlives a turn names live state only: a released
            // state's async machinery and grace window go with it.
            for node in asyncRows.keys where !graph.holdsLiveState(node) {
                found.append("node \(node) is released but keeps its async machinery")
            }
            for node in 0..<Int32(graph.nodeCount) where !graph.holdsLiveState(node) {
                if graceWindows.deadline(of: node) != nil {
                    found.append("node \(node) is released but keeps a grace window")
                }
            }
            checkFreeRegistrations(freeReactionNodes, into: &found)
            checkFreeRegistrations(freeExportNodes, into: &found)
            checkFreeRegistrations(retiredRegistrations, into: &found)
            return found
        }

        /// A registration node waiting for reuse is retired, linked to
        /// nothing, and has a slot for the next body.
        private func checkFreeRegistrations(_ nodes: [Int32], into found: inout [String]) {
            for node in nodes {
                if !graph.flags[Int(node)].contains(.retired) || graph.holdsLiveState(node) {
                    found.append("registration node \(node) waits for reuse but is not retired")
                }
                if registrationSlots[node] == nil { found.append("registration node \(node) has no slot") }
            }
        }

        /// Breaks one invariant at `reference`'s state by hand, so a test
        /// can show the check is live: a queued flag with no queue entry, a
        /// dependency edge that does not link back, or a hot root left
        /// stale. Returns false when the state cannot carry that break (it
        /// does not exist, has no dependency, or is not a UI root).
        package func breakInvariant<Reference: CogReadable>(_ breakage: InvariantBreakage, at reference: Reference)
            -> Bool
        {
            guard let (node, _) = stateSlot(of: reference) else { return false }
            let n = Int(node)
            switch breakage {
            case .queuedWithoutQueue:
                graph.flags[n].insert(.queued)
            case .dependencyEdgeWithoutBackLink:
                let edge = graph.depsHead[n]
                guard edge != Graph.none else { return false }
                graph.edges.prevDep[Int(edge)] = edge
            case .staleHotRoot:
                guard graph.flags[n].contains(.hot) else { return false }
                graph.flags[n].insert(.check)
            }
            return true
        }

        /// Traps naming every broken invariant, when this runtime checks
        /// them; called where a turn (or a release between turns) ends.
        func checkInvariantsIfAsked() {
            guard checksInvariants, turns.phase == .idle, !graph.isComputing else { return }
            let found = invariantViolations()
            guard !found.isEmpty else { return }
            fatalError(
                "Cog internal error: the graph's invariants do not hold after a turn:\n  - "
                    + found.joined(separator: "\n  - "))
        }
    }
#endif
