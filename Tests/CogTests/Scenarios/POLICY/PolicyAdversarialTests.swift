import Cog
import CogTesting
import Testing

@MainActor
struct PolicyAdversarialTests {
    /// Two refreshes wait behind a .queue run when grace expiry releases the
    /// state. The waiting requests belong to the released state: they must
    /// resolve released, never start, and never follow the state a later
    /// peek recreates.
    @Test(
        "POLICY-01 releasing a .queue state drops its waiting runs: their handles resolve released and nothing starts")
    func releaseDropsQueuedRuns() async {
        let clock = TestClock()
        let work = ControlledWork<Int>()
        let savedCog = Cog<Int>.Async(.queue, default: -1) { _ in .run { try await work.run() } }
        let cogs = Cogs.forTesting(clock: clock, grace: .seconds(5))
        _ = cogs.peek(savedCog)
        await work.started(1)
        let second = cogs.refresh(savedCog)
        let third = cogs.refresh(savedCog)
        #expect(work.generationCount == 1, ".queue waits for the run in flight")
        clock.advance(by: .seconds(5))
        #expect(work.wasCancelled(1))
        #expect(second.outcome?.name == "released")
        #expect(third.outcome?.name == "released")
        let turnsBefore = cogs.debugCompletedTurnCount
        await work.succeed(1, with: 1)
        #expect(cogs.debugCompletedTurnCount == turnsBefore, "the released run published nothing")
        #expect(cogs.debugLiveAsyncRunCount == 0, "no waiting run started after the release")
        #expect(cogs.status.peek(savedCog).entry == StatusEntry(kind: .pending, value: "-1", hasSucceeded: false))
        await work.started(2)
        await work.succeed(2, with: 2)
        #expect(cogs.peek(savedCog) == 2)
        #expect(second.outcome?.name == "released", "a handle never follows the recreated state")
        #expect(work.generationCount == 2)
    }

    /// A failure of the busy run must not strand the catch-up run that the
    /// changes during it owe: .exhaustLatest still runs exactly once more,
    /// on the newest input, and its success replaces the failure.
    @Test("POLICY-03 .exhaustLatest still runs its one catch-up after the busy run fails")
    func catchUpAfterFailure() async {
        let _inputCog = Cog<Int>.Manual { 0 }
        let work = ControlledWork<Int>()
        let inputs = EventLog()
        let searchCog = Cog<Int>.Async(.exhaustLatest, default: 0) { c in
            let input = c[_inputCog]
            return .run {
                inputs.append("\(input)")
                return try await work.run()
            }
        }
        let cogs = Cogs.forTesting(clock: TestClock())
        let statuses = StatusWatcher(cogs, searchCog)
        await work.started(1)
        for input in 1...3 { cogs.turn(_inputCog, to: input) }
        #expect(work.generationCount == 1)
        await work.fail(1, TestFailure("offline"))
        await work.started(2)
        #expect(inputs.events == ["0", "3"])
        await work.succeed(2, with: 3)
        #expect(work.generationCount == 2)
        // Each change is a new (waiting) generation whose pending status
        // publishes with its turn: status has no equality (docs/cog.md).
        let waiting = StatusEntry(kind: .pending, value: "0", hasSucceeded: false)
        #expect(
            statuses.entries == [
                waiting, waiting, waiting, waiting,
                StatusEntry(kind: .failure, value: "0", hasSucceeded: false, error: "offline"),
                StatusEntry(kind: .pending, value: "0", hasSucceeded: false),
                StatusEntry(kind: .success, value: "3", hasSucceeded: true),
            ])
    }

    /// Two .merged runs overlap when grace expiry releases the state: both
    /// are cancelled, neither late result publishes (in either landing
    /// order), and the recreated state rests on its default until its own
    /// run lands.
    @Test("POLICY-04 releasing a .merged state silences every overlapping run; the recreated state starts clean")
    func releaseSilencesMergedRuns() async {
        let clock = TestClock()
        let work = ControlledWork<String>()
        let logCog = Cog<String>.Async(.merged, default: "") { _ in .run { try await work.run() } }
        let cogs = Cogs.forTesting(clock: clock, grace: .seconds(5))
        let first = cogs.refresh(logCog)
        await work.started(1)
        let second = cogs.refresh(logCog)
        await work.started(2)
        clock.advance(by: .seconds(5))
        #expect(work.wasCancelled(1) && work.wasCancelled(2))
        #expect(first.outcome?.name == "released")
        #expect(second.outcome?.name == "released")
        _ = cogs.peek(logCog)
        await work.started(3)
        let turnsBefore = cogs.debugCompletedTurnCount
        await work.succeed(2, with: "second")
        await work.succeed(1, with: "first")
        #expect(cogs.debugCompletedTurnCount == turnsBefore)
        #expect(cogs.peek(logCog) == "")
        await work.succeed(3, with: "third")
        #expect(cogs.peek(logCog) == "third")
    }

    /// A reaction feeds each published value back as the next input, so
    /// every .queue run's result requests the next run from inside the
    /// flush that published it. Runs stay one at a time and in order.
    @Test("POLICY-01 a reaction that feeds each .queue result back as input keeps runs serial and in order")
    func feedbackThroughAReaction() async {
        let _inputCog = Cog<Int>.Manual { 0 }
        let work = ControlledWork<Int>()
        let inputs = EventLog()
        let stepCog = Cog<Int>.Async(.queue, default: -1) { c in
            let input = c[_inputCog]
            return .run {
                inputs.append("start \(input)")
                return try await work.run()
            }
        }
        let (cogs, m) = Cogs.forTestingWithController(clock: TestClock())
        m.watch(stepCog) { _, value in
            if value >= 0 && value < 3 { m.turn { w in w[_inputCog] = value + 1 } }
        }
        for generation in 1...4 {
            await work.started(generation)
            #expect(work.generationCount == generation, "one run at a time")
            await work.succeed(generation, with: generation - 1)
        }
        #expect(inputs.events == ["start 0", "start 1", "start 2", "start 3"])
        #expect(cogs.peek(stepCog) == 3)
        #expect(cogs.peek(_inputCog) == 3)
        #expect(cogs.debugLiveAsyncRunCount == 0)
    }
}
