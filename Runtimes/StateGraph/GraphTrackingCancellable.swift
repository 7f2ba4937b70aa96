/// Cancels a tracking scope, a group or a map, and everything nested in it.
///
/// Stands in for Combine's `AnyCancellable`, which the original returns:
/// dropping the last reference cancels. Groups and maps form a tree of these;
/// a rerun cancels its children before running the handler again, so nested
/// scopes are rebuilt by the rerun rather than piling up.
public final class GraphTrackingCancellable: Hashable, Sendable {
    private struct State {
        var isCancelled = false
        var children: [GraphTrackingCancellable] = []
        var onCancel: (@Sendable () -> Void)?
    }

    private let state: LockedState<State>

    init(onCancel: (@Sendable () -> Void)? = nil) {
        state = LockedState(State(onCancel: onCancel))
    }

    deinit {
        cancel()
    }

    public static func == (lhs: GraphTrackingCancellable, rhs: GraphTrackingCancellable) -> Bool {
        lhs === rhs
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }

    public var isCancelled: Bool {
        state.withLock { $0.isCancelled }
    }

    public func cancel() {
        let (children, onCancel) = state.withLock { state -> ([GraphTrackingCancellable], (@Sendable () -> Void)?) in
            if state.isCancelled { return ([], nil) }
            state.isCancelled = true
            let taken = (state.children, state.onCancel)
            state.children = []
            state.onCancel = nil
            return taken
        }
        for child in children {
            child.cancel()
        }
        onCancel?()
    }

    /// Attaches a nested scope; one added to a cancelled parent is cancelled.
    func addChild(_ child: GraphTrackingCancellable) {
        let accepted = state.withLock { state -> Bool in
            if state.isCancelled { return false }
            state.children.append(child)
            return true
        }
        if !accepted {
            child.cancel()
        }
    }

    /// Cancels and forgets the nested scopes, before a rerun rebuilds them.
    func cancelChildren() {
        let children = state.withLock { state -> [GraphTrackingCancellable] in
            let taken = state.children
            state.children = []
            return taken
        }
        for child in children {
            child.cancel()
        }
    }
}

/// The top-level groups and maps started inside one `withGraphTracking`.
final class Subscriptions: Sendable {
    private let members = LockedState<[GraphTrackingCancellable]>([])

    func append(_ cancellable: GraphTrackingCancellable) {
        members.withLock { $0.append(cancellable) }
    }

    func cancelAll() {
        let taken = members.withLock { members -> [GraphTrackingCancellable] in
            let taken = members
            members = []
            return taken
        }
        for member in taken {
            member.cancel()
        }
    }
}
