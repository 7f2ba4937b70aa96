import Cog
import CogTesting
import Observation
import Testing

@MainActor
struct AsyncStatusScenarioTests {
    @Test("ASYNC-01 the first read starts work and publishes a pending turn with the resting default")
    func firstReadIsPending() async {
        let work = ControlledWork<Int>()
        let countCog = Cog<Int>.Async(name: "count", default: 7) { _ in .run { try await work.run() } }
        let cogs = Cogs.forTesting(clock: TestClock())
        let turnsBefore = cogs.debugCompletedTurnCount
        #expect(cogs[countCog] == 7)
        #expect(cogs.debugCompletedTurnCount == turnsBefore + 1, "the first read publishes one pending turn")
        #if DEBUG  // turn names are debug history (HIST-04)
            #expect(cogs.debugRecentTurnNames == ["count.pending"])
            #expect(cogs.debugHistory.contains { $0.kind == .write && $0.label == "count" })
        #endif
        _ = cogs[countCog]
        #expect(cogs.debugCompletedTurnCount == turnsBefore + 1, "only the state's creation publishes pending")
        let status = cogs.status.peek(countCog)
        #expect(status.kind == .pending)
        #expect(status.value == 7)
        #expect(status.hasSucceeded == false)
        #expect(status.isLoading)
        await work.started(1)
        #expect(work.generationCount == 1)
        await work.succeed(1, with: 9)
        #expect(cogs[countCog] == 9)
        #expect(cogs.status.peek(countCog).kind == .success)
        #if DEBUG
            #expect(cogs.debugRecentTurnNames == ["count.pending", "count.success"])
        #endif
    }

    @Test("ASYNC-03 a successful nil stays distinct from the resting nil through a reload")
    func successfulNilIsDistinct() async {
        let work = ControlledWork<String?>()
        let noteCog = Cog<String?>.Async(default: nil) { _ in .run { try await work.run() } }
        let cogs = Cogs.forTesting(clock: TestClock())
        #expect(cogs.status.peek(noteCog).hasSucceeded == false)
        await work.started(1)
        await work.succeed(1, with: nil)
        cogs.refresh(noteCog)
        let reloading = cogs.status.peek(noteCog)
        #expect(reloading.kind == .pending)
        #expect(reloading.value == nil)
        #expect(reloading.hasSucceeded)
    }

    @Test("ASYNC-30 every accessor is right in every lifecycle state")
    func accessorWalk() async {
        let work = ControlledWork<Int>()
        let scoreCog = Cog<Int>.Async(default: 0) { _ in .run { try await work.run() } }
        let cogs = Cogs.forTesting(clock: TestClock())
        var status = cogs.status.peek(scoreCog)
        #expect(status.entry == StatusEntry(kind: .pending, value: "0", hasSucceeded: false, error: nil))
        #expect(status.isLoading)
        await work.started(1)
        await work.succeed(1, with: 5)
        status = cogs.status.peek(scoreCog)
        #expect(status.entry == StatusEntry(kind: .success, value: "5", hasSucceeded: true, error: nil))
        #expect(!status.isLoading)
        cogs.refresh(scoreCog)
        status = cogs.status.peek(scoreCog)
        #expect(status.entry == StatusEntry(kind: .pending, value: "5", hasSucceeded: true, error: nil))
        #expect(status.isLoading)
        await work.started(2)
        await work.fail(2, TestFailure("offline"))
        status = cogs.status.peek(scoreCog)
        #expect(status.entry == StatusEntry(kind: .failure, value: "5", hasSucceeded: true, error: "offline"))
        #expect(!status.isLoading)
        cogs.refresh(scoreCog)
        status = cogs.status.peek(scoreCog)
        #expect(status.entry == StatusEntry(kind: .pending, value: "5", hasSucceeded: true, error: nil))
    }

    @Test(
        "ASYNC-31 every value spelling returns the default before success and the last success after, through reload and failure"
    )
    func valueReadsAreTotal() async {
        let work = ControlledWork<Int>()
        let levelCog = Cog<Int>.Async(default: -1) { _ in .run { try await work.run() } }
        let doubledCog = Cog<Int> { c in c[levelCog] * 2 }
        let cogs = Cogs.forTesting(clock: TestClock())
        #expect(cogs[levelCog] == -1)
        #expect(cogs.peek(levelCog) == -1)
        #expect(cogs.peek(doubledCog) == -2)
        await work.started(1)
        await work.succeed(1, with: 4)
        cogs.refresh(levelCog)
        #expect(cogs[levelCog] == 4)
        await work.started(2)
        await work.fail(2, TestFailure())
        #expect(cogs[levelCog] == 4)
        #expect(cogs.peek(levelCog) == 4)
        #expect(cogs.peek(doubledCog) == 8)
    }

    @Test("ASYNC-32 cogs.status tracks each field separately; binding the status tracks nothing")
    func statusFieldsTrackSeparately() async {
        let work = ControlledWork<Int>()
        let stockCog = Cog<Int>.Async(default: 0) { _ in .run { try await work.run() } }
        let cogs = Cogs.forTesting(clock: TestClock())
        _ = cogs.status.peek(stockCog)
        await work.started(1)
        await work.succeed(1, with: 3)
        let valueView = HeadlessView()
        let loadingView = HeadlessView()
        let bindingOnlyView = HeadlessView()
        valueView.render { _ = cogs.status[stockCog].value }
        loadingView.render { _ = cogs.status[stockCog].isLoading }
        bindingOnlyView.render { _ = cogs.status[stockCog] }
        cogs.refresh(stockCog)
        #expect(loadingView.notices.count == 1)
        #expect(valueView.notices.count == 0)
        await work.started(2)
        await work.succeed(2, with: 3)
        #expect(valueView.notices.count == 0, "an equal success leaves the value field quiet")
        #expect(bindingOnlyView.notices.count == 0)
        // The tracked selector spelling sees every status turn.
        let watcher = StatusWatcher(cogs, stockCog)
        cogs.refresh(stockCog)
        await work.started(3)
        await work.succeed(3, with: 3)
        #expect(watcher.kinds == [.success, .pending, .success])
    }

    @Test("ASYNC-18 initial work throws: pending then failure, each its own turn")
    func initialFailure() async {
        let work = ControlledWork<Int>()
        let quoteCog = Cog<Int>.Async(name: "quote", default: 0) { _ in .run { try await work.run() } }
        let cogs = Cogs.forTesting(clock: TestClock())
        let watcher = StatusWatcher(cogs, quoteCog)
        await work.started(1)
        await work.fail(1, TestFailure("down"))
        #expect(
            watcher.entries == [
                StatusEntry(kind: .pending, value: "0", hasSucceeded: false, error: nil),
                StatusEntry(kind: .failure, value: "0", hasSucceeded: false, error: "down"),
            ])
        #if DEBUG  // turn names are debug history (HIST-04)
            #expect(cogs.debugRecentTurnNames.last == "quote.failure")
        #endif
    }

    @Test(
        "ASYNC-19 success then a failing reload: every visible status is its own turn and the last good value is kept")
    func reloadFailureKeepsLastGood() async {
        let _zipCog = Cog<Int>.Manual { 1 }
        let work = ControlledWork<String>()
        let weatherCog = Cog<String>.Async(default: "none") { c in
            _ = c[_zipCog]
            return .run { try await work.run() }
        }
        let cogs = Cogs.forTesting(clock: TestClock())
        let watcher = StatusWatcher(cogs, weatherCog)
        await work.started(1)
        await work.succeed(1, with: "sunny")
        cogs.turn(_zipCog, to: 2)
        await work.started(2)
        await work.fail(2, TestFailure())
        cogs.turn(_zipCog, to: 3)
        #expect(
            watcher.entries == [
                StatusEntry(kind: .pending, value: "none", hasSucceeded: false, error: nil),
                StatusEntry(kind: .success, value: "sunny", hasSucceeded: true, error: nil),
                StatusEntry(kind: .pending, value: "sunny", hasSucceeded: true, error: nil),
                StatusEntry(kind: .failure, value: "sunny", hasSucceeded: true, error: "boom"),
                StatusEntry(kind: .pending, value: "sunny", hasSucceeded: true, error: nil),
            ])
    }

    @Test("ASYNC-20 an equal successful reload reaches status watchers but leaves value consumers quiet")
    func equalSuccessIsQuietForValues() async {
        let work = ControlledWork<Int>()
        let priceCog = Cog<Int>.Async(default: 0) { _ in .run { try await work.run() } }
        let downstreamRuns = RunCounter()
        let labelCog = Cog<String> { c in
            downstreamRuns.bump()
            return "$\(c[priceCog])"
        }
        let cogs = Cogs.forTesting(clock: TestClock())
        let view = HeadlessView()
        view.render { _ = cogs[labelCog] }
        await work.started(1)
        await work.succeed(1, with: 10)
        let statusWatcher = StatusWatcher(cogs, priceCog)
        let runsBefore = downstreamRuns.count
        let noticesBefore = view.notices.count
        cogs.refresh(priceCog)
        await work.started(2)
        await work.succeed(2, with: 10)
        #expect(statusWatcher.kinds == [.success, .pending, .success])
        #expect(downstreamRuns.count == runsBefore)
        #expect(view.notices.count == noticesBefore)
    }

    @Test("ASYNC-38 a retry that fails again shows every status turn while value consumers stay quiet")
    func repeatedFailure() async {
        let work = ControlledWork<Int>()
        let inboxCog = Cog<Int>.Async(default: 0) { _ in .run { try await work.run() } }
        let cogs = Cogs.forTesting(clock: TestClock())
        let values = ValueWatcher(cogs, inboxCog)
        let statuses = StatusWatcher(cogs, inboxCog)
        await work.started(1)
        await work.fail(1, TestFailure("same"))
        cogs.refresh(inboxCog)
        await work.started(2)
        await work.fail(2, TestFailure("same"))
        #expect(statuses.kinds == [.pending, .failure, .pending, .failure])
        #expect(values.runs == 1)
    }

    @Test("ASYNC-39 a CancellationError from current work Cog never cancelled is an ordinary failure")
    func innerCancellationIsFailure() async {
        let work = ControlledWork<Int>()
        let feedCog = Cog<Int>.Async(default: 0) { _ in .run { try await work.run() } }
        let cogs = Cogs.forTesting(clock: TestClock())
        _ = cogs[feedCog]
        await work.started(1)
        await work.fail(1, CancellationError())
        let status = cogs.status.peek(feedCog)
        #expect(status.kind == .failure)
        #expect(status.error is CancellationError)
    }

    @Test("ASYNC-40 default: is produced once per state: per context, per key, and kept across pending and failure")
    func defaultProducedPerState() async {
        final class Draft {}
        let made = RunCounter()
        func makeDraft() -> Draft {
            made.bump()
            return Draft()
        }
        let work = ControlledWork<Draft>()
        let draftCogs = CogBox<Draft, Int>.Async(default: makeDraft()) { _, _ in .run { try await work.run() } }
        let first = Cogs.forTesting(clock: TestClock())
        let second = Cogs.forTesting(clock: TestClock())
        let a = first.peek(draftCogs[1])
        let b = second.peek(draftCogs[1])
        let c = first.peek(draftCogs[2])
        #expect(a !== b)
        #expect(a !== c)
        #expect(made.count == 3)
        await work.started(1)
        await work.fail(1, TestFailure())
        #expect(first.status.peek(draftCogs[1]).value === a)
        first.refresh(draftCogs[1])
        #expect(first.status.peek(draftCogs[1]).value === a)
        #expect(made.count == 3)
    }

    @Test("ASYNC-15 work runs on the MainActor by default")
    func workRunsOnMainActor() async {
        let work = ControlledWork<Int>()
        let isolatedCog = Cog<Int>.Async(default: 0) { _ in
            .run {
                MainActor.preconditionIsolated("async work must start on the MainActor")
                return try await work.run()
            }
        }
        let cogs = Cogs.forTesting(clock: TestClock())
        _ = cogs[isolatedCog]
        await work.started(1)
        await work.succeed(1, with: 1)
        #expect(cogs[isolatedCog] == 1)
    }

    @Test("ASYNC-17 the task running an async cog's work carries its name and key")
    func taskCarriesNameAndKey() async {
        let work = ControlledWork<Int>()
        let forecastCogs = CogBox<Int, String>.Async(name: "forecast", default: 0) { _, _ in
            .run { try await work.run() }
        }
        let cogs = Cogs.forTesting(clock: TestClock())
        _ = cogs[forecastCogs["94110"]]
        await work.started(1)
        #expect(work.label(of: 1) == "forecast[94110]")
        #expect(work.taskName(of: 1) == "forecast[94110]", "the task itself is named, as Task.name reads it")
        #expect(cogs.debugRunningAsyncTaskLabels == ["forecast[94110]"])
        await work.succeed(1, with: 1)
        #expect(cogs.debugRunningAsyncTaskLabels.isEmpty)
    }
}
