import Observation

/// The Observation boundary of one UI-read state.
///
/// `cogs[ref]` records an access on it, so `withObservationTracking` (and
/// SwiftUI) tracks exactly the states a render read. After a turn settles,
/// the flush calls `withMutation` on each boundary whose state changed. The
/// value stays in the graph; the boundary carries only the change signal,
/// and it exists only for states the UI has read.
///
/// An async state's status node gets the `StatusBoundary` subclass, which
/// tracks each `CogStatus` field separately.
@usableFromInline
nonisolated class CogBoundary: Observable, @unchecked Sendable {
    // @unchecked: the registrar is Sendable; subclasses keep MainActor-only
    // snapshots that only the flush (on the MainActor) touches.
    let registrar = ObservationRegistrar()
    /// The observed property: a constant stand-in for "this state's value".
    /// Not `Void`: key paths to zero-sized stored properties share an offset
    /// and compare equal, which would merge a status boundary's fields.
    let value: UInt8 = 0

    init() {}

    /// The observed property's key path, formed once: a `\.value` literal
    /// at each call asks the runtime for the key path object every time
    /// (measured: about 100 instructions per notice).
    // nonisolated(unsafe): a key path is immutable once formed.
    nonisolated(unsafe) static let valueKeyPath: KeyPath<CogBoundary, UInt8> = \.value

    @usableFromInline
    func recordAccess() {
        registrar.access(self, keyPath: Self.valueKeyPath)
    }

    /// `recordAccess` on a boundary its owner keeps alive, with no retain.
    /// Nonisolated, so the closure is too: formed in MainActor code it
    /// checked the executor on every call.
    static func recordAccess(on boundary: Unmanaged<CogBoundary>) {
        boundary._withUnsafeGuaranteedRef { $0.recordAccess() }
    }

    /// `notifyChange` on a boundary its owner keeps alive, with no retain.
    static func notifyChange(on boundary: Unmanaged<CogBoundary>) {
        boundary._withUnsafeGuaranteedRef { $0.notifyChange() }
    }

    /// A change notice: `willSet` then `didSet`, the same pair
    /// `withMutation` brackets an empty body with.
    func notifyChange() {
        let keyPath = Self.valueKeyPath
        registrar.willSet(self, keyPath: keyPath)
        registrar.didSet(self, keyPath: keyPath)
    }
}
