import Cog
import CogTesting
import Testing

@MainActor
struct OrderedPolicyScenarioTests {
    @Test("POLICY-01 .queue runs three quick changes one at a time, in input order, publishing in run order")
    func queueRunsInOrder() async {
        let _inputCog = Cog<Int>.Manual { 0 }
        let work = ControlledWork<Int>()
        let inputs = EventLog()
        let savedCog = Cog<Int>.Async(.queue, default: -1) { c in
            let input = c[_inputCog]
            return .run {
                inputs.append("start \(input)")
                return try await work.run()
            }
        }
        let cogs = Cogs.forTesting(clock: TestClock())
        let values = ValueWatcher(cogs, savedCog)
        await work.started(1)
        await work.succeed(1, with: 0)
        for input in 1...3 { cogs.turn(_inputCog, to: input) }
        await work.started(2)
        #expect(work.generationCount == 2)
        await work.succeed(2, with: 1)
        await work.started(3)
        #expect(work.generationCount == 3)
        await work.succeed(3, with: 2)
        await work.started(4)
        await work.succeed(4, with: 3)
        #expect(inputs.events == ["start 0", "start 1", "start 2", "start 3"])
        #expect(values.values == [-1, 0, 1, 2, 3])
        #expect(work.generationCount == 4)
        #expect(cogs[savedCog] == 3)
    }

    @Test(
        "POLICY-03 .exhaustLatest starts no runs while busy, then exactly one catch-up run on the newest state",
        arguments: [1, 10])
    func exhaustLatestCatchesUpOnce(changes: Int) async {
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
        _ = cogs[searchCog]
        await work.started(1)
        for input in 1...changes { cogs.turn(_inputCog, to: input) }
        #expect(work.generationCount == 1)
        await work.succeed(1, with: 0)
        await work.started(2)
        #expect(inputs.events == ["0", "\(changes)"])
        await work.succeed(2, with: changes)
        #expect(work.generationCount == 2)
        #expect(cogs[searchCog] == changes)
    }

    @Test("POLICY-04 .merged runs overlap and each result publishes in landing order")
    func mergedPublishesInLandingOrder() async {
        let _inputCog = Cog<Int>.Manual { 0 }
        let work = ControlledWork<String>()
        let logCog = Cog<String>.Async(.merged, default: "") { c in
            _ = c[_inputCog]
            return .run { try await work.run() }
        }
        let cogs = Cogs.forTesting(clock: TestClock())
        let values = ValueWatcher(cogs, logCog)
        await work.started(1)
        cogs.turn(_inputCog, to: 1)
        await work.started(2)
        #expect(!work.wasCancelled(1))
        await work.succeed(2, with: "newer")
        await work.succeed(1, with: "older")
        #expect(values.values == ["", "newer", "older"])
        #expect(cogs[logCog] == "older")
    }

    @Test(
        "POLICY-06 a failed queued run publishes and resolves only its handle; the next run still starts and succeeds")
    func queueSurvivesFailure() async {
        let work = ControlledWork<Int>()
        let totalCog = Cog<Int>.Async(.queue, default: 0) { _ in .run { try await work.run() } }
        let cogs = Cogs.forTesting(clock: TestClock())
        _ = cogs[totalCog]
        await work.started(1)
        await work.succeed(1, with: 10)
        let statuses = StatusWatcher(cogs, totalCog)
        let first = cogs.refresh(totalCog)
        let second = cogs.refresh(totalCog)
        await work.started(2)
        #expect(work.generationCount == 2)
        await work.fail(2, TestFailure("nope"))
        #expect(first.outcome?.name == "failure")
        #expect(second.outcome == nil)
        await work.started(3)
        await work.succeed(3, with: 11)
        #expect(second.outcome?.isSuccess == true)
        #expect(
            statuses.entries.suffix(3) == [
                StatusEntry(kind: .failure, value: "10", hasSucceeded: true, error: "nope"),
                StatusEntry(kind: .pending, value: "10", hasSucceeded: true, error: nil),
                StatusEntry(kind: .success, value: "11", hasSucceeded: true, error: nil),
            ])
    }
}
