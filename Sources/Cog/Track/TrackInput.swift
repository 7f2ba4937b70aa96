import Observation

/// One outside `@Observable` input that consumers read with `c.track`, and
/// the observation that follows it.
///
/// The input is a hidden source node in the graph (a row of
/// `trackInputDescriptor`, flagged `tracked`) that its consumers link to
/// as an ordinary dependency. Its value is only a version: consumers read
/// the property itself, so a consumer that runs for any reason sees the
/// newest value. When the observation reports a change, one main-actor
/// suspension after the mutation, the input bumps its version in a turn
/// of its own, so dependents settle with the usual push and pull and
/// reactions run in that turn's flush.
@MainActor
final class TrackInput {
    /// The input's key in the hidden family (a row id, reused once stopped).
    let id: Int
    /// The hidden source node its consumers link to.
    let node: Int32
    let identity: TrackIdentity
    /// What turn names call it: the model's type for the key-path form (an
    /// `@Observable` property's key path describes itself by address), or
    /// the consumer's label and position for the closure form.
    let label: String
    let backend: TrackBackend
    let ledger: TrackLedger
    /// Weak: an observer that fires after teardown finds no runtime.
    private weak var cogs: Cogs?

    /// Reads the tracked value and drops it: what an arm (and the shim's
    /// re-arm) evaluates under Observation tracking. It holds the model;
    /// nil once stopped.
    private var read: (@MainActor () -> Void)?
    /// Bumped by every arm and by stopping: a callback or element of an
    /// older arm finds it stale and does nothing.
    private var generation: UInt64 = 0
    /// The `Observations` backend's iterating task.
    private var task: Task<Void, Never>?
    /// True while `Task.immediate` runs an `Observations` task's first
    /// step inside the consumer's run: its first element then only arms.
    private var startingInline = false
    private(set) var isStopped = false

    init(id: Int, node: Int32, identity: TrackIdentity, label: String, backend: TrackBackend, cogs: Cogs) {
        self.id = id
        self.node = node
        self.identity = identity
        self.label = label
        self.backend = backend
        self.ledger = cogs.tracking.ledger
        self.cogs = cogs
    }

    /// Starts (or restarts) observing what `value` reads, then reads it: a
    /// change made after the consumer's read is always reported. On the
    /// `Observations` path `value` runs twice (the first element arms, then
    /// the consumer's value), so a tracked closure should only read.
    func arm<Value>(_ value: @escaping @MainActor () -> Value) -> Value {
        read = { _ = value() }
        generation &+= 1
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *), backend == .observations {
            cancelTask()
            startObservations()
            return value()
        }
        return armTracking(value)
    }

    /// Stops observing and hands back what the input captured (the model),
    /// for the runtime to release outside the graph's loops.
    func stop() -> (@MainActor () -> Void)? {
        isStopped = true
        generation &+= 1
        cancelTask()
        defer { read = nil }
        return read
    }

    /// Cancels the `Observations` task, which ends at its next step.
    private func cancelTask() {
        guard let task else { return }
        task.cancel()
        self.task = nil
        ledger.observerCancelled()
    }

    /// One boundary's changes: bump the version in a turn.
    private func changed() {
        cogs?.propagate(self)
    }

    // MARK: Observations

    /// Iterates `Observations` over `read` in a task started with
    /// `Task.immediate`, so its first step (which evaluates `read` and
    /// installs the tracking) runs now, inside the consumer's run. Every
    /// later element is one boundary's changes: mutations made before the
    /// main actor next suspends coalesce into it.
    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    private func startObservations() {
        let ledger = self.ledger
        let generation = self.generation
        ledger.observerStarted()
        startingInline = true
        defer { startingInline = false }
        task = Task.immediate { [weak self] in
            let changes = Observations { [weak self] in self?.read?() }
            var first = true
            for await _ in changes {
                guard let input = self, input.generation == generation else { break }
                if first {
                    first = false
                    // Taken inside the consumer's run, before its read: it
                    // only armed. Taken later, a change may lie between.
                    if input.startingInline { continue }
                }
                input.changed()
            }
            ledger.observerEnded()
        }
    }

    // MARK: withObservationTracking

    /// Evaluates `value` under one-shot tracking. The change callback comes
    /// in the first mutation's `willSet`, before the new value is stored,
    /// so it only schedules the re-arm on the main actor: that job runs
    /// after the mutating code suspended, when the value is written.
    private func armTracking<Value>(_ value: () -> Value) -> Value {
        let generation = self.generation
        return withObservationTracking(value) { [weak self] in
            Task { @MainActor in self?.rearmAfterChange(generation) }
        }
    }

    /// The shim's boundary: re-arm (reading the newest value), acknowledge
    /// the re-arm, then propagate. Re-arming first means a write made by
    /// the propagation's own flush (a reaction writing the model) is seen.
    private func rearmAfterChange(_ fired: UInt64) {
        guard !isStopped, fired == generation, let read else { return }
        generation &+= 1
        armTracking(read)
        ledger.rearmed()
        changed()
    }
}

/// Which input a `c.track` call names.
enum TrackIdentity: Hashable {
    /// `c.track(model, \.name)`: one input per object and key path, shared
    /// by every consumer that reads it. The input holds the object, so its
    /// identifier is not reused while the entry exists.
    case keyPath(ObjectIdentifier, AnyKeyPath)
    /// `c.track { … }`: the consumer's `ordinal`-th closure-form call in its
    /// run. A closure has no identity of its own.
    case closure(consumer: Int32, ordinal: Int)
}
