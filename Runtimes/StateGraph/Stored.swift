import Foundation
import Observation

/// A mutable source node holding its value inline.
///
/// Reads record an edge to the computed node whose rule is running and the
/// running tracking pass's registration. A write that its `shouldNotify`
/// predicate accepts notifies Observation, fires the tracking registrations
/// and marks every dependent dirty, after releasing the node's lock. The
/// predicate comes from the initializer overload the compiler picks.
public final class Stored<Value: SendableMetatype>: Node, Observable, @unchecked Sendable {
    // Unchecked: `value`, the edge arrays, the registrations and the handler
    // are guarded by `lock`, as in the original.

    public let lock: NSRecursiveLock
    public let info: NodeInfo

    private var value: Value
    private let shouldNotify: @Sendable (Value, Value) -> Bool
    private let observationRegistrar = ObservationRegistrar()
    private var didSetHandler: (@Sendable (Value, Value) -> Void)?

    public var outgoingEdges: ContiguousArray<Edge> = []
    public var trackingRegistrations: Set<TrackingRegistration> = []

    /// Designated initializer: every convenience overload ends here with the
    /// predicate that fits the value type.
    public init(
        _ file: StaticString = #fileID,
        _ line: UInt = #line,
        _ column: UInt = #column,
        name: StaticString? = nil,
        wrappedValue: Value,
        shouldNotify: @escaping @Sendable (Value, Value) -> Bool
    ) {
        self.info = NodeInfo(name: name, sourceLocation: SourceLocation(file: file, line: line, column: column))
        self.lock = NSRecursiveLock()
        self.value = wrappedValue
        self.shouldNotify = shouldNotify
    }

    /// Any value type: every write notifies.
    public convenience init(
        _ file: StaticString = #fileID,
        _ line: UInt = #line,
        _ column: UInt = #column,
        name: StaticString? = nil,
        wrappedValue: Value
    ) {
        self.init(file, line, column, name: name, wrappedValue: wrappedValue, shouldNotify: { _, _ in true })
    }

    /// Equatable values: a write of an equal value is not a change.
    public convenience init(
        _ file: StaticString = #fileID,
        _ line: UInt = #line,
        _ column: UInt = #column,
        name: StaticString? = nil,
        wrappedValue: Value
    ) where Value: Equatable {
        self.init(file, line, column, name: name, wrappedValue: wrappedValue, shouldNotify: { $0 != $1 })
    }

    /// Objects: only a different instance is a change.
    public convenience init(
        _ file: StaticString = #fileID,
        _ line: UInt = #line,
        _ column: UInt = #column,
        name: StaticString? = nil,
        wrappedValue: Value
    ) where Value: AnyObject {
        self.init(file, line, column, name: name, wrappedValue: wrappedValue, shouldNotify: { $0 !== $1 })
    }

    /// Equatable objects: equality wins over identity.
    public convenience init(
        _ file: StaticString = #fileID,
        _ line: UInt = #line,
        _ column: UInt = #column,
        name: StaticString? = nil,
        wrappedValue: Value
    ) where Value: Equatable & AnyObject {
        self.init(file, line, column, name: name, wrappedValue: wrappedValue, shouldNotify: { $0 != $1 })
    }

    deinit {
        // Dependents keep their (now dead) edges until their next pull prunes
        // them; only the neighbours' arrays need this node's edges removed.
        for edge in outgoingEdges {
            edge.to?.removeIncomingEdge(edge)
        }
    }

    // A stored node is never an edge target and never dirty.
    public var incomingEdges: ContiguousArray<Edge> {
        get { fatalError("a Stored node has no incoming edges") }
        set { fatalError("a Stored node has no incoming edges") }
    }

    public var potentiallyDirty: Bool {
        get { false }
        set { fatalError("a Stored node cannot become dirty") }
    }

    public func recomputeIfNeeded() {}

    public var wrappedValue: Value {
        get {
            observationRegistrar.access(
                ObservationSubject<Stored<Value>>(),
                keyPath: \ObservationSubject<Stored<Value>>.wrappedValue
            )
            lock.lock()
            defer { lock.unlock() }
            if let currentNode = ThreadLocal.currentNode.value {
                let edge = Edge(from: self, to: currentNode)
                outgoingEdges.append(edge)
                currentNode.incomingEdges.append(edge)
            }
            if let registration = ThreadLocal.registration.value {
                trackingRegistrations.insert(registration)
            }
            return value
        }
        set {
            write(newValue)
        }
    }

    /// Called after every write, equal or not, with the old and new values.
    public func onDidSet(_ handler: @escaping @Sendable (Value, Value) -> Void) {
        lock.lock()
        didSetHandler = handler
        lock.unlock()
    }

    /// Mutates the value in place under the lock without notifying anyone.
    public func unsafeModify<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    private func write(_ newValue: Value) {
        lock.lock()
        let oldValue = value
        guard shouldNotify(oldValue, newValue) else {
            // Not a change: stored anyway, and only the handler hears of it.
            value = newValue
            let handler = didSetHandler
            lock.unlock()
            handler?(oldValue, newValue)
            return
        }

        withMainActor { [observationRegistrar] in
            observationRegistrar.willSet(
                ObservationSubject<Stored<Value>>(),
                keyPath: \ObservationSubject<Stored<Value>>.wrappedValue
            )
        }
        value = newValue
        let edges = outgoingEdges
        let registrations = trackingRegistrations
        let handler = didSetHandler
        trackingRegistrations.removeAll()
        lock.unlock()

        defer {
            withMainActor { [observationRegistrar] in
                observationRegistrar.didSet(
                    ObservationSubject<Stored<Value>>(),
                    keyPath: \ObservationSubject<Stored<Value>>.wrappedValue
                )
            }
        }

        // Propagation runs unlocked: registrations first, then every edge
        // (duplicates included) is marked pending and its reader dirtied.
        for registration in registrations {
            registration.perform()
        }
        for edge in edges {
            edge.isPending = true
            edge.to?.potentiallyDirty = true
        }
        handler?(oldValue, newValue)
    }
}
