/// How `c.track` follows an outside `@Observable` input.
///
/// Both backends arm while the consumer runs, so a change made after its
/// read is never missed, and both deliver a change one main-actor
/// suspension after the mutation (the propagation boundary), as a turn.
package enum TrackBackend: Sendable {
    /// `Observations` (Swift 6.2; iOS 26 and macOS 26 on Apple systems,
    /// every Linux): started with `Task.immediate`, so its first element,
    /// which arms the tracking, is taken inside the consumer's run.
    /// Mutations before the next suspension coalesce into one element.
    case observations
    /// The pre-iOS-26 shim: one-shot `withObservationTracking`, re-armed on
    /// the main actor after each change fired (after the setter), then the
    /// change propagates. A mutation made off the main actor between the
    /// re-arm's read and its install may be missed (the re-arm gap).
    case withObservationTracking

    /// `observations` where the system has it, else the shim. On Linux the
    /// toolchain's Observation module always has it.
    package static var platformDefault: TrackBackend {
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            .observations
        } else {
            .withObservationTracking
        }
    }
}
