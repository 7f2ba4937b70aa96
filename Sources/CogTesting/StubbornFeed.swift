import Synchronization

/// A stream that, like a careless network feed, keeps delivering after the
/// task consuming it was cancelled: cancellation is noted and otherwise
/// ignored. A test drives it through `ControlledStream.stubbornSequence()`,
/// so that a late element or a late `CancellationError` actually reaches
/// Cog, and Cog's own guard (not the stream) is what keeps it off screen.
public nonisolated final class StubbornFeed<Element: Sendable>: AsyncSequence, Sendable {
    public typealias Failure = any Error

    private struct State {
        var buffered: [Result<Element?, any Error>] = []
        var waiter: CheckedContinuation<Element?, any Error>?
    }

    private let state = Mutex(State())
    private let onCancel: @Sendable () -> Void

    init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = onCancel
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        let feed: StubbornFeed

        @concurrent
        public mutating func next() async throws -> Element? {
            try await feed.take()
        }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(feed: self) }

    /// Hands `event` to the consumer: an element, the end (nil), or a failure.
    func send(_ event: Result<Element?, any Error>) {
        let waiter = state.withLock { state -> CheckedContinuation<Element?, any Error>? in
            guard let waiter = state.waiter else {
                state.buffered.append(event)
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume(with: event)
    }

    @concurrent
    private func take() async throws -> Element? {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let ready = state.withLock { state -> Result<Element?, any Error>? in
                    if !state.buffered.isEmpty { return state.buffered.removeFirst() }
                    state.waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: { [onCancel] in
            onCancel()
        }
    }
}
