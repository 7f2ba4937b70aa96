/// Where the runtime is in its turn cycle, plus the storage turns reuse.
@MainActor
@usableFromInline
struct TurnState {
    enum Phase {
        /// No turn: an outer turn call starts one.
        case idle
        /// A turn body runs; nested turns join it.
        case accumulating
        /// The flush runs; a turn requested now is captured and queued.
        case flushing
        /// A turn requested during a flush is recording its writes.
        case capturing
    }

    /// A turn requested during a flush, waiting for its FIFO place. A
    /// controller's turn keeps its body, which runs at that place against
    /// the settled graph (MECH-29); any other turn's body already ran
    /// against a capture, and only its writes wait here.
    struct Queued {
        var name: String
        /// The body a controller's turn runs at its place; nil for a capture.
        var body: ((CogWriter) -> Void)? = nil
        /// The controller that requested it: a retired owner's entry is
        /// discarded at its execution point (MECH-29). Nil for the runtime.
        var owner: CogController? = nil
        /// This entry's writes: a range of `TurnState.capturedWrites`, the
        /// pool every capture of a drain appends to. (An array per entry
        /// allocated a buffer for every op a reaction called, so a steady
        /// turn that a reaction answered with an op allocated 2 per
        /// request, against PERF-01; the pool keeps its capacity.)
        var writes: Range<Int> = 0..<0
        /// The entries whose writes this capture read although their
        /// controller is not this one's or an ancestor's: a range of
        /// `TurnState.captureDependencies`. If any of them is discarded at
        /// admission, so is this entry, which computed from a write the
        /// graph never published (MECH-29).
        var dependencies: Range<Int> = 0..<0
        /// The sources this capture read as published while a controller's
        /// stored body or a discard waited ahead of it (a range of
        /// `captureReads`), and
        /// how many entries the drain had started then: if one of those
        /// bodies writes such a source before this entry runs, the read was
        /// stale, and the entry traps rather than land a lost update.
        var readsBehindStoredBodies: Range<Int> = 0..<0
        var drainedAtCapture = 0
        /// Set when admission refused the entry.
        var discarded = false
        /// Async refreshes requested during a flush: invalidated when this
        /// entry runs, then their handles bound to the generations it
        /// started. A state released before then resolves its handle as
        /// released and leaves whatever reuses its slot alone.
        var refreshes: [(state: NodeHandle, handle: CogRefresh)] = []
        /// The exact states to discard when this entry runs (`CogOps.discard`).
        var discards: [NodeHandle] = []
    }

    /// A write a captured turn recorded. It names its state by family node
    /// and key: by the time the entry runs, an earlier entry may have
    /// discarded that state (so its row and node may be gone or reused), and
    /// the write then lands on the state the key names at that point.
    struct CapturedWrite {
        let node: Int32
        let key: CogKey?
        let value: Any
    }

    var phase = Phase.idle
    /// The turn whose writer is live, or 0.
    var liveWriter: UInt64 = 0
    var lastTurn: UInt64 = 0
    /// Sources with a staged write in the accumulating turn. A `Column`
    /// (freed by the runtime's deinit): appending and clearing it once per
    /// turn costs no uniqueness check and no generic range replacement.
    @usableFromInline var staged = Column<Int32>()
    var queued: [Queued] = []
    /// Every write captured since the queue last drained; each queued
    /// entry names its range. Cleared, keeping its capacity, with the queue.
    var capturedWrites: [CapturedWrite] = []
    /// Where the capturing turn's own writes begin in `capturedWrites`.
    var captureStart = 0
    /// Pools the queued entries' ranges point into, cleared with the queue
    /// (keeping their capacity, so a steady turn allocates nothing).
    var captureDependencies: [Int] = []
    var captureReads: [Int32] = []
    /// The sources each stored body staged, and each discard released,
    /// during this drain, with the entry's index, checked against later
    /// captures' `captureReads`.
    var storedBodyWrites: [(entry: Int, node: Int32)] = []
    /// How many queued entries the drain has started: those have landed
    /// (or were discarded), so a capture no longer reads their writes.
    var drained = 0
    /// Refreshes a captured turn's body requested: they join that turn's
    /// entry, as a refresh in an accumulating body joins its turn, instead
    /// of queueing ahead of the body's own writes.
    var capturedRefreshes: [(state: NodeHandle, handle: CogRefresh)] = []
    /// The controller whose turn is capturing, if any: its body sees the
    /// queued writes no admission can discard before its own (see
    /// `Cogs.capturedValue`).
    var capturingOwner: CogController? = nil
    /// Outer turns completed (a plain counter in every build; the named
    /// history is debug-only, see `CogHistory`).
    var completed = 0
    /// Refresh handles of the accumulating turn, bound after its flush.
    var refreshBindings: [(node: Int32, handle: CogRefresh)] = []
}
