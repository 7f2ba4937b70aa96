/// Reactions: flush step 5.
///
/// A reaction is an automatic node flagged `reaction`, with its own one-row
/// family, whose kernel runs the reaction body (its selector is a
/// placeholder that never runs). The push queues it like a
/// hot root; after the notices, the flush settles the queued reactions in
/// registration order, so a reaction reruns only when something it read
/// really changed (equality cut-off included). A reaction may call ops:
/// the turn it requests during the flush is captured and queued as a later
/// turn. A reaction registered during a flush joins the tail of the queue.
extension Cogs {
    /// Registers `body` as a reaction. The node calls the body through its
    /// slot without retaining it: the controller owns the body and drops it
    /// only when the reaction has retired (and, when that happens during a
    /// run, only once the run has returned; see `keepBodiesWhileRunning`).
    func registerReaction(named name: String, _ body: ReactionBody) -> Int32 {
        let node = claimRegistration(named: name, body: body, isExport: false)
        graph.flags[Int(node)].insert(.reaction)
        graph.flags[Int(node)].remove(.releasable)
        graph.lastRegistration += 1
        graph.registrationOrder[Int(node)] = graph.lastRegistration
        graph.enqueueIfHot(node)
        switch turns.phase {
        case .flushing, .capturing:
            break  // the flush's step 5 runs it at the tail
        case .idle:
            #if DEBUG
                history.beginChain()
                defer { history.endChain() }
            #endif
            turns.phase = .flushing
            runReactions()
            turns.phase = .idle
            drainQueuedTurns()
            #if DEBUG
                checkInvariantsIfAsked()
            #endif
        case .accumulating:
            turns.phase = .flushing
            runReactions()
            turns.phase = .accumulating
        }
        return node
    }

    /// The node, one-row family and slot for a new reaction (or export, by
    /// `isExport`) that runs `body`: a retired registration's of the same
    /// kind when one is free, so registering and retiring for ever keeps the
    /// graph's size bounded; else new ones.
    func claimRegistration(named name: String, body: ReactionBody, isExport: Bool) -> Int32 {
        recycleRetiredRegistrations()
        let reused = isExport ? freeExportNodes.popLast() : freeReactionNodes.popLast()
        if let node = reused, let slot = registrationSlots[node] {
            slot.body = .passUnretained(body)
            let family = unsafeDowncast(graph.family[Int(node)], to: Family<UInt8>.self)
            // The same name keeps the string already held (by the debug
            // history, say), so a scope reopened for ever holds one copy.
            if family.name != name { family.rename(CogNameSource(name: name, fileID: "", line: 0)) }
            // Claims the released row 0 again: the same node, reset.
            _ = family.row(for: nil)
            return node
        }
        let slot = RegistrationSlot(body: body, isExport: isExport)
        let descriptor = CogDescriptor<UInt8>(
            name: name, fileID: "", line: 0, equals: nil, isKeyed: false, isEager: isExport,
            // A literal, not a function reference: a reference would need a
            // reabstraction thunk with a context, one more allocation.
            production: .automatic { _ in preconditionFailure("a registration runs its body through its kernel") },
            kernels: (
                // The kernel calls the body itself: no selector closure sits
                // between the run and the body. The body is read from the
                // slot at each run, since a reuse swaps it.
                recompute: { @MainActor base, row, node, stamp in
                    unsafeDowncast(base, to: Family<UInt8>.self).runReaction(
                        slot: row, node: node, stamp: stamp, body: slot.body)
                },
                commit: { @MainActor _, _ in .unchanged }
            )
        )
        let family = family(for: descriptor)
        let node = family.node(ofRow: family.row(for: nil))
        registrationSlots[node] = slot
        return node
    }

    /// Makes the retired registrations' nodes free for reuse once no queue
    /// and no executing run can still name them: a node reused while an
    /// old entry for it waits in the reaction queue would run its new body
    /// at the old place. Called where a registration is claimed and when
    /// flush step 5 ends, so a node retired in one flush serves the next.
    func recycleRetiredRegistrations() {
        guard !retiredRegistrations.isEmpty, !graph.isComputing, graph.reactionQueue.isEmpty,
            graph.hotQueue.isEmpty
        else { return }
        for node in retiredRegistrations {
            if registrationSlots[node]?.isExport == true {
                freeExportNodes.append(node)
            } else {
                freeReactionNodes.append(node)
            }
        }
        retiredRegistrations.removeAll(keepingCapacity: true)
    }

    /// Runs the queued reactions: the ones the push reached in registration
    /// order, then any registered meanwhile, in registration order.
    func runReactions() {
        var index = 0
        var sortedUpTo = 0
        while index < graph.reactionQueue.count {
            if index == sortedUpTo {
                // Sort each batch that arrived since the last one.
                sortedUpTo = graph.reactionQueue.count
                // By registration order, not node number: a reused node
                // keeps its old number (see `registrationOrder`).
                if sortedUpTo - index > 1 {
                    let order = graph.registrationOrder
                    graph.reactionQueue.sortTail(from: index) { order[Int($0)] }
                }
            }
            let node = graph.reactionQueue[index]
            index += 1
            let flags = graph.flags[Int(node)]
            graph.flags[Int(node)].remove(.queued)
            if flags.contains(.retired) { continue }
            graph.prepareQueuedRun(node)
            // Bodies retired by the run that just ended go now, inside the
            // loop: a deinitializer of what they captured may register a
            // reaction, which then still runs in this flush.
            if !retiredReactionBodies.isEmpty, !graph.isComputing { retiredReactionBodies.removeAll() }
        }
        graph.reactionQueue.removeAll(keepingCapacity: true)
        recycleRetiredRegistrations()
    }

    /// Keeps retired reactions' bodies alive while runs are executing (a
    /// scope's reaction retiring a child) until that run has returned to
    /// the reaction loop, so no body is freed while it, or a run that
    /// called it, is on the stack. Otherwise it keeps nothing, and the
    /// caller's drop of `bodies` releases what they captured.
    func keepBodiesWhileRunning(_ bodies: [ReactionBody]) {
        if graph.isComputing {
            retiredReactionBodies.append(contentsOf: bodies)
        }
    }

    /// Retires a reaction or export node: it never runs again and its
    /// leases on what it read end (they may now be released after grace).
    /// The node, its family and its slot wait to be reused by a later
    /// registration (`recycleRetiredRegistrations`).
    func retireReaction(_ node: Int32) {
        guard !graph.flags[Int(node)].contains(.retired) else { return }
        graph.detachDependencies(node)
        graph.family[Int(node)].releaseRow(slot: graph.slot[Int(node)])
        graph.flags[Int(node)] = .retired
        if let slot = registrationSlots[node] {
            // An export's body (and the buffer it captured) goes with its
            // registration; a reaction's is its controller's to drop.
            if let owned = slot.ownedBody {
                slot.ownedBody = nil
                keepBodiesWhileRunning([owned])
            }
            slot.onTeardown = nil
        }
        retiredRegistrations.append(node)
        recycleRetiredRegistrations()
    }
}

extension Family where Value == UInt8 {
    /// One run of a reaction: its body, inside the run `stamp` the graph began.
    /// The row's value is a placeholder nothing reads, so a run compares
    /// nothing: only the first run reports a change (and stores it).
    @inline(__always)
    func runReaction(slot: Int32, node: Int32, stamp: UInt32, body: Unmanaged<ReactionBody>) -> Bool {
        body.withGuaranteed {
            var reader = CogReader(family: self, slot: slot, node: node, stamp: stamp)
            $0.body(&reader)
        }
        // A reaction's family is keyless: its placeholder is the inline row.
        guard keylessValue == nil else { return false }
        keylessValue = ValueColumn.stored(0)
        return true
    }
}

/// What one reaction or export node runs. The node's family, kernel and
/// slot outlive the registration; a later registration that reuses the
/// node swaps in its own body.
@MainActor
final class RegistrationSlot {
    /// Unretained, so a run borrows the body instead of retaining it.
    var body: Unmanaged<ReactionBody>
    /// An export's body, owned here until the export retires (a reaction's
    /// body is owned by its controller).
    var ownedBody: ReactionBody?
    /// Ends a live export's reader loop when the runtime is torn down.
    var onTeardown: (@MainActor () -> Void)?
    /// Exports and reactions are reused only by their own kind: an export
    /// node is eager and a reaction node is not.
    let isExport: Bool

    init(body: ReactionBody, isExport: Bool) {
        self.body = .passUnretained(body)
        self.isExport = isExport
    }

    // Written out, as the design asks of every class the runtime owns.
    nonisolated deinit {}
}
