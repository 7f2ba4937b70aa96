import Observation

/// The subject every node hands to its `ObservationRegistrar`.
///
/// As in 0.27.0, `wrappedValue` is a stored `let` (a `Void`, so the subject
/// has no size) and the key path names that stored property; node identity
/// comes from each node's own registrar. The original passes a key path
/// whose root is generic over the node type, written as a literal inside the
/// node's generic code. Because the node code is not specialized, the
/// runtime instantiates that key path every time it is evaluated; on Linux
/// this is the largest single cost of a read. Nodes therefore spell the
/// literal out at each call site rather than caching it.
struct ObservationSubject<Owner: AnyObject>: Observable, Sendable {
    let wrappedValue: Void = ()
}
