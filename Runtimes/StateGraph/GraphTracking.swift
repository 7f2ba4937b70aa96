/// Runs `scope` synchronously with a fresh subscription set installed, and
/// returns a cancellable that ends every group and map started inside it.
///
/// Groups and maps must be started inside this scope (or inside another
/// group's handler); the returned value keeps them alive.
public func withGraphTracking(_ scope: () -> Void) -> GraphTrackingCancellable {
    let subscriptions = Subscriptions()
    ThreadLocal.subscriptions.withValue(subscriptions, scope)
    return GraphTrackingCancellable(onCancel: { subscriptions.cancelAll() })
}

/// Attaches a new group or map to the scope that is running: the enclosing
/// handler if there is one, else the `withGraphTracking` subscription set.
func attachToCurrentScope(_ cancellable: GraphTrackingCancellable) {
    if let parent = ThreadLocal.currentCancellable.value {
        parent.addChild(cancellable)
    } else if let subscriptions = ThreadLocal.subscriptions.value {
        subscriptions.append(cancellable)
    } else {
        preconditionFailure("withGraphTrackingGroup and withGraphTrackingMap must run inside withGraphTracking")
    }
}

/// A handler with its own lock, held while the handler runs, as the original
/// holds its handler lock; reruns of one group therefore never overlap.
final class TrackingHandler: Sendable {
    private let lock = LockedState(())
    private let body: UncheckedSendable<() -> Void>

    init(_ body: @escaping () -> Void) {
        self.body = UncheckedSendable(body)
    }

    func run() {
        lock.withLock { _ in body.value() }
    }
}

/// Runs `handler` now, recording every node it reads, and again (in a Task
/// on `isolation`) after any of them changes, with fresh tracking each time.
///
/// A rerun happens whenever a read node is invalidated, even if a computed
/// it read recomputes to an equal value: the registration fires when the
/// node becomes dirty. Synchronous changes before the rerun coalesce into one.
public func withGraphTrackingGroup(
    _ handler: @escaping () -> Void,
    isolation: isolated (any Actor)? = #isolation
) {
    let cancellable = GraphTrackingCancellable()
    attachToCurrentScope(cancellable)
    runTrackingPass(TrackingHandler(handler), cancellable: cancellable, isolation: isolation)
}

/// One pass of a group or map: cancel nested scopes from the last pass, then
/// run the handler with a new one-shot registration installed.
func runTrackingPass(
    _ handler: TrackingHandler,
    cancellable: GraphTrackingCancellable,
    isolation: isolated (any Actor)?
) {
    if cancellable.isCancelled { return }
    cancellable.cancelChildren()
    let registration = TrackingRegistration(isolation: isolation) { [weak cancellable] in
        guard let cancellable else { return }
        runTrackingPass(handler, cancellable: cancellable, isolation: isolation)
    }
    ThreadLocal.registration.withValue(registration) {
        ThreadLocal.currentCancellable.withValue(cancellable) {
            handler.run()
        }
    }
}
