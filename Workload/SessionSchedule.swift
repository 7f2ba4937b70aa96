/// The script resolved into concrete steps for the scripted delivery order:
/// each action with the number of requests issued once it has run, each
/// delivery with the request it hands over. Timed runs replay this, so the
/// timed region does no scheduling work of its own.
public struct SessionSchedule: Sendable {
    public enum Step: Sendable, Hashable {
        case action(UserAction, issuedAfter: Int)
        case deliver(sequence: Int)
    }

    public struct Phase: Sendable {
        public var name: String
        public var steps: [Step]
    }

    public let phases: [Phase]

    public init(catalog: Catalog) {
        var shadow = ShadowModel(serving: catalog)
        var noShuffle: SeededGenerator?
        phases = Script(catalog: catalog).phases.map { phase in
            var steps: [Step] = []
            for step in phase.steps {
                switch step {
                case .action(let action):
                    shadow.apply(action)
                    steps.append(.action(action, issuedAfter: shadow.expectedRequests.count))
                case .deliver(let delivery):
                    for sequence in Script.resolve(delivery, pending: shadow.pending, shuffle: &noShuffle) {
                        _ = shadow.deliver(sequence)
                        steps.append(.deliver(sequence: sequence))
                    }
                }
            }
            return Phase(name: phase.name, steps: steps)
        }
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
            case .deliver(let sequence):
                await deliver(sequence)
            }
        }
    }
}
