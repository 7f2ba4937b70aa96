import Foundation

/// What every node offers the graph machinery, whatever its value type.
///
/// There is no graph object: nodes find each other only through their edge
/// arrays, and each node guards its own fields with its own recursive lock.
/// The arrays are settable because a reader appends the edge it creates to
/// the node it is computing while holding that node's lock.
public protocol TypeErasedNode: AnyObject, Hashable, Sendable {
    var info: NodeInfo { get }
    var lock: NSRecursiveLock { get }

    /// Edges to the nodes that read this one.
    var outgoingEdges: ContiguousArray<Edge> { get set }
    /// Edges from the nodes this one read during its last computation.
    var incomingEdges: ContiguousArray<Edge> { get set }
    /// One-shot tracking registrations that read this node.
    var trackingRegistrations: Set<TrackingRegistration> { get set }

    var potentiallyDirty: Bool { get set }
    func recomputeIfNeeded()
}

/// A node with a value.
public protocol Node: TypeErasedNode {
    associatedtype Value
    var wrappedValue: Value { get }
}

extension TypeErasedNode {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs === rhs
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }

    /// Detaches `edge` from this node's outgoing list: a linear identity scan
    /// under this node's lock, run once per dropped edge on every recompute.
    func removeOutgoingEdge(_ edge: Edge) {
        lock.lock()
        outgoingEdges.removeAll(where: { $0 === edge })
        lock.unlock()
    }

    /// Detaches `edge` from this node's incoming list (used when a source dies).
    func removeIncomingEdge(_ edge: Edge) {
        lock.lock()
        incomingEdges.removeAll(where: { $0 === edge })
        lock.unlock()
    }
}
