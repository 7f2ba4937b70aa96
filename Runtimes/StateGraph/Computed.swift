import Foundation
import Observation

/// A node whose value a rule derives from other nodes, cached until an
/// upstream change makes it dirty and a read pulls it again.
///
/// Writes push "potentially dirty" eagerly and recursively downstream; reads
/// pull recursively upstream while holding this node's recursive lock, and
/// run the rule only when an incoming edge is pending or nothing is cached.
/// After a recompute the outgoing edges are marked pending only when the
/// value changed (never, for non-Equatable values, can it be found equal).
public final class Computed<Value: SendableMetatype>: Node, Observable, @unchecked Sendable {
    // Unchecked: the cache, the dirty flag, the edge arrays and the
    // registrations are guarded by `lock`, as in the original.

    /// What a rule receives. It exists so rules can opt out of tracking.
    public struct Context {
        init() {}

        /// Runs `body` without recording edges to the node being computed.
        public func withoutTracking<Result>(_ body: () throws -> Result) rethrows -> Result {
            try ThreadLocal.currentNode.withValue(nil, body)
        }
    }

    public let lock: NSRecursiveLock
    public let info: NodeInfo

    private var cachedValue: Value?
    private var isPotentiallyDirty = false
    private let observationRegistrar = ObservationRegistrar()
    private let descriptor: any ComputedDescriptor<Value>

    public var incomingEdges: ContiguousArray<Edge> = []
    public var outgoingEdges: ContiguousArray<Edge> = []
    public var trackingRegistrations: Set<TrackingRegistration> = []

    /// Builds a node from a descriptor of your own.
    public init(
        _ file: StaticString = #fileID,
        _ line: UInt = #line,
        _ column: UInt = #column,
        name: StaticString? = nil,
        descriptor: some ComputedDescriptor<Value>
    ) {
        self.info = NodeInfo(name: name, sourceLocation: SourceLocation(file: file, line: line, column: column))
        self.lock = NSRecursiveLock()
        self.descriptor = descriptor
    }

    /// Any value type: a recompute always counts as a change downstream.
    public convenience init(
        _ file: StaticString = #fileID,
        _ line: UInt = #line,
        _ column: UInt = #column,
        name: StaticString? = nil,
        rule: @escaping @Sendable (inout Context) -> Value
    ) {
        self.init(
            file, line, column, name: name,
            descriptor: AnyComputedDescriptor(compute: rule, isEqual: { _, _ in false }))
    }

    /// Equatable values: recomputing to an equal value stops downstream
    /// recomputation (but not the notices sent when this node became dirty).
    public convenience init(
        _ file: StaticString = #fileID,
        _ line: UInt = #line,
        _ column: UInt = #column,
        name: StaticString? = nil,
        rule: @escaping @Sendable (inout Context) -> Value
    ) where Value: Equatable {
        self.init(
            file, line, column, name: name,
            descriptor: AnyComputedDescriptor(compute: rule, isEqual: { $0 == $1 }))
    }

    deinit {
        lock.lock()
        let incoming = incomingEdges
        let outgoing = outgoingEdges
        incomingEdges.removeAll()
        outgoingEdges.removeAll()
        lock.unlock()
        for edge in incoming {
            edge.from?.removeOutgoingEdge(edge)
        }
        for edge in outgoing {
            edge.to?.removeIncomingEdge(edge)
        }
    }

    public var wrappedValue: Value {
        observationRegistrar.access(
            ObservationSubject<Computed<Value>>(),
            keyPath: \ObservationSubject<Computed<Value>>.wrappedValue
        )
        recomputeIfNeeded()
        // The second lock of a read, as in the original.
        lock.lock()
        defer { lock.unlock() }
        return cachedValue!
    }

    public var potentiallyDirty: Bool {
        get {
            lock.lock()
            defer { lock.unlock() }
            return isPotentiallyDirty
        }
        set {
            guard newValue else {
                lock.lock()
                isPotentiallyDirty = false
                lock.unlock()
                return
            }
            lock.lock()
            if isPotentiallyDirty {
                // The cone below was already pushed; stop here.
                lock.unlock()
                return
            }
            isPotentiallyDirty = true
            let edges = outgoingEdges
            let registrations = trackingRegistrations
            trackingRegistrations.removeAll()
            lock.unlock()

            // Observers hear "will change" as soon as the node may change,
            // even if its next value turns out equal. There is no didSet.
            withMainActor { [observationRegistrar] in
                observationRegistrar.willSet(
                    ObservationSubject<Computed<Value>>(),
                    keyPath: \ObservationSubject<Computed<Value>>.wrappedValue
                )
            }
            // Depth-first over the downstream cone; edges are not marked
            // pending here, only by the node that actually changed.
            for edge in edges {
                edge.to?.potentiallyDirty = true
            }
            for registration in registrations {
                registration.perform()
            }
        }
    }

    public func recomputeIfNeeded() {
        // Held for the whole pull, upstream pulls and the rule included;
        // upstream locks nest inside this one.
        lock.lock()
        defer { lock.unlock() }

        // Record the caller's dependency even when nothing needs computing.
        if let currentNode = ThreadLocal.currentNode.value {
            let edge = Edge(from: self, to: currentNode)
            outgoingEdges.append(edge)
            currentNode.incomingEdges.append(edge)
        }
        if let registration = ThreadLocal.registration.value {
            trackingRegistrations.insert(registration)
        }

        if !isPotentiallyDirty && cachedValue != nil { return }

        incomingEdges.removeAll(where: { $0.from == nil })
        // Upstream nodes are pulled while the caller's context is still
        // installed (the original's behaviour): an upstream computed records
        // an edge to, and the registration of, whoever is reading this node.
        for edge in incomingEdges {
            edge.from?.recomputeIfNeeded()
        }

        let hasPendingIncomingEdge = incomingEdges.contains(where: { $0.isPending })
        if hasPendingIncomingEdge || cachedValue == nil {
            ThreadLocal.currentNode.withValue(self) {
                let previousValue = cachedValue
                removeIncomingEdges()
                var context = Context()
                // Registrations belong to the reader of this node, not to
                // the nodes its rule reads.
                let newValue = ThreadLocal.registration.withValue(nil) {
                    descriptor.compute(context: &context)
                }
                cachedValue = newValue
                if let previousValue, !descriptor.isEqual(lhs: previousValue, rhs: newValue) {
                    for edge in outgoingEdges {
                        edge.isPending = true
                    }
                }
            }
        }

        isPotentiallyDirty = false
    }

    /// Drops every incoming edge, removing each from its source's outgoing
    /// array by identity, so the rule can record its reads afresh.
    private func removeIncomingEdges() {
        let edges = incomingEdges
        incomingEdges.removeAll()
        for edge in edges {
            edge.from?.removeOutgoingEdge(edge)
        }
    }
}
