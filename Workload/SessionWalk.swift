/// The session walked step by step against the shadow model: each action
/// applied, each scripted delivery resolved into the responses it hands
/// over, each phase's end. The schedule the timed runs replay, the
/// rehearsal the script consults while it is built, and the agreement gate
/// are all clients of this one walk, so they cannot disagree about what
/// the session is.
///
/// After `next()` returns an event, `shadow` is the model with that event
/// applied: what a correct port shows at that point.
public struct SessionWalk: IteratorProtocol, Sequence {
    public struct Event: Sendable {
        public enum Kind: Sendable {
            /// A user action; `issuedAfter` is the number of requests the
            /// session has issued once it has run.
            case action(UserAction, issuedAfter: Int)
            /// One response handed over; `applied` is whether a correct port
            /// applies it (false: it is superseded and must be rejected).
            case delivery(sequence: Int, applied: Bool)
            /// The end of a phase, after its last step.
            case phaseEnd
        }

        public var kind: Kind
        public var phase: String
        /// The script's step this event comes from, and its index in the
        /// phase; nil for a phase end.
        public var step: (index: Int, step: Step)?
    }

    public private(set) var shadow: ShadowModel
    private let phases: [Phase]
    private var shuffle: SeededGenerator?
    private var phaseIndex = 0
    private var stepIndex = 0
    /// The responses still to hand over for the current delivery step.
    private var resolved: [Int] = []

    /// Walks `phases` of a session on `catalog`. With a `shuffleSeed` the
    /// responses arrive in a seeded order (as `Script.resolve` draws it)
    /// rather than the scripted one.
    public init(catalog: Catalog, phases: [Phase], shuffleSeed: UInt64? = nil) {
        shadow = ShadowModel(serving: catalog)
        self.phases = phases
        shuffle = shuffleSeed.map(SeededGenerator.init(seed:))
    }

    public mutating func next() -> Event? {
        guard phaseIndex < phases.count else { return nil }
        let phase = phases[phaseIndex]
        if !resolved.isEmpty {
            let sequence = resolved.removeFirst()
            let applied = shadow.deliver(sequence)
            let event = Event(
                kind: .delivery(sequence: sequence, applied: applied), phase: phase.name,
                step: (stepIndex, phase.steps[stepIndex]))
            if resolved.isEmpty { stepIndex += 1 }
            return event
        }
        guard stepIndex < phase.steps.count else {
            phaseIndex += 1
            stepIndex = 0
            return Event(kind: .phaseEnd, phase: phase.name, step: nil)
        }
        switch phase.steps[stepIndex] {
        case .action(let action):
            shadow.apply(action)
            let event = Event(
                kind: .action(action, issuedAfter: shadow.expectedRequests.count), phase: phase.name,
                step: (stepIndex, phase.steps[stepIndex]))
            stepIndex += 1
            return event
        case .deliver(let delivery):
            resolved = Script.resolve(delivery, pending: shadow.pending, shuffle: &shuffle)
            // A delivery with nothing pending hands over nothing.
            if resolved.isEmpty { stepIndex += 1 }
            return next()
        }
    }
}
