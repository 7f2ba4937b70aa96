/// Turns: accumulate staged writes, then flush in the normative order
/// (core design §3.2):
///   1. commit staged sources, dropping equal writes;
///   2. push DIRTY/CHECK below the changed sources, running no selector;
///   3. settle the hot roots (UI boundaries) the push reached;
///   4. notify each boundary whose state changed;
///   5. run the reactions whose dependencies changed, in registration order;
///   6. drain turns queued during the flush, FIFO, each one complete.
extension Cogs {
    public func performTurn(named name: String, _ body: (CogWriter) -> Void) {
        performTurn(named: name, owner: nil, body)
    }

    /// A turn requested by `owner` (a controller), or by the runtime itself
    /// when `owner` is nil. A turn queued during a flush remembers its
    /// owner, and is discarded at its execution point if that exact
    /// controller has retired by then (MECH-29).
    /// Inlined into its few callers, with `flush`: as calls, their frames
    /// cost about 28 instructions of every turn (2% of avoidablePropagation).
    @inline(__always)
    func performTurn(named name: String, owner: CogController?, _ body: (CogWriter) -> Void) {
        if let computing = graph.computingNode, !graph.flags[Int(computing)].contains(.reaction) {
            fatalError(
                "Cog: turn '\(name)' was attempted while automatic cog '\(graph.label(of: computing))' was computing. "
                    + "Automatic computation cannot write; invoke the op outside automatic computation, "
                    + "from event handling or a reaction."
            )
        }
        switch turns.phase {
        case .accumulating, .capturing:
            // A nested turn joins the outer one and contributes no name.
            body(CogWriter(cogs: self, turn: turns.liveWriter))
        case .flushing:
            capture(named: name, owner: owner, body)
        case .idle:
            #if DEBUG
                history.beginChain()
                defer { history.endChain() }
            #endif
            turns.lastTurn += 1
            turns.liveWriter = turns.lastTurn
            turns.phase = .accumulating
            accumulatingWriter = turns.liveWriter
            body(CogWriter(cogs: self, turn: turns.liveWriter))
            accumulatingWriter = 0
            turns.liveWriter = 0
            flush(named: name, owner: owner)
            if !turns.queued.isEmpty { drainQueuedTurns() }
            #if DEBUG
                checkInvariantsIfAsked()
            #endif
        }
    }

    /// A controller's turn: its body may be stored, so one requested during
    /// a flush waits for its FIFO place whole and runs there, after the
    /// turns ahead of it and their reactions, against the settled graph,
    /// and only if the controller is still live then (MECH-29). Anywhere
    /// else it is an ordinary turn (or joins the one accumulating).
    func performStoredTurn(named name: String, owner: CogController, _ body: @escaping (CogWriter) -> Void) {
        guard turns.phase == .flushing else {
            performTurn(named: name, owner: owner, body)
            return
        }
        turns.queued.append(.init(name: name, body: body, owner: owner))
    }

    /// A turn requested during a flush whose body cannot be stored (it came
    /// through `performTurn`'s non-escaping body): the body runs now
    /// against a private capture, and its writes are queued to be staged
    /// and flushed after every earlier turn.
    private func capture(named name: String, owner: CogController?, _ body: (CogWriter) -> Void) {
        // A capture inside an outer turn's body (a reaction registered there
        // runs at once and requests a turn) leaves that body's writer live:
        // the outer turn is still accumulating, and the captured turn queues
        // behind it. In a flush there is no outer writer (both are 0).
        let outerWriter = turns.liveWriter
        let outerAccumulatingWriter = accumulatingWriter
        turns.lastTurn += 1
        turns.liveWriter = turns.lastTurn
        turns.phase = .capturing
        turns.capturingOwner = owner
        let start = turns.capturedWrites.count
        let dependencies = turns.captureDependencies.count
        let reads = turns.captureReads.count
        turns.captureStart = start
        body(CogWriter(cogs: self, turn: turns.liveWriter))
        turns.capturingOwner = nil
        turns.liveWriter = outerWriter
        accumulatingWriter = outerAccumulatingWriter
        turns.phase = .flushing
        turns.queued.append(
            .init(
                name: name, owner: owner, writes: start..<turns.capturedWrites.count,
                dependencies: dependencies..<turns.captureDependencies.count,
                readsBehindStoredBodies: reads..<turns.captureReads.count, drainedAtCapture: turns.drained))
        if !turns.capturedRefreshes.isEmpty {
            turns.queued[turns.queued.count - 1].refreshes = turns.capturedRefreshes
            turns.capturedRefreshes.removeAll()
        }
    }

    @inline(__always)
    private func flush(named name: String, owner: CogController?, discards: [NodeHandle] = []) {
        turns.phase = .flushing
        #if DEBUG
            history.beginTurn(named: name, by: owner?.name)
            defer { history.endTurn() }
        #endif
        graph.flushStamp += 1
        if !discards.isEmpty { performDiscards(discards) }
        var index = 0
        while index < turns.staged.count {
            let node = turns.staged[index]
            let n = Int(node)
            graph.flags[n].remove(.staged)
            let row = graph.slot[n]
            switch graph.familyRef[n].family.withGuaranteed({ $0.commitStaged(slot: row) }) {
            case .unchanged:
                break
            case .changed:
                #if DEBUG
                    recordState(.write, node)
                #endif
                graph.sourceChanged(node)
            case .restored:
                #if DEBUG
                    recordState(.write, node)
                #endif
                graph.sourceRestored(node)
            }
            // A write is transient demand on a releasable source (LIFE-05).
            if graph.flags[n].intersection(Self.sourceLifetimeFlags) == .releasable { noteTransientDemand(node) }
            index += 1
        }
        turns.staged.removeAll(keepingCapacity: true)
        let hasHotRoots = !graph.hotQueue.isEmpty
        if hasHotRoots { graph.settleHotRoots() }
        if !turns.refreshBindings.isEmpty { bindRefreshes() }
        if hasHotRoots { graph.notifyChangedHotRoots() }
        if !graph.reactionQueue.isEmpty { runReactions() }
        turns.completed += 1
        turns.phase = .idle
    }

    /// A releasable source is `releasable` without `automatic`. (A constant:
    /// an option-set literal would build an array on every use in debug.)
    private static let sourceLifetimeFlags: NodeFlags = [.releasable, .automatic]

    private func bindRefreshes() {
        for refresh in turns.refreshBindings {
            // A refresh of a never-read state inside a turn creates it here.
            if graph.flags[Int(refresh.node)].contains(.cold) { graph.prepareRead(refresh.node) }
            bind(refresh.handle, to: refresh.node)
        }
        turns.refreshBindings.removeAll()
    }

    func drainQueuedTurns() {
        var index = 0
        while index < turns.queued.count {
            let next = turns.queued[index]
            index += 1
            turns.drained = index
            // Admission: a retired controller's queued work is discarded
            // here, before it stages anything or records a turn, and so is
            // a capture that read one of its writes (MECH-29).
            if let owner = next.owner, !owner.isLive {
                refuse(next, at: index - 1)
                continue
            }
            if readDiscardedWrite(next) {
                refuse(next, at: index - 1)
                continue
            }
            if !next.readsBehindStoredBodies.isEmpty { ensureReadsNotOverwritten(next) }
            turns.phase = .accumulating
            if let body = next.body {
                turns.lastTurn += 1
                turns.liveWriter = turns.lastTurn
                accumulatingWriter = turns.liveWriter
                body(CogWriter(cogs: self, turn: turns.liveWriter))
                accumulatingWriter = 0
                turns.liveWriter = 0
                for position in 0..<turns.staged.count {
                    turns.storedBodyWrites.append((index - 1, turns.staged[position]))
                }
            }
            for handle in next.discards where graph.isCurrent(handle) {
                turns.storedBodyWrites.append((index - 1, graph.node(of: handle)))
            }
            for position in next.writes {
                // The node's family never changes, even when a discard
                // freed the row: the key finds (or recreates) the state.
                let write = turns.capturedWrites[position]
                graph.family[Int(write.node)].stageCaptured(key: write.key, value: write.value)
            }
            for refresh in next.refreshes {
                guard graph.isCurrent(refresh.state) else {
                    refresh.handle.resolve(.released)
                    continue
                }
                let node = graph.node(of: refresh.state)
                // A never-read state (a captured body's initial load) has
                // nothing to invalidate: bindRefreshes creates it after the
                // commit, so its first generation sees this entry's writes.
                if !graph.flags[Int(node)].contains(.cold) { graph.invalidate(node) }
                turns.refreshBindings.append((node, refresh.handle))
            }
            flush(named: next.name, owner: next.owner, discards: next.discards)
        }
        turns.drained = 0
        if !turns.queued.isEmpty { turns.queued.removeAll(keepingCapacity: true) }
        if !turns.capturedWrites.isEmpty { turns.capturedWrites.removeAll(keepingCapacity: true) }
        if !turns.captureDependencies.isEmpty { turns.captureDependencies.removeAll(keepingCapacity: true) }
        if !turns.captureReads.isEmpty { turns.captureReads.removeAll(keepingCapacity: true) }
        if !turns.storedBodyWrites.isEmpty { turns.storedBodyWrites.removeAll(keepingCapacity: true) }
    }

    /// Admission refuses the entry at `position`: nothing of it lands, and
    /// a refresh it carried, which started nothing, resolves as withdrawn
    /// rather than leave its handle waiting for ever.
    private func refuse(_ entry: TurnState.Queued, at position: Int) {
        turns.queued[position].discarded = true
        for refresh in entry.refreshes { refresh.handle.resolve(.withdrawn) }
    }

    /// Whether `entry` read a write of an entry admission refused.
    private func readDiscardedWrite(_ entry: TurnState.Queued) -> Bool {
        for position in entry.dependencies where turns.queued[turns.captureDependencies[position]].discarded {
            return true
        }
        return false
    }

    /// Traps when a stored body (or a discard) that ran after `entry` was
    /// captured changed a source `entry` read as published: its body
    /// computed from a value that no longer stands, and landing its writes
    /// would lose that update (an increment behind an increment, counted
    /// once) or resurrect a discarded value.
    private func ensureReadsNotOverwritten(_ entry: TurnState.Queued) {
        for position in entry.readsBehindStoredBodies {
            let node = turns.captureReads[position]
            for write in turns.storedBodyWrites where write.entry >= entry.drainedAtCapture && write.node == node {
                fatalError(
                    "Cog: turn '\(entry.name)' read '\(graph.label(of: node))' when it was requested during a flush, "
                        + "and turn '\(turns.queued[write.entry].name)', queued ahead of it, wrote or discarded it "
                        + "before it ran, so what it read is stale. Only a controller's turn { } body waits for its "
                        + "place in the queue; request this turn through the controller (m.turn { ... }) too."
                )
            }
        }
    }

    /// Records the first staged write to `node` in the accumulating turn;
    /// the write tested the flag. Inlined into the write: as a call it was
    /// about 13 instructions of every turn's first write to a source
    /// (avoidablePropagation −1.6% instructions inlined, item 42 in
    /// docs/perf.md).
    @inlinable @inline(__always)
    func noteStaged(_ node: Int32) {
        let n = Int(node)
        graph.flags[n] = NodeFlags(rawValue: graph.flags[n].rawValue | NodeFlags.stagedBit)
        turns.staged.append(node)
    }

    /// `ensureLive(writer:)`, then whether the turn is capturing. The
    /// steady case, a live writer of an accumulating turn outside any run,
    /// is two compares inlined at the write. (`accumulatingWriter` is the
    /// outer turn's writer only while it is `liveWriter`; 0 is no writer.)
    @inlinable @inline(__always)
    func ensureLiveWriter(_ writer: UInt64) -> Bool {
        if _fastPath(writer != 0 && writer == accumulatingWriter && !graph.isComputing) { return false }
        ensureLive(writer: writer)
        return isCapturing
    }

    @usableFromInline
    func ensureLive(writer: UInt64) {
        guard writer != 0, writer == turns.liveWriter else {
            fatalError(
                "Cog: a writer outlived the turn that created it. A writer is valid only inside its turn body; "
                    + "to write later, call turn again."
            )
        }
        // A live writer smuggled into a selector would stage writes from
        // inside automatic computation, which turn() itself refuses.
        if let computing = graph.computingNode, !graph.flags[Int(computing)].contains(.reaction) {
            fatalError(
                "Cog: a writer was used while automatic cog '\(graph.label(of: computing))' was computing. "
                    + "Automatic computation cannot write; write from the turn body itself."
            )
        }
    }

    @inlinable
    func writerRead<Value>(_ reference: CogReference<Value>, writer: UInt64) -> Value {
        ensureLive(writer: writer)
        // A source's row this runtime already holds, outside a capture: read
        // on the family unretained (the family table owns it, and reading a
        // staged or published value runs no other code).
        if !reference.descriptor.isAutomatic, !isCapturing,
            let (cached, row) = cachedRow(reference.descriptor, key: reference.key)
        {
            if row != Graph.none { return cached.withGuaranteed { $0.writerValue(slot: row) } }
            // A new row: its starting value runs first, so the family is held.
            let family = cached.takeUnretainedValue()
            return family.writerValue(slot: family.createRow(for: reference.key))
        }
        let family = family(for: reference.descriptor)
        let row = family.row(for: reference.key)
        guard !reference.descriptor.isAutomatic else {
            return read(reference, subscriber: .none)
        }
        if isCapturing, let captured: Value = capturedValue(of: family.node(ofRow: row)) {
            return captured
        }
        return family.writerValue(slot: row)
    }

    /// A write to a keyless source: no reference or key is formed, and the
    /// family is reached unretained through the descriptor's cache.
    @inlinable
    func writerWriteKeyless<Value>(_ descriptor: CogDescriptor<Value>, value: Value, writer: UInt64) {
        let capturing = ensureLiveWriter(writer)
        let cache = descriptor.cache
        if _fastPath(cache.runtimeSerial == serial), !capturing {
            cache.family.unsafelyUnwrapped.withGuaranteed { $0.stage(value, slot: 0) }
            return
        }
        writerWrite(
            ManualCogReference(reference: CogReference(descriptor: descriptor, key: nil)), value: value, writer: writer)
    }

    @inlinable
    func writerWrite<Value>(_ reference: ManualCogReference<Value>, value: Value, writer: UInt64) {
        ensureLive(writer: writer)
        let reference = reference.cogReference
        // An existing row outside a capture: staged on the family unretained
        // (the family table owns it; staging runs no user code).
        if !isCapturing, let (cached, row) = cachedRow(reference.descriptor, key: reference.key) {
            if row != Graph.none {
                cached.withGuaranteed { $0.stage(value, slot: row) }
                return
            }
            // A new row: its starting value runs first, so the family is held.
            let family = cached.takeUnretainedValue()
            family.stage(value, slot: family.createRow(for: reference.key))
            return
        }
        let family = family(for: reference.descriptor)
        let row = family.row(for: reference.key)
        if isCapturing {
            capture(value, for: family.node(ofRow: row), key: reference.key)
        } else {
            family.stage(value, slot: row)
        }
    }

    /// Whether a flush runs, so that a turn requested now waits in the FIFO.
    var isFlushing: Bool { turns.phase == .flushing }

    /// Whether a turn requested during a flush is recording its writes.
    @usableFromInline
    var isCapturing: Bool { turns.phase == .capturing }

    @usableFromInline
    func capture(_ value: Any, for node: Int32, key: CogKey?) {
        turns.capturedWrites.append(.init(node: node, key: key, value: value))
    }

    /// The newest write to `node` captured by this turn or by a queued turn
    /// ahead of it. A write admission may still refuse makes this entry
    /// depend on that one, so no landed write is computed from a value the
    /// graph never publishes; a source read as published while a stored
    /// body or a discard waits ahead is remembered, and checked when this
    /// entry runs (MECH-29).
    @usableFromInline
    func capturedValue<Value>(of node: Int32) -> Value? {
        // Index loops, not slices or `reversed()`: this runs for every read
        // a captured body makes through its writer.
        var position = turns.capturedWrites.count
        while position > turns.captureStart {
            position -= 1
            if turns.capturedWrites[position].node == node { return (turns.capturedWrites[position].value as! Value) }
        }
        let reader = turns.capturingOwner
        // Only entries the drain has not started: a started entry's writes
        // have landed, and a later turn may have published over them (before
        // this, a capture read y = 1 from a landed entry where 5 was
        // published since).
        var entry = turns.queued.count
        var storedBodyAhead = false
        while entry > turns.drained {
            entry -= 1
            if turns.queued[entry].body != nil || !turns.queued[entry].discards.isEmpty { storedBodyAhead = true }
            var position = turns.queued[entry].writes.upperBound
            while position > turns.queued[entry].writes.lowerBound {
                position -= 1
                if turns.capturedWrites[position].node == node {
                    // A write admission may still refuse (its controller
                    // is not this one's or an ancestor's): this entry then
                    // goes with it.
                    if let writer = turns.queued[entry].owner, reader.map({ !writer.isSelfOrAncestor(of: $0) }) ?? true
                    {
                        turns.captureDependencies.append(entry)
                    }
                    return (turns.capturedWrites[position].value as! Value)
                }
            }
        }
        // Read as published: a stored body ahead may still write it.
        if storedBodyAhead { turns.captureReads.append(node) }
        return nil
    }

    /// The name of a turn the runtime starts itself (an async publication,
    /// a refresh). Only debug builds keep turn names (the history), so a
    /// release build does not format one per publication.
    @inline(__always)
    func systemTurnName(_ name: @autoclosure () -> String) -> String {
        #if DEBUG
            name()
        #else
            "system turn"
        #endif
    }

    // MARK: Seams for CogTesting

    /// How many turns have completed (every build).
    package var completedTurnCount: Int { turns.completed }

    /// Whether the context is idle: no turn accumulating or flushing and no
    /// queued turn waiting (REACT-17).
    package var isIdle: Bool { turns.phase == .idle && turns.queued.isEmpty }

    #if DEBUG
        /// Names of the turns still in history, oldest first (debug builds only).
        package var recentTurnNames: [String] {
            history.entries.filter { $0.kind == .turn }.map(\.label)
        }

        /// The debug history, oldest first (debug builds only).
        package var historyEntries: [CogHistoryEntry] { history.entries }

        /// Chains of turns that ran past the warning limit (debug builds only).
        package var chainWarnings: [CogChainWarning] { history.warnings }

        /// Records a state entry for `node`: its name and key, rendered later.
        func recordState(_ kind: CogHistoryEntry.Kind, _ node: Int32) {
            let family = graph.family[Int(node)]
            history.recordState(kind, name: family.name, key: family.rowKeys[graph.slot[Int(node)]])
        }
    #endif
}
