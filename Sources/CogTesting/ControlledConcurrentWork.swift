import Cog
import Synchronization

/// Deterministic `@concurrent` work for tests (ASYNC-16, ASYNC-36): an async
/// selector returns `.run { try await expensive(work) }`, where `expensive`
/// is the application's `@concurrent` function and calls `work.run()`.
///
/// Unlike `ControlledWork`, whose `run()` is MainActor-isolated, `run()`
/// here is `@concurrent`: each generation waits off the MainActor until the
/// test completes it. Generations are numbered from 1 in the order Cog
/// starts them. `succeed` and `fail` complete exactly that generation and
/// return only after Cog accepted or rejected its result. A generation Cog
/// cancels (replacement or release) gets a cooperative stop: its `run()`
/// throws `CancellationError` in its own task, off the actor; `finished`
/// returns once that task ended.
public nonisolated final class ControlledConcurrentWork<Value: Sendable>: Sendable {
    private struct Entry {
        var continuation: CheckedContinuation<Value, any Error>?
        var ticket: CogWorkTicket?
        var completed = false
        var cancelled = false
        var ready = false
    }

    private struct State {
        var entries: [Int: Entry] = [:]
        var generationCount = 0
        var startWaiters: [(generation: Int, continuation: CheckedContinuation<Void, Never>)] = []

        mutating func takeReadyWaiters() -> [CheckedContinuation<Void, Never>] {
            let ready = startWaiters.filter { entries[$0.generation]?.ready == true }.map(\.continuation)
            startWaiters.removeAll { entries[$0.generation]?.ready == true }
            return ready
        }
    }

    private let state = Mutex(State())

    public init() {}

    /// How many generations Cog has started.
    public var generationCount: Int { state.withLock { $0.generationCount } }

    /// The work body, run off the MainActor: suspends until the test
    /// completes this generation, or throws `CancellationError` once Cog
    /// cancelled its task.
    @concurrent
    public func run() async throws -> Value {
        let ticket = CogWorkContext.ticket
        let generation = state.withLock { state -> Int in
            state.generationCount += 1
            state.entries[state.generationCount] = Entry(ticket: ticket)
            return state.generationCount
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                // The generation counts as started once the test can complete it.
                let (cancelled, woken) = state.withLock { state -> (Bool, [CheckedContinuation<Void, Never>]) in
                    if state.entries[generation]?.cancelled == true { return (true, []) }
                    state.entries[generation]?.continuation = continuation
                    state.entries[generation]?.ready = true
                    return (false, state.takeReadyWaiters())
                }
                if cancelled { continuation.resume(throwing: CancellationError()) }
                for waiter in woken { waiter.resume() }
            }
        } onCancel: {
            let continuation = state.withLock { state -> CheckedContinuation<Value, any Error>? in
                state.entries[generation]?.cancelled = true
                let continuation = state.entries[generation]?.continuation
                state.entries[generation]?.continuation = nil
                return continuation
            }
            continuation?.resume(throwing: CancellationError())
        }
    }

    /// Returns once generation `generation` has started and waits for the test.
    @concurrent
    public func started(_ generation: Int) async {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Bool in
                if state.entries[generation]?.ready == true { return true }
                state.startWaiters.append((generation, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Completes `generation` with `value`, then waits until Cog processed it.
    @MainActor
    public func succeed(_ generation: Int, with value: Value) async {
        guard let (continuation, ticket) = claim(generation) else { return }
        continuation.resume(returning: value)
        await ticket?.waitUntilFinished()
    }

    /// Completes `generation` by throwing `error`, then waits until Cog processed it.
    @MainActor
    public func fail(_ generation: Int, _ error: any Error) async {
        guard let (continuation, ticket) = claim(generation) else { return }
        continuation.resume(throwing: error)
        await ticket?.waitUntilFinished()
    }

    /// Returns once `generation`'s task ended (its outcome accepted or
    /// rejected, or its cancellation processed).
    @MainActor
    public func finished(_ generation: Int) async {
        let ticket = state.withLock { $0.entries[generation]?.ticket }
        await ticket?.waitUntilFinished()
    }

    /// Whether Cog cancelled `generation`'s task.
    public func wasCancelled(_ generation: Int) -> Bool {
        state.withLock { $0.entries[generation]?.cancelled ?? false }
    }

    private func claim(_ generation: Int) -> (CheckedContinuation<Value, any Error>, CogWorkTicket?)? {
        state.withLock { state in
            guard var entry = state.entries[generation], !entry.completed, let continuation = entry.continuation else {
                return nil
            }
            entry.completed = true
            entry.continuation = nil
            state.entries[generation] = entry
            return (continuation, entry.ticket)
        }
    }
}
