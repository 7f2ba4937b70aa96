import StateGraph
import Synchronization

/// Counts how many times a rule ran. Rules are `@Sendable` and may run on
/// any thread, so the count sits behind a mutex.
final class RunCounter: Sendable {
    private let count = Mutex(0)

    func hit() {
        count.withLock { $0 += 1 }
    }

    var value: Int {
        count.withLock { $0 }
    }
}

/// Hands each value a tracking handler sees to the test, which awaits them
/// one at a time: delivery is asynchronous, and the test waits on this
/// signal rather than on time.
@MainActor
final class Signal<Value: Sendable> {
    private var buffered: [Value] = []
    private var waiter: CheckedContinuation<Value, Never>?
    /// Every value sent so far, in order.
    private(set) var received: [Value] = []

    init() {}

    func send(_ value: Value) {
        received.append(value)
        if let waiter {
            self.waiter = nil
            waiter.resume(returning: value)
        } else {
            buffered.append(value)
        }
    }

    /// The next value sent, waiting for it if it has not been sent yet.
    func next() async -> Value {
        if !buffered.isEmpty {
            return buffered.removeFirst()
        }
        return await withCheckedContinuation { waiter = $0 }
    }
}

/// Whether `node` is the source of `edge`.
func isEdge(_ edge: Edge, from node: some TypeErasedNode) -> Bool {
    edge.from.map { $0 === node } ?? false
}
