import Synchronization

/// A heap-allocated mutex around a small piece of state.
///
/// This stands in for Apple's `OSAllocatedUnfairLock`, which the original
/// uses for edges, tracking registrations and tracking handlers. That lock is
/// a separate heap allocation on Apple platforms, so this one is a class too:
/// an edge costs two allocations (the edge and its lock) as it does there.
final class LockedState<State: ~Copyable>: Sendable {
    private let mutex: Mutex<State>

    init(_ initialState: consuming sending State) {
        mutex = Mutex(initialState)
    }

    func withLock<Result: ~Copyable, Failure: Error>(
        _ body: (inout sending State) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        try mutex.withLock(body)
    }
}
