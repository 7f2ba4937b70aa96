import Synchronization

/// The generations Cog cancelled, written from cancellation handlers on
/// whatever executor the cancelled task runs, and awaitable so a test can
/// wait for a cancellation instead of racing it.
nonisolated final class CancelledGenerations: Sendable {
    private struct State {
        var generations: Set<Int> = []
        var waiters: [(generation: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())

    func insert(_ generation: Int) {
        let woken = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.generations.insert(generation)
            var woken: [CheckedContinuation<Void, Never>] = []
            state.waiters.removeAll { waiter in
                guard waiter.generation == generation else { return false }
                woken.append(waiter.continuation)
                return true
            }
            return woken
        }
        for continuation in woken { continuation.resume() }
    }

    func contains(_ generation: Int) -> Bool {
        state.withLock { $0.generations.contains(generation) }
    }

    /// Returns once `generation` has been inserted.
    func reached(_ generation: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let already = state.withLock { state -> Bool in
                if state.generations.contains(generation) { return true }
                state.waiters.append((generation, continuation))
                return false
            }
            if already { continuation.resume() }
        }
    }
}
