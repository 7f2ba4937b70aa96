/// Async state: generations, policies, publication and refresh.
///
/// An async declaration is two nodes per state. The status node is an
/// automatic node whose selector is the user's tracked selector: each run
/// assigns a new generation, schedules its work under the policy, and
/// returns the pending status. It is eager: the flush settles it whenever a
/// push reaches it, so a dependency change restarts work in that same turn.
/// Results come back on the MainActor and are published as their own system
/// turns, staged on the status node like a source write, but only while
/// their generation is still current. The value node projects
/// `status.value` with the value's equality.
extension Cogs {
    /// Called by a status node's selector after the user's selector returned
    /// `job`: assigns the generation, schedules it, returns the pending status.
    @usableFromInline
    func asyncSelectorRan<Value>(
        reader: CogReader<CogStatus<Value>>,
        job: AsyncJob<Value>,
        policy: AsyncPolicy,
        equals: (@MainActor (Value, Value) -> Bool)?,
        makeDefault: @MainActor () -> Value
    ) -> CogStatus<Value> {
        let node = reader.node
        let row: AsyncRow<Value>
        if let existing = asyncRows[node], !existing.isReleased {
            row = unsafeDowncast(existing, to: AsyncRow<Value>.self)
        } else {
            row = AsyncRow(policy: policy, equals: equals)
            asyncRows[node] = row
        }
        // The default is produced once per state, when the state is created.
        let stored = reader.family.value(ofRow: reader.slot)
        let previous = stored ?? CogStatus(pendingWith: makeDefault())
        if stored == nil { recordInitialPendingTurn(node) }
        row.lastGeneration += 1
        let generation = row.lastGeneration
        switch policy {
        case .latest:
            for run in row.running { run.cancel() }
            row.running.removeAll()
            row.supersede(before: generation)
            start(generation, job, row: row, node: node)
        case .merged:
            start(generation, job, row: row, node: node)
        case .queue:
            if row.running.isEmpty {
                start(generation, job, row: row, node: node)
            } else {
                row.waiting.append((generation, job))
            }
        case .exhaustLatest:
            if row.running.isEmpty {
                start(generation, job, row: row, node: node)
            } else {
                for replaced in row.waiting { row.resolve(replaced.generation, .superseded) }
                row.waiting = [(generation, job)]
            }
        }
        return previous.pending()
    }

    /// A new async state's first pending status is a named turn of its own,
    /// `label.pending` (ASYNC-01, 23, 28), counted and kept in history like
    /// any publication. It is recorded, not flushed: it is published from
    /// inside the status node's first run, where nothing depends on the new
    /// state yet, so a flush would have nothing to push, and running one
    /// would re-enter the computation that is creating the state and run
    /// other work mid-read.
    private func recordInitialPendingTurn(_ node: Int32) {
        turns.completed += 1
        #if DEBUG
            // The read that created the state may itself be inside a turn's
            // flush; its later entries keep that turn's number.
            let enclosingTurn = history.currentTurn
            history.currentTurn = history.recordNestedTurn(named: "\(graph.label(of: node)).pending")
            recordState(.write, node)
            history.currentTurn = enclosingTurn
        #endif
    }

    private func start<Value>(_ generation: UInt64, _ job: AsyncJob<Value>, row: AsyncRow<Value>, node: Int32) {
        let ticket = CogWorkTicket(label: graph.label(of: node), generation: generation)
        let run = AsyncRun(generation: generation, ticket: ticket, state: graph.handle(of: node))
        row.running.append(run)
        // A queued generation's handles were bound before its work existed.
        for handle in row.waiters[generation] ?? [] { handle.ticket = ticket }
        // Each task carries the state's `name[key]` as its name (ASYNC-17),
        // so a debugger or profiler lists the work by the state it is for.
        switch job {
        case .run(let body):
            run.task = Task(name: ticket.label) { [weak self] in
                let result: Result<Value, any Error>
                do {
                    result = .success(try await CogWorkContext.$ticket.withValue(ticket) { try await body() })
                } catch {
                    result = .failure(error)
                }
                self?.runFinished(run, result, row: row, node: node)
                ticket.finish()
            }
        case .stream(let iterate):
            run.task = Task(name: ticket.label) { [weak self] in
                var failure: (any Error)?
                do {
                    try await CogWorkContext.$ticket.withValue(ticket) {
                        try await iterate { element in
                            let keepGoing = self?.streamElement(element, run: run, row: row, node: node) ?? false
                            ticket.noteProcessed()
                            return keepGoing
                        }
                    }
                } catch {
                    failure = error
                }
                self?.streamEnded(run, failure: failure, row: row, node: node)
                ticket.finish()
            }
        }
    }

    /// Whether `run` may still publish: not replaced or released by Cog, and
    /// still current once a lazily stale selector has been settled.
    private func isCurrent(_ run: AsyncRun, row: AsyncRowBase, node: Int32) -> Bool {
        guard !run.isSilenced, !row.isReleased, graph.isCurrent(run.state), asyncRows[node] === row else {
            return false
        }
        // A dependency change the flush has not settled (no demand) reruns
        // the selector now; under .latest that supersedes this run.
        graph.prepareRead(node)
        return !run.isSilenced && row.running.contains { $0 === run }
    }

    private func runFinished<Value>(
        _ run: AsyncRun, _ result: Result<Value, any Error>, row: AsyncRow<Value>, node: Int32
    ) {
        guard isCurrent(run, row: row, node: node) else {
            row.running.removeAll { $0 === run }
            return
        }
        row.running.removeAll { $0 === run }
        let family = statusFamily(of: node, as: Value.self)
        let status = family.value(ofRow: graph.slot[Int(node)])!
        switch result {
        case .success(let value):
            publish(status.succeeded(with: value, equals: row.equals), node: node, family: family, outcome: "success")
            row.resolve(run.generation, .success)
        case .failure(let error):
            publish(status.failed(with: error), node: node, family: family, outcome: "failure")
            row.resolve(run.generation, .failure(error))
        }
        startWaiting(row: row, node: node)
    }

    /// `.queue` and `.exhaustLatest`: the next request starts once the
    /// running one resolved, with its own pending turn.
    private func startWaiting<Value>(row: AsyncRow<Value>, node: Int32) {
        guard row.running.isEmpty, !row.waiting.isEmpty, !row.isReleased else { return }
        let next = row.waiting.removeFirst()
        let family = statusFamily(of: node, as: Value.self)
        let status = family.value(ofRow: graph.slot[Int(node)])!
        if status.storedKind != .pending {
            publish(status.pending(), node: node, family: family, outcome: "pending")
        }
        start(next.generation, next.job, row: row, node: node)
    }

    private func streamElement<Value>(_ element: Value, run: AsyncRun, row: AsyncRow<Value>, node: Int32) -> Bool {
        guard isCurrent(run, row: row, node: node) else { return false }
        let family = statusFamily(of: node, as: Value.self)
        let status = family.value(ofRow: graph.slot[Int(node)])!
        let duplicate =
            status.storedKind == .success && status.storedHasSucceeded
            && (row.equals?(status.storedValue, element) ?? false)
        if !duplicate {
            publish(status.succeeded(with: element, equals: row.equals), node: node, family: family, outcome: "success")
        }
        if run.takeFirstOutcome() { row.resolve(run.generation, .success) }
        return true
    }

    private func streamEnded<Value>(_ run: AsyncRun, failure: (any Error)?, row: AsyncRow<Value>, node: Int32) {
        guard isCurrent(run, row: row, node: node) else {
            row.running.removeAll { $0 === run }
            return
        }
        row.running.removeAll { $0 === run }
        // Natural end publishes nothing and starts nothing.
        guard let failure else { return }
        let family = statusFamily(of: node, as: Value.self)
        let status = family.value(ofRow: graph.slot[Int(node)])!
        publish(status.failed(with: failure), node: node, family: family, outcome: "failure")
        if run.takeFirstOutcome() { row.resolve(run.generation, .failure(failure)) }
    }

    private func statusFamily<Value>(of node: Int32, as _: Value.Type) -> Family<CogStatus<Value>> {
        unsafeDowncast(graph.family[Int(node)], to: Family<CogStatus<Value>>.self)
    }

    /// Publishes `status` as its own system turn, named `label.outcome`.
    private func publish<Value>(
        _ status: CogStatus<Value>, node: Int32, family: Family<CogStatus<Value>>, outcome: String
    ) {
        performTurn(named: systemTurnName("\(graph.label(of: node)).\(outcome)")) { _ in
            if isCapturing {
                capture(status, for: node, key: family.rowKeys[graph.slot[Int(node)]])
            } else {
                family.stage(status, slot: graph.slot[Int(node)])
            }
        }
    }

    // MARK: Refresh

    /// Starts a new generation of an async state even though no dependency
    /// changed, and returns a handle that follows exactly that generation.
    /// On a never-read state it is the one initial load.
    @discardableResult
    public func refresh<Reference: CogStatusReadable>(_ reference: Reference) -> CogRefresh {
        refresh(reference, owner: nil)
    }

    /// A refresh requested by `owner`: queued during a flush, it is rejected
    /// at its execution point if that controller retired first, and its
    /// handle resolves as withdrawn (it started nothing, and the state was
    /// not released).
    func refresh<Reference: CogStatusReadable>(_ reference: Reference, owner: CogController?) -> CogRefresh {
        let reference = reference.cogStatusReference
        let family = family(for: reference.descriptor)
        let row = family.row(for: reference.key)
        let node = family.node(ofRow: row)
        // A reaction is the place the message below sends the app, and a
        // turn or discard from one is queued (performTurn, discard): only a
        // selector or equality rule computing may not refresh. Without the
        // reaction exemption, m.refresh from m.watch trapped with this very
        // message (AsyncAdversarialTests, ASYNC-21).
        if let computing = graph.computingNode, !graph.flags[Int(computing)].contains(.reaction) {
            fatalError(
                "Cog: refresh of '\(graph.label(of: node))' was attempted while automatic cog '\(graph.label(of: computing))' was computing. "
                    + "Automatic computation cannot write; invoke the op outside automatic computation, "
                    + "from event handling or a reaction."
            )
        }
        let handle = CogRefresh()
        defer { noteTransientDemand(node) }
        let isNew = graph.flags[Int(node)].contains(.cold)
        switch turns.phase {
        case .accumulating where isNew:
            // Created once the turn's writes are committed, so its one
            // initial generation sees them (bindRefreshes creates it).
            turns.refreshBindings.append((node, handle))
        case .capturing:
            // Inside a captured turn's body (an op called from a reaction):
            // the refresh belongs to that turn, as it would at idle, so it
            // runs with the body's writes in one entry. Queued on its own it
            // ran first, on the pre-write inputs, and the body's dependency
            // write then superseded it: a wasted run and a handle resolving
            // superseded where the same op at idle starts one run and
            // succeeds (AsyncAdversarialTests, ASYNC-35). A never-read state
            // waits too, and is created when the entry runs, after the
            // body's writes commit, as in an accumulating body (ASYNC-23);
            // created at once it ran on the pre-write inputs and was replaced.
            turns.capturedRefreshes.append((graph.handle(of: node), handle))
        case _ where isNew:
            graph.prepareRead(node)
            bind(handle, to: node)
        case .idle:
            performTurn(named: systemTurnName("refresh(\(graph.label(of: node)))"), owner: owner) { _ in
                graph.invalidate(node)
            }
            bind(handle, to: node)
        case .accumulating:
            graph.invalidate(node)
            turns.refreshBindings.append((node, handle))
        case .flushing:
            turns.queued.append(
                .init(
                    name: "refresh(\(graph.label(of: node)))", owner: owner,
                    refreshes: [(graph.handle(of: node), handle)])
            )
        }
        return handle
    }

    /// Points `handle` at the newest generation of `node`.
    func bind(_ handle: CogRefresh, to node: Int32) {
        guard let row = asyncRows[node] else {
            handle.resolve(.released)
            return
        }
        handle.generation = row.lastGeneration
        handle.ticket = row.running.last { $0.generation == row.lastGeneration }?.ticket
        row.waiters[row.lastGeneration, default: []].append(handle)
    }

    // MARK: Status reads

    /// The status lens: `cogs.status[ref]` at the UI edge (per-field
    /// Observation) and `cogs.status.peek(ref)` for one-time reads.
    public var status: CogStatusLens { CogStatusLens(cogs: self) }

    @usableFromInline
    func uiStatusRead<Value>(_ reference: CogReference<CogStatus<Value>>) -> CogStatus<Value> {
        let family = family(for: reference.descriptor)
        let row = family.row(for: reference.key)
        let node = family.node(ofRow: row)
        graph.prepareRead(node)
        let boundary = graph.boundary(of: node) {
            StatusBoundary(
                current: { family.value(ofRow: row)!.fingerprint },
                initial: family.value(ofRow: row)!.fingerprint
            )
        }
        var status = family.value(ofRow: row)!
        status.boundary = unsafeDowncast(boundary, to: StatusBoundary.self)
        return status
    }

    @usableFromInline
    func statusPeek<Value>(_ reference: CogReference<CogStatus<Value>>) -> CogStatus<Value> {
        let family = family(for: reference.descriptor)
        let row = family.row(for: reference.key)
        let node = family.node(ofRow: row)
        graph.prepareRead(node)
        noteTransientDemand(node)
        return family.value(ofRow: row)!
    }

    // MARK: Seams for CogTesting

    /// Async tasks still running (replaced or released work that ignores
    /// cancellation included), across every state.
    package var liveAsyncRunCount: Int {
        asyncRows.values.reduce(0) { $0 + $1.running.count + $1.waitingCount }
    }

    /// The label of each running generation's task, `name[key]` (ASYNC-17).
    package var runningAsyncTaskLabels: [String] {
        asyncRows.values.flatMap { $0.running.map(\.ticket.label) }.sorted()
    }
}

/// `cogs.status`: the status lens at the UI edge.
@MainActor
public struct CogStatusLens {
    @usableFromInline let cogs: Cogs

    @inlinable init(cogs: Cogs) { self.cogs = cogs }

    /// The status, settled; each field the caller reads is tracked by
    /// Observation separately, and binding it tracks nothing.
    @inlinable
    public subscript<Reference: CogStatusReadable>(reference: Reference) -> CogStatus<Reference.Value> {
        cogs.uiStatusRead(reference.cogStatusReference)
    }

    /// A one-time status read: no dependency, subscription or boundary.
    @inlinable
    public func peek<Reference: CogStatusReadable>(_ reference: Reference) -> CogStatus<Reference.Value> {
        cogs.statusPeek(reference.cogStatusReference)
    }
}

extension CogReader {
    /// The status lens inside a selector: `c.status[ref]` tracks the whole status.
    @inlinable
    public var status: CogReaderStatusLens<Value> { CogReaderStatusLens(reader: self) }
}

/// `c.status` inside a selector.
@MainActor
public struct CogReaderStatusLens<ReaderValue> {
    @usableFromInline let reader: CogReader<ReaderValue>

    @inlinable init(reader: CogReader<ReaderValue>) { self.reader = reader }

    /// Reads the status and makes the running selector depend on it.
    @inlinable
    public subscript<Reference: CogStatusReadable>(reference: Reference) -> CogStatus<Reference.Value> {
        reader.ensureLive()
        return reader.cogs.read(
            reference.cogStatusReference, subscriber: Subscriber(node: reader.node, stamp: reader.stamp))
    }

    /// Reads the settled status without a dependency.
    @inlinable
    public func peek<Reference: CogStatusReadable>(_ reference: Reference) -> CogStatus<Reference.Value> {
        reader.ensureLive()
        return reader.cogs.read(reference.cogStatusReference, subscriber: .none)
    }
}
