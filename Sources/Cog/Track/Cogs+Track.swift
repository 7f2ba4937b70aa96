/// `c.track`: outside `@Observable` state as graph inputs (core design §8,
/// EXPORT-08 to EXPORT-13).
///
/// Each tracked input is a hidden source row of `trackInputDescriptor`.
/// A consumer links to it like to any source; the observation bumps its
/// version in a turn after each propagation boundary; and when its last
/// subscriber edge goes (the consumer stopped reading it, retired or was
/// released), the graph's last-subscriber hook stops the observation and
/// frees the row. Runtime teardown stops the rest.
extension Cogs {
    /// The runtime's tracked inputs, created on first use.
    var tracking: TrackRegistry {
        if let registry = trackRegistry { return registry }
        let registry = TrackRegistry()
        trackRegistry = registry
        return registry
    }

    /// The hidden node of `model`'s `keyPath` and the value read now. An
    /// input already observing (another consumer's, or this consumer's
    /// previous run's) is reused as it is; a new one arms before the read.
    func trackKeyPath<Model: AnyObject, Member>(_ model: Model, _ keyPath: KeyPath<Model, Member>) -> (
        node: Int32, value: Member
    ) {
        let identity = TrackIdentity.keyPath(ObjectIdentifier(model), keyPath)
        if let input = tracking.inputs[identity] { return (input.node, model[keyPath: keyPath]) }
        // An @Observable property is computed, and a computed key path
        // describes itself by address: the type names it better.
        let described = String(describing: keyPath)
        let input = makeTrackInput(identity, label: described.contains("<") ? "\(Model.self)" : described)
        return (input.node, input.arm { model[keyPath: keyPath] })
    }

    /// The hidden node of the closure-form call `consumer` makes next in
    /// its run stamped `stamp`, and the value `read` returns. The closure
    /// may read other objects than in the previous run (it captures what
    /// that run computed), so it is armed again on every run.
    func trackClosure<Member>(_ read: @escaping @MainActor () -> Member, consumer: Int32, stamp: UInt32) -> (
        node: Int32, value: Member
    ) {
        let registry = tracking
        var cursor = registry.closureCursors[consumer] ?? (stamp, 0)
        if cursor.stamp != stamp { cursor = (stamp, 0) }
        let identity = TrackIdentity.closure(consumer: consumer, ordinal: cursor.next)
        cursor.next += 1
        registry.closureCursors[consumer] = cursor
        let input =
            registry.inputs[identity]
            ?? makeTrackInput(identity, label: "\(graph.label(of: consumer)).track#\(cursor.next - 1)")
        return (input.node, input.arm(read))
    }

    private func makeTrackInput(_ identity: TrackIdentity, label: String) -> TrackInput {
        let registry = tracking
        let id = registry.takeID()
        let family = family(for: trackInputDescriptor)
        let node = family.node(ofRow: family.row(for: .int(id)))
        graph.flags[Int(node)].insert(.tracked)
        let input = TrackInput(
            id: id, node: node, identity: identity, label: label, backend: registry.backend, cogs: self)
        registry.inputs[identity] = input
        registry.byNode[node] = input
        registry.ledger.inputStarted()
        return input
    }

    /// One boundary's changes of `input`: its version moves in a turn of
    /// its own, so its consumers go stale, the UI states below it settle
    /// and notify, and reactions reading it run, all in that flush.
    func propagate(_ input: TrackInput) {
        guard !input.isStopped else { return }
        let source = ManualCogReference(reference: CogReference(descriptor: trackInputDescriptor, key: .int(input.id)))
        performTurn(named: systemTurnName("track(\(input.label))"), owner: nil) { c in c[source] = c[source] &+ 1 }
        tracking.ledger.propagated()
    }

    /// The hidden node `node` lost its last subscriber: stop its
    /// observation and free its row. Its captures (the model) are parked
    /// until the next main-actor job, since this runs inside the graph's
    /// loops, where a model's deinitializer must not run.
    func stopTrackInput(node: Int32) {
        guard let registry = trackRegistry, let input = registry.byNode.removeValue(forKey: node) else { return }
        registry.inputs[input.identity] = nil
        if case .closure(let consumer, 0) = input.identity { registry.closureCursors[consumer] = nil }
        let n = Int(node)
        graph.family[n].releaseRow(slot: graph.slot[n])
        graph.flags[n] = []
        registry.freeIDs.append(input.id)
        registry.ledger.inputStopped()
        guard let captures = input.stop() else { return }
        registry.parked.append(captures)
        registry.ledger.releasesParked(1)
        // The registry, not the runtime: the task may outlive it.
        if registry.parked.count == 1 { Task { registry.releaseParked() } }
    }

    /// Teardown: every input stops observing and drops what it captured.
    func tearDownTracking() {
        guard let registry = trackRegistry else { return }
        for input in registry.byNode.values {
            registry.ledger.inputStopped()
            _ = input.stop()
        }
        registry.byNode.removeAll()
        registry.inputs.removeAll()
        registry.releaseParked()
    }

    // MARK: Seams for CogTesting

    /// The backend inputs created from now on use.
    package var trackBackend: TrackBackend {
        get { trackRegistry?.backend ?? .platformDefault }
        set { tracking.backend = newValue }
    }

    /// Counts and acknowledgements of this runtime's tracked inputs; it
    /// outlives the runtime.
    package var trackLedger: TrackLedger { tracking.ledger }
}

/// The hidden sources of tracked inputs: one row per input, keyed by its
/// id, whose value is a version that each propagation bumps.
let trackInputDescriptor = CogDescriptor<UInt64>(
    name: "track", fileID: #fileID, line: #line, equals: structuralEquality, isKeyed: true,
    production: .manual { _ in 0 })
