import Cog
import CogTesting
import Testing

private let _levelCog = Cog<Int>.Manual { 0 }

@MainActor
private struct LevelWatchMechanism: Mechanism {
    let log: EventLog
    func operate(_ m: CogController) {
        m.run { c in log.append("mechanism \(c[_levelCog])") }
    }
}

@MainActor
struct TestHarnessScenarioTests {
    @Test("SEED-09 ControlledWork announces each generation and completes exactly the one named")
    func controlledWorkGenerations() async {
        let _inputCog = Cog<Int>.Manual { 0 }
        let work = ControlledWork<Int>()
        let resultCog = Cog<Int>.Async(.merged, default: 0) { c in
            _ = c[_inputCog]
            return .run { try await work.run() }
        }
        let cogs = Cogs.forTesting(clock: TestClock())
        _ = cogs[resultCog]
        var starts = work.starts.makeAsyncIterator()
        #expect(await starts.next() == 1)
        await work.succeed(2, with: 99)
        #expect(cogs[resultCog] == 0, "completing an unstarted generation does nothing")
        cogs.turn(_inputCog, to: 1)
        #expect(await starts.next() == 2)
        await work.succeed(2, with: 2)
        #expect(cogs[resultCog] == 2)
        #expect(work.isPending(1))
    }

    @Test("SEED-10 ControlledStream drives exact generations and counts the work started")
    func controlledStreamGenerations() async {
        let stream = ControlledStream<Int>()
        let feedCog = Cog<Int>.Async(default: 0) { _ in .stream { stream.sequence() } }
        let cogs = Cogs.forTesting(clock: TestClock())
        _ = cogs[feedCog]
        var starts = stream.starts.makeAsyncIterator()
        #expect(await starts.next() == 1)
        await stream.yield(1, 4)
        await stream.fail(1, TestFailure())
        #expect(stream.generationCount == 1, "a terminal failure started no new work")
        #expect(cogs.status.peek(feedCog).kind == .failure)
    }

    #if DEBUG
        @Test("SEED-11 forTestingWithController's registrations order after the mechanisms' own; seeding runs first")
        func controllerOrdersAfterMechanisms() {
            let log = EventLog()
            let (cogs, m) = Cogs.forTestingWithController(
                seeding: { seed in seed[_levelCog] = 2 },
                mechanisms: [LevelWatchMechanism(log: log)]
            )
            m.run { c in log.append("test \(c[_levelCog])") }
            cogs.turn(_levelCog, to: 3)
            #expect(log.events == ["mechanism 2", "test 2", "mechanism 3", "test 3"])
        }
    #endif

    @Test("SEED-12 TestClock counts active sleepers and remembers the most at once")
    func testClockSleeperCounts() {
        let clock = TestClock()
        var fired: [String] = []
        let cancelFirst = clock.scheduleTimer(after: .seconds(30)) { fired.append("first") }
        _ = clock.scheduleTimer(after: .seconds(10)) { fired.append("second") }
        #expect(clock.activeSleeperCount == 2)
        cancelFirst()
        #expect(clock.activeSleeperCount == 1)
        clock.advance(by: .seconds(10))
        #expect(fired == ["second"])
        #expect(clock.activeSleeperCount == 0)
        #expect(clock.maximumActiveSleeperCount == 2)
    }
}
