/// A one-shot record that one tracking pass (a group or map run) read some
/// nodes.
///
/// Every node the pass reads keeps the registration in its set. The first
/// node to change after that takes it out of its set and calls `perform()`,
/// which enqueues a Task that runs the callback on the isolation captured
/// when the pass started. Later `perform()` calls do nothing, so any number
/// of synchronous writes before the Task runs cause one rerun. Delivery is
/// never synchronous.
public final class TrackingRegistration: Hashable, Sendable {
    private struct State {
        var isInvalidated = false
    }

    private let state = LockedState(State())
    private let callback: UncheckedSendable<() -> Void>
    private let isolation: (any Actor)?

    init(isolation: isolated (any Actor)? = #isolation, didChange: @escaping () -> Void) {
        self.callback = UncheckedSendable(didChange)
        self.isolation = isolation
    }

    public static func == (lhs: TrackingRegistration, rhs: TrackingRegistration) -> Bool {
        lhs === rhs
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }

    var isInvalidated: Bool {
        state.withLock { $0.isInvalidated }
    }

    func perform() {
        let shouldDeliver = state.withLock { state -> Bool in
            if state.isInvalidated { return false }
            // A pass that writes a node it has just read would otherwise
            // schedule itself again for ever; the write is not a change the
            // pass needs to hear about.
            if ThreadLocal.registration.value === self { return false }
            state.isInvalidated = true
            return true
        }
        guard shouldDeliver else { return }
        let callback = self.callback
        let isolation = self.isolation
        Task {
            await runIsolated(callback.value, on: isolation)
        }
    }
}

/// Calls `body` on `isolation`, or on the global executor when it is nil.
private func runIsolated(_ body: () -> Void, on isolation: isolated (any Actor)?) {
    body()
}

/// Carries a value the caller promises is only used on its own isolation.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
