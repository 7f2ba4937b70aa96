/// The handle `refresh` returns: it follows the exact generation the refresh
/// started and never a later one.
///
///     let reload = cogs.refresh(productDetailCogs[id])
///     switch await reload.result {
///     case .success: ...       // this generation's result was applied
///     case .superseded: ...    // a newer generation replaced it first
///     case .failure(let error), .released: ...
///     case .withdrawn: ...     // its controller retired before it ran
///     }
///
/// `outcome` is nil while the generation is in flight.
@MainActor
public final class CogRefresh {
    public enum Outcome: Sendable {
        /// The generation's value was accepted and published.
        case success
        /// The generation failed while current; its failure was published.
        case failure(any Error)
        /// A newer generation (a dependency change or another refresh)
        /// replaced it before it resolved; it published nothing.
        case superseded
        /// The state was released while the generation was in flight.
        case released
        /// The refresh was requested during a flush through a controller
        /// that retired before the refresh's turn came, so it started no
        /// generation (MECH-29's admission refused it).
        case withdrawn
    }

    /// The generation this handle follows (per state, counting from 1).
    public internal(set) var generation: UInt64 = 0
    /// The outcome, once the generation resolved.
    public private(set) var outcome: Outcome?
    private var continuations: [CheckedContinuation<Outcome, Never>] = []
    /// Bodies waiting for `onWorkEnded`, run in the order they were given.
    private var endHandlers: [@MainActor (Outcome) -> Void] = []
    /// The generation's work, once it started; nil for a generation that
    /// never started (a queued request dropped or released while waiting).
    var ticket: CogWorkTicket?

    init() {}

    /// Waits for the generation's outcome.
    public var result: Outcome {
        get async {
            if let outcome { return outcome }
            return await withCheckedContinuation { continuations.append($0) }
        }
    }

    /// Waits until the generation resolved and its work has stopped.
    ///
    /// A superseded or released generation resolves at once, but its work
    /// was only cancelled: work that ignores cancellation (a request that
    /// must be answered anyway) runs on until it returns, and Cog drops what
    /// it returns. This waits for that return too, so a caller that must
    /// account for every answer (a test, a benchmark harness) knows when Cog
    /// has seen the last of it.
    public var workEnded: Void {
        get async {
            _ = await result
            await ticket?.waitUntilFinished()
        }
    }

    /// Runs `body` on the MainActor once the generation resolved and its
    /// work has stopped: the moment `workEnded` would return, without a
    /// task of its own. A caller that only reports the outcome (a harness's
    /// acknowledgement, a log line) needs no `Task` to await it. If the
    /// work has already ended, `body` runs before this returns.
    public func onWorkEnded(_ body: @escaping @MainActor (Outcome) -> Void) {
        guard let outcome else {
            endHandlers.append(body)
            return
        }
        afterWorkStops { body(outcome) }
    }

    func resolve(_ outcome: Outcome) {
        guard self.outcome == nil else { return }
        self.outcome = outcome
        let waiting = continuations
        continuations = []
        for continuation in waiting { continuation.resume(returning: outcome) }
        guard !endHandlers.isEmpty else { return }
        let handlers = endHandlers
        endHandlers = []
        afterWorkStops {
            for handler in handlers { handler(outcome) }
        }
    }

    /// A generation that never started (dropped while queued) has no work
    /// to wait for; its ticket stays nil.
    private func afterWorkStops(_ body: @escaping @MainActor () -> Void) {
        guard let ticket, !ticket.isFinished else { return body() }
        ticket.whenFinished(body)
    }
}

nonisolated extension CogRefresh.Outcome {
    /// The outcome's case name: "success", "failure", "superseded", "released"
    /// or "withdrawn".
    public var name: String {
        switch self {
        case .success: "success"
        case .failure: "failure"
        case .superseded: "superseded"
        case .released: "released"
        case .withdrawn: "withdrawn"
        }
    }
}
