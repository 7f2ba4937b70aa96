import Foundation

/// One slot of per-thread context, kept in `Thread.current.threadDictionary`
/// under a String key as the original does.
///
/// That dictionary is an `NSMutableDictionary`: every look-up fetches the
/// current `Thread` object, bridges the key and casts the stored `Any` back.
/// Every node read pays for two such look-ups (current node, current
/// registration), which is part of what the clone must cost.
struct ThreadLocalValue<Value>: Sendable {
    let key: String

    init(key: String) {
        self.key = key
    }

    var value: Value? {
        Thread.current.threadDictionary[key] as? Value
    }

    /// Installs `newValue` (or removes the entry for nil) for the duration of
    /// `body`, then restores whatever was there before. Each step fetches
    /// the current thread's dictionary afresh, as the original does.
    func withValue<Result>(_ newValue: Value?, _ body: () throws -> Result) rethrows -> Result {
        let previous = Thread.current.threadDictionary[key]
        if let newValue {
            Thread.current.threadDictionary[key] = newValue
        } else {
            Thread.current.threadDictionary.removeObject(forKey: key)
        }
        defer {
            if let previous {
                Thread.current.threadDictionary[key] = previous
            } else {
                Thread.current.threadDictionary.removeObject(forKey: key)
            }
        }
        return try body()
    }
}

/// Every slot of context the graph keeps per thread.
enum ThreadLocal {
    /// The computed node whose rule is running: reads make edges to it.
    static let currentNode = ThreadLocalValue<any TypeErasedNode>(key: "StateGraph.currentNode")
    /// The tracking registration of the running group or map pass.
    static let registration = ThreadLocalValue<TrackingRegistration>(key: "StateGraph.registration")
    /// The set that `withGraphTracking` collects top-level groups into.
    static let subscriptions = ThreadLocalValue<Subscriptions>(key: "StateGraph.subscriptions")
    /// The group or map whose handler is running: nested ones attach to it.
    static let currentCancellable = ThreadLocalValue<GraphTrackingCancellable>(key: "StateGraph.currentCancellable")
}
