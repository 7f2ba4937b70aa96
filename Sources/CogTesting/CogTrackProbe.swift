import Cog

/// Which Observation machinery `c.track` uses (core design §8).
public enum CogTrackBackend: Sendable, CaseIterable, CustomStringConvertible {
    /// `Observations`, the iOS 26 path: the default wherever it exists
    /// (every Linux toolchain Cog builds with).
    case observations
    /// The pre-iOS-26 shim: one-shot `withObservationTracking`, re-armed
    /// after each observed change.
    case withObservationTracking

    public var description: String {
        switch self {
        case .observations: "Observations"
        case .withObservationTracking: "withObservationTracking shim"
        }
    }
}

extension Cogs {
    /// The backend `c.track` inputs created from now on use; set it before
    /// the first read that tracks.
    public var debugTrackBackend: CogTrackBackend {
        get { trackBackend == .observations ? .observations : .withObservationTracking }
        set { trackBackend = newValue == .observations ? .observations : .withObservationTracking }
    }

    /// Counts and acknowledgements of this runtime's tracked inputs. The
    /// probe outlives the runtime, so a test can await what teardown ends.
    public var debugTrack: CogTrackProbe { CogTrackProbe(ledger: trackLedger) }
}

/// A test's view of one runtime's `c.track` inputs: counts, and awaits on
/// them instead of sleeps. Every count changes on the main actor, and a
/// wait resumes in a later main-actor job than the change it waited for.
@MainActor
public struct CogTrackProbe {
    let ledger: TrackLedger

    /// Propagation turns completed: each carries one input's changes of one
    /// boundary, flushed (reactions ran, UI states notified).
    public var propagationCount: Int { ledger.propagations }
    /// Re-arms the `withObservationTracking` shim completed after an
    /// observed change (EXPORT-11's acknowledgement). Each precedes its
    /// propagation, in the same main-actor job.
    public var rearmCount: Int { ledger.rearms }
    /// Inputs observing now.
    public var liveObservationCount: Int { ledger.liveInputs }
    /// `Observations` tasks not yet ended (a stopped one ends at the next
    /// main-actor job after its cancellation).
    public var runningObserverTaskCount: Int { ledger.runningObservers }
    /// `Observations` tasks an input still follows (one per live input on
    /// that backend).
    public var currentObserverTaskCount: Int { ledger.currentObservers }
    /// Stopped inputs whose captured model is not released yet.
    public var pendingReleaseCount: Int { ledger.pendingReleases }

    /// Returns once `count` propagation turns have completed.
    public func waitForPropagations(_ count: Int) async {
        await ledger.wait { $0.propagations >= count }
    }

    /// Returns once the shim has re-armed `count` times.
    public func waitForRearms(_ count: Int) async {
        await ledger.wait { $0.rearms >= count }
    }

    /// Returns once every cancelled observer task has ended and every
    /// stopped input's captures are released.
    public func waitUntilReleased() async {
        await ledger.wait { $0.runningObservers == $0.currentObservers && $0.pendingReleases == 0 }
    }
}
