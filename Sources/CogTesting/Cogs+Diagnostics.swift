import Cog

/// Narrow diagnostic seams for tests. They report counts and labels, never
/// rows or edges; the one exception is a state's slot and generation, which
/// is what PERF-05 is about.
extension Cogs {
    /// How many Observation boundary objects the runtime owns (UI-05, PERF-04).
    public var debugBoundaryObjectCount: Int { boundaryObjectCount }

    /// The label Cog uses for a state in its messages (DECL-10, DECL-11).
    public func debugLabel<Reference: CogReadable>(of reference: Reference) -> String {
        diagnosticLabel(of: reference)
    }

    /// How many turns have completed (every build).
    public var debugCompletedTurnCount: Int { completedTurnCount }

    /// Whether the context is idle: no turn running and none queued.
    public var debugIsIdle: Bool { isIdle }

    /// Sets the acknowledgement called on the MainActor once the runtime's
    /// teardown (its isolated deinit) finished (MECH-15).
    public func debugOnTeardown(_ acknowledge: @escaping @MainActor () -> Void) {
        onTeardown = acknowledge
    }

    /// The edge pool's high-water mark, for checking that steady runs reuse edges.
    public var debugEdgePoolHighWaterMark: Int { edgePoolHighWaterMark }

    /// Selector runs since the runtime started, reactions included (every build).
    public var debugRecomputeCount: Int { recomputeCount }

    /// Arena nodes ever created: reused nodes count once (issue 35).
    public var debugNodeCount: Int { nodeCount }

    /// Subscriptions `values(of:)` made that have not ended (EXPORT-06).
    public var debugLiveExportCount: Int { liveExportCount }
}

extension Cogs {
    /// The labels (`name[key]`) of every running async generation's task (ASYNC-17).
    public var debugRunningAsyncTaskLabels: [String] { runningAsyncTaskLabels }

    /// Async runs still in flight or queued, across every state: the churn
    /// test's proof that no task is left behind.
    public var debugLiveAsyncRunCount: Int { liveAsyncRunCount }
}

/// Where a live state sits in the arena: its node and the generation of the
/// state it holds there (PERF-05). Only for checking that a released slot is
/// reused safely.
public struct DebugStateSlot: Equatable, Sendable {
    public let node: Int
    public let generation: Int
}

extension Cogs {
    /// The slot of a live state, or nil when it does not exist (PERF-05).
    public func debugSlot<Reference: CogReadable>(of reference: Reference) -> DebugStateSlot? {
        stateSlot(of: reference).map { DebugStateSlot(node: Int($0.node), generation: Int($0.generation)) }
    }

    /// Follows `slot` the way Cog's internal work follows a held handle and
    /// returns the label of the state it names. Debug builds trap when the
    /// state was released since, whether or not another key reused the slot.
    public func debugFollow(_ slot: DebugStateSlot) -> String {
        label(ofNode: Int32(slot.node), generation: UInt32(slot.generation))
    }
}

extension Cogs {
    /// Rows holding live state across every declaration (lifetime proofs).
    public var debugLiveRowCount: Int { liveRowCount }

    /// Grace timers waiting now.
    public var debugPendingGraceTimerCount: Int { pendingGraceTimerCount }
}

#if DEBUG
    extension Cogs {
        /// The debug history, oldest first: turns (with the controller that
        /// requested them), writes, recomputes, reaction runs, UI notices and
        /// discards. Debug builds only; release builds have no history.
        public var debugHistory: [CogHistoryEntry] { historyEntries }

        /// Names of the turns still in history, oldest first (TURN-06, HIST-01).
        public var debugRecentTurnNames: [String] { recentTurnNames }

        /// Chains of turns that ran past 64 turns without the context going
        /// idle, with their causes (REACT-17).
        public var debugChainWarnings: [CogChainWarning] { chainWarnings }

        /// Every graph invariant that does not hold now, in words; empty
        /// when all hold. Meaningful between turns (debug builds only).
        public var debugInvariantViolations: [String] { invariantViolations() }

        /// Whether each turn's end checks the invariants and traps on a
        /// broken one; on for every `forTesting` runtime (debug builds only).
        public var debugChecksInvariantsAfterEveryTurn: Bool {
            get { checksInvariants }
            set { checksInvariants = newValue }
        }

        /// Breaks one invariant at `reference`'s state by hand, to prove the
        /// check is live; false when that state cannot carry the break.
        /// Leaves the runtime broken: only for a test that expects the trap
        /// or the violation (debug builds only).
        public func debugBreakInvariant<Reference: CogReadable>(
            _ breakage: DebugInvariantBreakage, at reference: Reference
        ) -> Bool {
            switch breakage {
            case .queuedWithoutQueue: breakInvariant(.queuedWithoutQueue, at: reference)
            case .dependencyEdgeWithoutBackLink: breakInvariant(.dependencyEdgeWithoutBackLink, at: reference)
            case .staleHotRoot: breakInvariant(.staleHotRoot, at: reference)
            }
        }
    }

    /// An invariant a test may break by hand (`debugBreakInvariant`).
    public enum DebugInvariantBreakage: CaseIterable, Sendable {
        /// A node flagged queued that no flush queue holds.
        case queuedWithoutQueue
        /// A state's first dependency edge that does not link back to its list.
        case dependencyEdgeWithoutBackLink
        /// A UI root left stale after a flush.
        case staleHotRoot
    }
#endif
