/// How a `values(of:buffering:)` subscriber's buffer behaves while its
/// reader is slow. No policy ever blocks a turn.
public nonisolated enum CogBuffering: Sendable, Equatable {
    /// Keep the newest `n` values; older waiting values are skipped.
    case newest(Int)
    /// Keep the oldest `n` waiting values; newer ones are dropped while full.
    case oldest(Int)
    /// Keep every value.
    case unbounded
}

/// One subscriber's buffer: filled by the flush, drained by the reader.
@MainActor
final class ExportBuffer<Value: Sendable> {
    let buffering: CogBuffering
    private var values: [Value] = []
    private var waiter: CheckedContinuation<Value?, Never>?
    private(set) var isFinished = false
    /// Ends the subscription's graph lease (its node stops running).
    var onFinish: (@MainActor () -> Void)?

    init(buffering: CogBuffering) {
        self.buffering = buffering
    }

    // Written out, as the design asks of every generic class (see Family).
    nonisolated deinit {}

    func offer(_ value: Value) {
        guard !isFinished else { return }
        if let waiter {
            self.waiter = nil
            waiter.resume(returning: value)
            return
        }
        switch buffering {
        case .newest(let limit):
            values.append(value)
            if values.count > max(limit, 1) { values.removeFirst(values.count - max(limit, 1)) }
        case .oldest(let limit):
            if values.count < max(limit, 1) { values.append(value) }
        case .unbounded:
            values.append(value)
        }
    }

    func next() async -> Value? {
        if !values.isEmpty { return values.removeFirst() }
        if isFinished { return nil }
        return await withCheckedContinuation { waiter = $0 }
    }

    func finish() {
        guard !isFinished else { return }
        isFinished = true
        values.removeAll()
        waiter?.resume(returning: nil)
        waiter = nil
        onFinish?()
        onFinish = nil
    }
}

/// What a lease ends: a subscription's buffer, whatever its value type.
@MainActor
protocol ExportSubscription: AnyObject {
    func finish()
}

extension ExportBuffer: ExportSubscription {}

/// Keeps a subscription open for as long as something that can still read
/// it exists: the sequence `values(of:)` returned and every iterator made
/// from it hold the lease, and the last of them to go ends the subscription
/// (its buffer, its registration and its graph lease). So a reading loop
/// left by `break`, `return`, a thrown error, `first(where:)` or `prefix`,
/// or an iterator dropped unread, leaves nothing behind. Not generic, so its
/// deinit may be isolated (generic classes write out a nonisolated one).
@MainActor
final class ExportLease {
    private let subscription: any ExportSubscription

    init(_ subscription: any ExportSubscription) {
        self.subscription = subscription
    }

    // The last holder may be released off the main actor (an iterator
    // read from another actor); the runtime then runs this on the main one.
    isolated deinit {
        subscription.finish()
    }
}

/// The `AsyncSequence` `cogs.values(of:buffering:)` returns: the current
/// settled value first, then each changed value. Iterate it on the MainActor.
/// The subscription ends when the reading task is cancelled, on `cancel()`,
/// or once neither the sequence nor any iterator made from it is left.
public nonisolated struct CogValues<Value: Sendable>: AsyncSequence, Sendable {
    public typealias Element = Value
    public typealias Failure = Never

    let buffer: ExportBuffer<Value>
    let lease: ExportLease

    public nonisolated struct AsyncIterator: AsyncIteratorProtocol {
        let buffer: ExportBuffer<Value>
        let lease: ExportLease

        // Both on the reader's own actor: a MainActor loop (the usual one)
        // pays no hop per value. `for await` calls the isolated form.
        nonisolated(nonsending)
            public mutating func next() async -> Value?
        {
            await next(isolation: #isolation)
        }

        public mutating func next(isolation actor: isolated (any Actor)?) async -> Value? {
            let buffer = buffer
            return await withTaskCancellationHandler {
                await buffer.next()
            } onCancel: {
                Task { @MainActor in buffer.finish() }
            }
        }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(buffer: buffer, lease: lease) }

    /// Ends the subscription now: its lease is released and the reader's
    /// loop ends.
    @MainActor
    public func cancel() { buffer.finish() }
}

extension Cogs {
    /// Exports a state as an `AsyncSequence`: the current settled value
    /// first (subscribing settles a cold state), then each changed value,
    /// offered in flush step 3 so before any reaction runs. Each subscriber
    /// owns its buffer and graph lease.
    public func values<Reference: CogReadable>(
        of reference: Reference,
        buffering: CogBuffering = .newest(1)
    ) -> CogValues<Reference.Value> where Reference.Value: Sendable {
        let reference = reference.cogReference
        let buffer = ExportBuffer<Reference.Value>(buffering: buffering)
        // The body captures the buffer; the registration's slot owns it
        // until the subscription ends, and the node (with its family) is
        // then reused by a later registration.
        let body = ReactionBody { reader in buffer.offer(reader[reference]) }
        let node = claimRegistration(
            named: "values(of: \(reference.descriptor.name))", body: body, isExport: true)
        graph.flags[Int(node)].remove(.releasable)
        registrationSlots[node]?.ownedBody = body
        registrationSlots[node]?.onTeardown = { [weak buffer] in buffer?.finish() }
        // The handle, not the node: a reused node belongs to a later
        // registration, which this buffer must not retire.
        let handle = graph.handle(of: node)
        buffer.onFinish = { [weak self] in
            guard let self else { return }
            self.exportCount -= 1
            guard self.graph.isCurrent(handle) else { return }
            self.retireReaction(node)
        }
        graph.prepareRead(node)
        exportCount += 1
        return CogValues(buffer: buffer, lease: ExportLease(buffer))
    }
}
