/// The script resolved into concrete steps for the scripted delivery order:
/// each action with the number of requests issued once it has run, each
/// delivery with the request it hands over. Timed runs replay this, so the
/// timed region does no scheduling work of its own.
public struct SessionSchedule: Sendable {
    public enum Step: Sendable, Hashable {
        case action(UserAction, issuedAfter: Int)
        /// `applied` is whether a correct port applies the answer (false:
        /// it is superseded and must be rejected).
        case deliver(sequence: Int, applied: Bool)
    }

    /// What the shadow model shows at a phase's end.
    public struct Checkpoint: Sendable {
        public var phase: String
        public var views: [ViewID]
        public var screens: [ViewID: Screen]
    }

    public struct Phase: Sendable {
        public var name: String
        public var steps: [Step]
    }

    public let phases: [Phase]
    public let checkpoints: [Checkpoint]
    /// The shadow model at the session's end.
    public let finalState: ShadowModel

    /// The eleven-phase session. With a `shuffleSeed` the responses arrive
    /// in a seeded order (as `Script.resolve` draws it) rather than the
    /// scripted one.
    public init(catalog: Catalog, shuffleSeed: UInt64? = nil) {
        self.init(catalog: catalog, script: Script(catalog: catalog), shuffleSeed: shuffleSeed)
    }

    public init(catalog: Catalog, script: Script, shuffleSeed: UInt64? = nil) {
        var walk = SessionWalk(catalog: catalog, phases: script.phases, shuffleSeed: shuffleSeed)
        var phases: [Phase] = []
        var checkpoints: [Checkpoint] = []
        var steps: [Step] = []
        while let event = walk.next() {
            switch event.kind {
            case .action(let action, let issuedAfter):
                steps.append(.action(action, issuedAfter: issuedAfter))
            case .delivery(let sequence, let applied):
                steps.append(.deliver(sequence: sequence, applied: applied))
            case .phaseEnd:
                let screens = walk.shadow.mountedScreens()
                checkpoints.append(
                    Checkpoint(
                        phase: event.phase, views: screens.map(\.view),
                        screens: Dictionary(uniqueKeysWithValues: screens.map { ($0.view, $0.screen) })))
                phases.append(Phase(name: event.phase, steps: steps))
                steps = []
            }
        }
        self.phases = phases
        self.checkpoints = checkpoints
        finalState = walk.shadow
    }

    public var actionCount: Int {
        phases.reduce(0) { count, phase in
            count + phase.steps.filter { if case .action = $0 { true } else { false } }.count
        }
    }
}

extension SessionRunner {
    /// Plays scheduled steps: each action settles, each response is handled
    /// and acknowledged, and invalidated views re-render after each step.
    public func play(_ steps: [SessionSchedule.Step]) async {
        for step in steps {
            switch step {
            case .action(let action, let issuedAfter):
                await perform(action, expectedIssued: issuedAfter)
            case .deliver(let sequence, _):
                await deliver(sequence)
            }
        }
    }
}

extension SessionSchedule {
    /// The steps before the inventory burst: a session played through them
    /// has browsed, opened products and filled its cart.
    public var stepsBeforeBurst: [Step] {
        phases.prefix { $0.name != "inventory-burst" }.flatMap(\.steps)
    }

    /// The interactions suite's cycle of settled actions, for a session
    /// played through `setup`: the first carted product's quantity to 5 and
    /// back to 1, the in-stock filter on and off, a page flip and back. It
    /// sends no request and leaves the session as it found it.
    public static func interactionCycle(after setup: [Step]) -> [UserAction] {
        let carted = setup.compactMap { step -> Int? in
            if case .action(.addToCart(let id), _) = step { return id }
            return nil
        }.first!
        return [
            .setQuantity(productID: carted, quantity: 5), .setQuantity(productID: carted, quantity: 1),
            .setInStockOnly(true), .setInStockOnly(false),
            .setPage(1), .setPage(0),
        ]
    }
}
