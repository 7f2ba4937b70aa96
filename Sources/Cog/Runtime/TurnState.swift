/// Where the runtime is in its turn cycle, plus the storage turns reuse.
@MainActor
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

    /// A turn requested during a flush: its body already ran against a
    /// capture, and its writes wait to be staged and flushed in FIFO order.
    struct Queued {
        var name: String
        var writes: [(node: Int32, value: Any)]
        /// Async refreshes requested during a flush: invalidated when this
        /// entry runs, then their handles bound to the generations it started.
        var refreshes: [(node: Int32, handle: CogRefresh)] = []
    }

    var phase = Phase.idle
    /// The turn whose writer is live, or 0.
    var liveWriter: UInt64 = 0
    var lastTurn: UInt64 = 0
    /// Sources with a staged write in the accumulating turn.
    var staged = ContiguousArray<Int32>()
    var queued: [Queued] = []
    var capturedWrites: [(node: Int32, value: Any)] = []
    var log = TurnLog()
    /// Refresh handles of the accumulating turn, bound after its flush.
    var refreshBindings: [(node: Int32, handle: CogRefresh)] = []
}

/// The names of the most recent completed turns, in a fixed ring so that
/// recording a turn never allocates.
struct TurnLog {
    static let capacity = 64
    private var ring = ContiguousArray(repeating: "", count: TurnLog.capacity)
    private(set) var total = 0

    mutating func record(_ name: String) {
        ring[total % Self.capacity] = name
        total += 1
    }

    /// Recorded names, oldest first (at most `capacity`).
    var names: [String] {
        let start = max(0, total - Self.capacity)
        return (start..<total).map { ring[$0 % Self.capacity] }
    }
}
