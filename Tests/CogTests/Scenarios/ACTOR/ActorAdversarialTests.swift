import Cog
import CogTesting
import Testing

private let _advStartCog = Cog<Int>.Manual {
    MainActor.preconditionIsolated("a starting-value closure runs on the MainActor")
    return 1
}
private let _advOpenCog = Cog<Bool>.Manual { false }

@MainActor
struct ActorAdversarialTests {
    /// The closures Cog calls later, from places other than a direct call:
    /// starting values, a keyed starting value, a custom equality rule, a
    /// scope's body, a controller turn's stored body run by the drain, a
    /// watch, an async default and the work's published result's dependent.
    @Test(
        "ACTOR-01 deferred closures run on the MainActor: starting values, equality, scope bodies, queued bodies, work")
    func deferredClosuresRunOnMain() async {
        let lanes = EventLog()
        func mark(_ lane: String) {
            MainActor.preconditionIsolated("\(lane) runs on the MainActor")
            lanes.append(lane)
        }
        let _rowCogs = CogBox<Int, Int>.Manual { key in
            MainActor.preconditionIsolated("a keyed starting value runs on the MainActor")
            return key
        }
        let sumCog = Cog<Int>(equals: { lhs, rhs in
            mark("equals")
            return lhs == rhs
        }) { c in c[_advStartCog] + c[_rowCogs[2]] }
        let work = ControlledWork<Int>()
        let loadCog = Cog<Int>.Async(default: 0) { c in
            let base = c[sumCog]
            return .run {
                mark("work")
                return try await work.run() + base
            }
        }
        let shownCog = Cog<Int> { c in
            mark("dependent of work")
            return c[loadCog]
        }
        let (cogs, m) = Cogs.forTestingWithController(clock: TestClock())
        m.scope(_advOpenCog) { child in
            mark("scope body")
            child.watch(_advStartCog) { _, value in
                mark("watch")
                if value == 2 {
                    child.turn { w in
                        mark("queued body"); w[_rowCogs[3]] = 5
                    }
                }
            }
        }
        #expect(cogs[shownCog] == 0)
        await work.started(1)
        await work.succeed(1, with: 10)
        #expect(cogs[shownCog] == 13)
        cogs.turn(_advOpenCog, to: true)
        cogs.turn(_advStartCog, to: 2)
        #expect(cogs.peek(_rowCogs[3]) == 5)
        await work.started(2)
        await work.succeed(2, with: 100)
        #expect(cogs[shownCog] == 104)
        #expect(lanes.events.contains("scope body"))
        #expect(lanes.events.contains("watch"))
        #expect(lanes.events.contains("queued body"))
        #expect(lanes.events.contains("equals"))
        #expect(lanes.events.filter { $0 == "work" }.count == work.generationCount)
        #expect(lanes.events.filter { $0 == "dependent of work" }.count == 3)
    }
}

/// ACTOR-02's compile-time half, in the shape an app reaches for first: a
/// background queue's callback (a synchronous @Sendable closure) that tries
/// a turn on the runtime it captured, with no MainActor hop.
@Suite(.enabled(if: FixtureTypeChecker.runs, "the built Cog module or swiftc could not be located (outside CI)"))
struct ActorAdversarialCompileFailTests {
    @Test("ACTOR-02 a background queue's callback cannot turn on the runtime it captured")
    func backgroundQueueTurnRejected() throws {
        let checker = try FixtureTypeChecker.required()
        let fixture = "ACTOR-02-background-queue-turn.swift"
        let expected = try #require(try FixtureTypeChecker.expectedError(in: fixture))
        let outcome = try checker.typeCheck(fixture)
        #expect(!outcome.succeeded, "\(fixture) type-checked but should not have")
        #expect(outcome.diagnostics.contains(expected), "\(fixture) diagnostics: \(outcome.diagnostics)")
    }
}
