import Observation

/// The Observation boundary of one UI-read state.
///
/// `cogs[ref]` records an access on it, so `withObservationTracking` (and
/// SwiftUI) tracks exactly the states a render read. After a turn settles,
/// the flush calls `withMutation` on each boundary whose state changed. The
/// value stays in the graph; the boundary carries only the change signal,
/// and it exists only for states the UI has read.
@usableFromInline
final class CogBoundary: Observable, Sendable {
    private let registrar = ObservationRegistrar()
    /// The observed property: a constant stand-in for "this state's value".
    let value: Void = ()

    @usableFromInline
    func recordAccess() {
        registrar.access(self, keyPath: \.value)
    }

    func notifyChange() {
        registrar.withMutation(of: self, keyPath: \.value) {}
    }
}
