/// Counts and acknowledgements of one runtime's `c.track` inputs, for
/// tests: a test awaits a count instead of sleeping.
///
/// A class apart from the runtime, so an observer task that outlives its
/// runtime (it ends after teardown cancelled it) still reports its end,
/// and a test can await that after the runtime is gone.
@MainActor
package final class TrackLedger {
    /// Propagation turns completed: each is one boundary's changes of one
    /// input, flushed.
    package private(set) var propagations = 0
    /// Re-arms the `withObservationTracking` shim completed after an
    /// observed change (EXPORT-11's acknowledgement).
    package private(set) var rearms = 0
    /// Inputs observing now.
    package private(set) var liveInputs = 0
    /// `Observations` tasks started and not yet ended.
    package private(set) var runningObservers = 0
    /// Of those, the ones an input still follows; the others were cancelled
    /// (the input stopped or re-armed) and end at their next step.
    package private(set) var currentObservers = 0
    /// Stopped inputs whose captures (the model, the closure) wait for the
    /// next main-actor job to be released.
    package private(set) var pendingReleases = 0

    private var waiters: [Waiter] = []
    private var lastWaiter = 0

    private struct Waiter {
        let id: Int
        let ready: (TrackLedger) -> Bool
        let resume: CheckedContinuation<Void, Never>
    }

    package init() {}

    func propagated() { update { $0.propagations += 1 } }
    func rearmed() { update { $0.rearms += 1 } }
    func inputStarted() { update { $0.liveInputs += 1 } }
    func inputStopped() { update { $0.liveInputs -= 1 } }
    func observerStarted() {
        update {
            $0.runningObservers += 1
            $0.currentObservers += 1
        }
    }
    func observerCancelled() { update { $0.currentObservers -= 1 } }
    func observerEnded() { update { $0.runningObservers -= 1 } }
    func releasesParked(_ count: Int) { update { $0.pendingReleases += count } }
    func releasesDone(_ count: Int) { update { $0.pendingReleases -= count } }

    /// Returns once `ready` holds (at once if it already does), or once
    /// the waiting task is cancelled (a test's time limit), so a count that
    /// never comes fails the test rather than hanging the run. Waiters are
    /// checked after each change, on the main actor.
    package func wait(until ready: @escaping (TrackLedger) -> Bool) async {
        if ready(self) { return }
        lastWaiter += 1
        let id = lastWaiter
        await withTaskCancellationHandler {
            await withCheckedContinuation { waiters.append(Waiter(id: id, ready: ready, resume: $0)) }
        } onCancel: {
            Task { @MainActor in self.stopWaiting(id) }
        }
    }

    private func stopWaiting(_ id: Int) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        waiters.remove(at: index).resume.resume()
    }

    private func update(_ change: (TrackLedger) -> Void) {
        change(self)
        guard !waiters.isEmpty else { return }
        var waiting: [Waiter] = []
        for waiter in waiters {
            if waiter.ready(self) { waiter.resume.resume() } else { waiting.append(waiter) }
        }
        waiters = waiting
    }
}
