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
        var writes: [CapturedWrite] = []
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
    var capturedWrites: [CapturedWrite] = []
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
