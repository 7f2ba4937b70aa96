import Cog

/// Narrow diagnostic seams for tests. They report counts and labels, never
/// rows or edges.
extension Cogs {
    /// How many Observation boundary objects the runtime owns (UI-05, PERF-04).
    public var debugBoundaryObjectCount: Int { boundaryObjectCount }

    /// The label Cog uses for a state in its messages (DECL-10, DECL-11).
    public func debugLabel<Reference: CogReadable>(of reference: Reference) -> String {
        diagnosticLabel(of: reference)
    }

    /// Names of the most recent completed turns, oldest first (TURN-06).
    public var debugRecentTurnNames: [String] { recentTurnNames }

    /// How many turns have completed.
    public var debugCompletedTurnCount: Int { completedTurnCount }

    /// The edge pool's high-water mark, for checking that steady runs reuse edges.
    public var debugEdgePoolHighWaterMark: Int { edgePoolHighWaterMark }
}

extension Cogs {
    /// The labels (`name[key]`) of every running async generation's task (ASYNC-17).
    public var debugRunningAsyncTaskLabels: [String] { runningAsyncTaskLabels }

    /// Async runs still in flight or queued, across every state: the churn
    /// test's proof that no task is left behind.
    public var debugLiveAsyncRunCount: Int { liveAsyncRunCount }
}

extension Cogs {
    /// Rows holding live state across every declaration (lifetime proofs).
    public var debugLiveRowCount: Int { liveRowCount }

    /// Grace timers waiting now.
    public var debugPendingGraceTimerCount: Int { pendingGraceTimerCount }
}
