import Cog
import Synchronization

/// Deterministic one-shot async work for tests: `.run { try await work.run() }`.
///
/// Each call of `run()` is one generation, numbered from 1 in the order Cog
/// starts them. `started(_:)` waits until a generation began; `succeed` and
/// `fail` complete exactly that generation and return only after Cog has
/// accepted or rejected its result, so the next line of a test sees the
/// outcome. Completing a generation that has not started does nothing.
/// Work ignores cancellation (it completes only when the test says so);
/// `wasCancelled(_:)` reports whether Cog cancelled it.
@MainActor
public final class ControlledWork<Value> {
    private struct Entry {
        var continuation: CheckedContinuation<Value, any Error>?
        var ticket: CogWorkTicket?
        /// The name of the task that ran it (`Task.name`).
        var taskName: String?
        var completed = false
    }

    private var entries: [Int: Entry] = [:]
    private var startWaiters: [(generation: Int, continuation: CheckedContinuation<Void, Never>)] = []
    private let cancelled = CancelledGenerations()
    private let startsContinuation: AsyncStream<Int>.Continuation

    /// Each generation's number, announced when Cog begins its operation.
    public let starts: AsyncStream<Int>
    /// How many generations Cog has started.
    public private(set) var generationCount = 0

    public init() {
        (starts, startsContinuation) = AsyncStream.makeStream(of: Int.self)
    }

    /// The work body: suspends until the test completes this generation.
    public func run() async throws -> Value {
        generationCount += 1
        let generation = generationCount
        entries[generation] = Entry(ticket: CogWorkContext.ticket, taskName: Task.name)
        startsContinuation.yield(generation)
        wakeStartWaiters()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                entries[generation]?.continuation = continuation
            }
        } onCancel: { [cancelled] in
            cancelled.insert(generation)
        }
    }

    /// Returns once generation `generation` has started.
    public func started(_ generation: Int) async {
        if generationCount >= generation { return }
        await withCheckedContinuation { startWaiters.append((generation, $0)) }
    }

    /// Completes `generation` with `value`, then waits until Cog processed it.
    public func succeed(_ generation: Int, with value: sending Value) async {
        guard let continuation = claim(generation) else { return }
        continuation.resume(returning: value)
        await entries[generation]?.ticket?.waitUntilFinished()
    }

    /// Completes `generation` by throwing `error`, then waits until Cog processed it.
    public func fail(_ generation: Int, _ error: any Error) async {
        guard let continuation = claim(generation) else { return }
        continuation.resume(throwing: error)
        await entries[generation]?.ticket?.waitUntilFinished()
    }

    /// Whether Cog cancelled `generation`'s task (replacement or release).
    public nonisolated func wasCancelled(_ generation: Int) -> Bool {
        cancelled.contains(generation)
    }

    /// Whether `generation` has started and not yet been completed.
    public func isPending(_ generation: Int) -> Bool {
        guard let entry = entries[generation] else { return false }
        return !entry.completed
    }

    /// The label of the state `generation` ran for (`name[key]`).
    public func label(of generation: Int) -> String? {
        entries[generation]?.ticket?.label
    }

    /// The name of the task `generation` ran in, as the runtime reports it.
    public func taskName(of generation: Int) -> String? {
        entries[generation]?.taskName
    }

    /// Marks a started, uncompleted generation completed and hands back its continuation.
    private func claim(_ generation: Int) -> CheckedContinuation<Value, any Error>? {
        guard var entry = entries[generation], !entry.completed, let continuation = entry.continuation else {
            return nil
        }
        entry.completed = true
        entry.continuation = nil
        entries[generation] = entry
        return continuation
    }

    private func wakeStartWaiters() {
        var index = 0
        while index < startWaiters.count {
            if startWaiters[index].generation <= generationCount {
                startWaiters.remove(at: index).continuation.resume()
            } else {
                index += 1
            }
        }
    }
}

/// Deterministic streams for latest-policy `.stream` cogs:
/// `.stream { stream.sequence() }`.
///
/// Each `sequence()` call is one generation, numbered from 1 when Cog
/// begins consuming it. `yield`, `finish` and `fail` drive exactly that
/// generation and return once Cog processed the event.
@MainActor
public final class ControlledStream<Element> {
    private struct Entry {
        /// Hands an element, the end (nil) or a failure to the generation.
        var send: (sending Result<Element?, any Error>) -> Void
        var ticket: CogWorkTicket?
        var yielded = 0
    }

    private var entries: [Int: Entry] = [:]
    private var startWaiters: [(generation: Int, continuation: CheckedContinuation<Void, Never>)] = []
    private let cancelled = CancelledGenerations()
    private let startsContinuation: AsyncStream<Int>.Continuation

    /// Each generation's number, announced when Cog begins consuming it.
    public let starts: AsyncStream<Int>
    /// How many generations Cog has started (one per selector run that
    /// started work), so a proof can bound the work started.
    public private(set) var generationCount = 0

    public init() {
        (starts, startsContinuation) = AsyncStream.makeStream(of: Int.self)
    }

    /// The sequence of the next generation. It ends when Cog cancels it, as
    /// a well-behaved stream does, so nothing late ever reaches Cog.
    public func sequence() -> AsyncThrowingStream<Element, any Error> {
        let generation = nextGeneration()
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Element.self, throwing: (any Error).self)
        continuation.onTermination = { [cancelled] termination in
            if case .cancelled = termination { cancelled.insert(generation) }
        }
        register(generation) { event in
            switch event {
            case .success(let element?): continuation.yield(element)
            case .success(nil): continuation.finish()
            case .failure(let error): continuation.finish(throwing: error)
            }
        }
        return stream
    }

    /// The sequence of the next generation, delivering whatever the test
    /// sends even after Cog cancelled it (`StubbornFeed`): late elements
    /// and errors reach Cog, whose own guard must drop them.
    public func stubbornSequence() -> StubbornFeed<Element> where Element: Sendable {
        let generation = nextGeneration()
        let feed = StubbornFeed<Element> { [cancelled] in cancelled.insert(generation) }
        register(generation) { feed.send($0) }
        return feed
    }

    private func nextGeneration() -> Int {
        generationCount += 1
        return generationCount
    }

    private func register(_ generation: Int, send: @escaping (sending Result<Element?, any Error>) -> Void) {
        entries[generation] = Entry(send: send, ticket: CogWorkContext.ticket)
        startsContinuation.yield(generation)
        var index = 0
        while index < startWaiters.count {
            if startWaiters[index].generation <= generationCount {
                startWaiters.remove(at: index).continuation.resume()
            } else {
                index += 1
            }
        }
    }

    /// Returns once generation `generation` has started.
    public func started(_ generation: Int) async {
        if generationCount >= generation { return }
        await withCheckedContinuation { startWaiters.append((generation, $0)) }
    }

    /// Yields `element` to `generation`, then waits until Cog processed it
    /// (or stopped consuming that generation).
    public func yield(_ generation: Int, _ element: sending Element) async {
        guard var entry = entries[generation] else { return }
        entry.yielded += 1
        entries[generation] = entry
        entry.send(.success(element))
        await entry.ticket?.waitUntilProcessed(entry.yielded)
    }

    /// Ends `generation` naturally, then waits until Cog processed the end.
    public func finish(_ generation: Int) async {
        guard let entry = entries[generation] else { return }
        entry.send(.success(nil))
        await entry.ticket?.waitUntilFinished()
    }

    /// Ends `generation` by throwing `error`, then waits until Cog processed it.
    public func fail(_ generation: Int, _ error: any Error) async {
        guard let entry = entries[generation] else { return }
        entry.send(.failure(error))
        await entry.ticket?.waitUntilFinished()
    }

    /// Whether Cog cancelled `generation` (replacement or release).
    ///
    /// A stream's consumer sits on another executor between elements, so
    /// Cog's cancellation can land there after the action that caused it
    /// returned; await `cancelled(_:)` first where that matters.
    public nonisolated func wasCancelled(_ generation: Int) -> Bool {
        cancelled.contains(generation)
    }

    /// Returns once Cog's cancellation has reached `generation`'s sequence.
    public nonisolated func cancelled(_ generation: Int) async {
        await cancelled.reached(generation)
    }
}
