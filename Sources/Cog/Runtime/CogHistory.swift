#if DEBUG
    /// Debug history: a bounded ring of what the graph did, for debugging and
    /// for tests (HIST-01..07, MECH-13, REACT-17). Debug builds only: release
    /// builds compile every line of it out, so they pay nothing (HIST-04).
    ///
    /// Entries are recorded as it happens and counted the way the graph counts:
    /// a turn (with the controller that requested it), each committed write
    /// that changed a source (an equal write records none), each selector run
    /// (`recompute`) and reaction run, each changed UI notice, and each state
    /// discarded. Every entry carries the sequence number of the turn whose
    /// flush recorded it (0: outside any turn, such as a first read at idle).
    ///
    /// Recording never allocates once the ring is full: a record holds the
    /// strings and key the graph already has (a retain, no copy), and a state's
    /// `label[key]` is rendered only when history is read.
    nonisolated struct CogHistory {
        static let capacity = 512
        /// The most causes a chain warning keeps (REACT-17).
        static let chainCauseLimit = 256
        /// A chain of more turns than this warns (REACT-17).
        static let chainTurnLimit = 64

        struct Record {
            var kind: CogHistoryEntry.Kind
            var turn: Int
            /// A turn's name, a reaction's composed name, or a state's name.
            var name: String
            /// A keyed state's key, rendered as `name[key]`.
            var key: CogKey?
            /// The controller that requested a turn.
            var by: String?
        }

        private var ring: ContiguousArray<Record>
        private(set) var total = 0
        /// The turn whose flush is running, or 0.
        var currentTurn = 0
        private var lastTurn = 0

        /// The uninterrupted chain of turns (an outer turn and every turn it
        /// queued, transitively) in progress: its turn count and its causes.
        private var chainDepth = 0
        private var chainTurns = 0
        private var chainCauseCount = 0
        private var chainCauses: ContiguousArray<(isTurn: Bool, name: String)>
        private(set) var warnings: [CogChainWarning] = []

        init() {
            ring = ContiguousArray(repeating: Record(kind: .turn, turn: 0, name: ""), count: Self.capacity)
            chainCauses = []
            chainCauses.reserveCapacity(Self.chainCauseLimit)
        }

        private mutating func record(_ record: Record) {
            ring[total % Self.capacity] = record
            total += 1
        }

        mutating func beginTurn(named name: String, by: String?) {
            lastTurn += 1
            currentTurn = lastTurn
            record(Record(kind: .turn, turn: currentTurn, name: name, by: by))
            chainTurns += 1
            noteCause(isTurn: true, name)
        }

        mutating func endTurn() {
            currentTurn = 0
        }

        /// Records a turn the runtime publishes inside other work (a new
        /// async state's first pending status) and returns its number. It
        /// is numbered and kept like any turn, but it is not a link of the
        /// chain in progress: no reaction asked for it, so a reaction that
        /// creates a thousand async states is not a thousand-turn chain.
        mutating func recordNestedTurn(named name: String) -> Int {
            lastTurn += 1
            record(Record(kind: .turn, turn: lastTurn, name: name, by: nil))
            return lastTurn
        }

        mutating func recordState(_ kind: CogHistoryEntry.Kind, name: String, key: CogKey?) {
            record(Record(kind: kind, turn: currentTurn, name: name, key: key))
            if kind == .reaction { noteCause(isTurn: false, name) }
        }

        // MARK: Chains (REACT-17)

        /// An outer turn (or an idle registration) starts; nested calls join.
        mutating func beginChain() {
            chainDepth += 1
            guard chainDepth == 1 else { return }
            chainTurns = 0
            chainCauseCount = 0
            chainCauses.removeAll(keepingCapacity: true)
        }

        /// The context is idle again: warn if the chain passed the limit.
        mutating func endChain() {
            chainDepth -= 1
            guard chainDepth == 0, chainTurns > Self.chainTurnLimit else { return }
            let causes = chainCauses.map { ($0.isTurn ? "turn " : "reaction ") + $0.name }
            let truncated = chainCauseCount > causes.count
            warnings.append(CogChainWarning(turnCount: chainTurns, causes: causes, isTruncated: truncated))
            print(warnings[warnings.count - 1].message)
        }

        private mutating func noteCause(isTurn: Bool, _ name: String) {
            guard chainDepth > 0 else { return }
            chainCauseCount += 1
            if chainCauses.count < Self.chainCauseLimit { chainCauses.append((isTurn, name)) }
        }

        // MARK: Reading

        /// Recorded entries, oldest first (at most `capacity`).
        var entries: [CogHistoryEntry] {
            let start = max(0, total - Self.capacity)
            return (start..<total).map { index in
                let record = ring[index % Self.capacity]
                let label = record.key.map { "\(record.name)[\($0.base)]" } ?? record.name
                return CogHistoryEntry(kind: record.kind, label: label, turn: record.turn, by: record.by)
            }
        }
    }

    /// One debug-history entry (debug builds only). Read it through
    /// CogTesting's `debugHistory`.
    public nonisolated struct CogHistoryEntry: Sendable, Equatable, CustomStringConvertible {
        public enum Kind: String, Sendable {
            /// A turn began its flush: `label` is its name.
            case turn
            /// A source's committed write changed its value.
            case write
            /// An automatic state's selector ran.
            case recompute
            /// A reaction ran: `label` is its composed registration name.
            case reaction
            /// A changed UI boundary was notified.
            case notice
            /// A state was discarded (`CogOps.discard`).
            case discard
        }

        public var kind: Kind
        /// The turn's name, the reaction's name, or the state's `label[key]`.
        public var label: String
        /// The sequence number of the turn that recorded it; 0 outside a turn.
        public var turn: Int
        /// For a turn requested through a controller: its composed name.
        public var by: String?

        public var description: String {
            "\(kind.rawValue) \(label)" + (by.map { " by \($0)" } ?? "")
        }
    }

    /// A debug warning: one uninterrupted chain of turns (each queued by the
    /// reactions of the one before) ran past `CogHistory.chainTurnLimit` turns.
    public nonisolated struct CogChainWarning: Sendable, Equatable {
        /// Turns in the chain, the one that started it included.
        public var turnCount: Int
        /// The chain's causes in order, `turn name` and `reaction name`, at most
        /// `CogHistory.chainCauseLimit` of them.
        public var causes: [String]
        /// Whether the chain had more causes than `causes` holds.
        public var isTruncated: Bool

        public var message: String {
            "Cog: a chain of \(turnCount) turns ran without the context going idle "
                + "(more than \(CogHistory.chainTurnLimit)); reactions may be waking each other. Causes: "
                + causes.joined(separator: " → ")
                + (isTruncated ? " … (truncated at \(CogHistory.chainCauseLimit) causes)" : "")
        }
    }
#endif
