import Cog
import CogTesting
import Testing

@MainActor
struct LatestWinsScenarioTests {
    @Test(
        "ASYNC-07 a dependency change cancels old work and starts new work, with .latest spelled or omitted",
        arguments: [true, false])
    func dependencyChangeReplacesWork(spelled: Bool) async {
        let _zipCog = Cog<Int>.Manual { 1 }
        let work = ControlledWork<String>()
        let selector: @MainActor (inout CogReader<CogStatus<String>>) -> CogWork<String> = { c in
            _ = c[_zipCog]
            return .run { try await work.run() }
        }
        let weatherCog =
            spelled ? Cog<String>.Async(.latest, default: "", selector) : Cog<String>.Async(default: "", selector)
        let cogs = Cogs.forTesting(clock: TestClock())
        _ = cogs[weatherCog]
        await work.started(1)
        cogs.turn(_zipCog, to: 2)
        await work.started(2)
        #expect(work.wasCancelled(1))
        #expect(!work.wasCancelled(2))
        await work.succeed(2, with: "new")
        #expect(cogs[weatherCog] == "new")
    }

    @Test("ASYNC-08 old work that ignores cancellation finishes anyway and its result is thrown away")
    func lateResultIgnored() async {
        let _zipCog = Cog<Int>.Manual { 1 }
        let work = ControlledWork<String>()
        let weatherCog = Cog<String>.Async(default: "") { c in
            _ = c[_zipCog]
            return .run { try await work.run() }
        }
        let cogs = Cogs.forTesting(clock: TestClock())
        let watcher = StatusWatcher(cogs, weatherCog)
        await work.started(1)
        cogs.turn(_zipCog, to: 2)
        await work.started(2)
        await work.succeed(1, with: "stale")
        #expect(cogs[weatherCog] == "")
        #expect(watcher.kinds == [.pending, .pending])
        await work.succeed(2, with: "fresh")
        #expect(cogs[weatherCog] == "fresh")
    }

    @Test("ASYNC-09 work cancelled because it was replaced publishes no failure")
    func replacedWorkIsSilent() async {
        let _zipCog = Cog<Int>.Manual { 1 }
        let work = ControlledWork<String>()
        let weatherCog = Cog<String>.Async(default: "") { c in
            _ = c[_zipCog]
            return .run { try await work.run() }
        }
        let cogs = Cogs.forTesting(clock: TestClock())
        let watcher = StatusWatcher(cogs, weatherCog)
        await work.started(1)
        cogs.turn(_zipCog, to: 2)
        await work.fail(1, CancellationError())
        #expect(watcher.kinds == [.pending, .pending])
        #expect(cogs.status.peek(weatherCog).error == nil)
    }

    @Test("ASYNC-10 refresh reruns the work and its handle completes when that exact generation succeeds")
    func refreshFollowsItsGeneration() async {
        let work = ControlledWork<Int>()
        let selectorRuns = RunCounter()
        let countCog = Cog<Int>.Async(default: 0) { _ in
            selectorRuns.bump()
            return .run { try await work.run() }
        }
        let cogs = Cogs.forTesting(clock: TestClock())
        _ = cogs[countCog]
        await work.started(1)
        await work.succeed(1, with: 1)
        let handle = cogs.refresh(countCog)
        #expect(handle.generation == 2)
        #expect(handle.outcome == nil)
        #expect(cogs.status.peek(countCog).kind == .pending)
        await work.started(2)
        await work.succeed(2, with: 2)
        #expect(handle.outcome?.isSuccess == true)
        #expect(await handle.result.isSuccess)
        #expect(selectorRuns.count == 2)
    }

    @Test("ASYNC-11 only what the selector reads before returning is a dependency")
    func readsAfterAwaitAreNotDependencies() async {
        let _zipCog = Cog<Int>.Manual { 1 }
        let _unitsCog = Cog<String>.Manual { "F" }
        let work = ControlledWork<String>()
        let cogs = Cogs.forTesting(clock: TestClock())
        let weatherCog = Cog<String>.Async(default: "") { c in
            _ = c[_zipCog]
            return .run {
                let result = try await work.run()
                return result + cogs.peek(_unitsCog)
            }
        }
        _ = cogs[weatherCog]
        await work.started(1)
        await work.succeed(1, with: "70")
        #expect(cogs[weatherCog] == "70F")
        cogs.turn(_unitsCog, to: "C")
        #expect(work.generationCount == 1)
        #expect(cogs.status.peek(weatherCog).kind == .success)
    }

    @Test("ASYNC-12 two keys of an async box fetch independently")
    func keysAreIndependent() async {
        let work = ControlledWork<String>()
        let detailCogs = CogBox<String, Int>.Async(default: "") { _, id in .run { try await work.run() } }
        let cogs = Cogs.forTesting(clock: TestClock())
        _ = cogs[detailCogs[1]]
        await work.started(1)
        _ = cogs[detailCogs[2]]
        await work.started(2)
        await work.succeed(1, with: "one")
        #expect(cogs.status.peek(detailCogs[1]).kind == .success)
        #expect(cogs.status.peek(detailCogs[2]).kind == .pending)
        #expect(cogs[detailCogs[1]] == "one")
        #expect(cogs[detailCogs[2]] == "")
    }

    @Test("ASYNC-35 a dependency change supersedes an in-flight refresh; its late result publishes nothing")
    func dependencyChangeSupersedesRefresh() async {
        let _idCog = Cog<Int>.Manual { 1 }
        let work = ControlledWork<String>()
        let detailCog = Cog<String>.Async(default: "") { c in
            _ = c[_idCog]
            return .run { try await work.run() }
        }
        let cogs = Cogs.forTesting(clock: TestClock())
        _ = cogs[detailCog]
        await work.started(1)
        await work.succeed(1, with: "first")
        let handle = cogs.refresh(detailCog)
        await work.started(2)
        cogs.turn(_idCog, to: 2)
        #expect(handle.outcome?.name == "superseded")
        await work.started(3)
        await work.succeed(2, with: "late")
        #expect(cogs[detailCog] == "first")
        await work.succeed(3, with: "current")
        #expect(cogs[detailCog] == "current")
        #expect(handle.outcome?.name == "superseded")
    }

    @Test("ASYNC-21 a refresh during in-flight work replaces it; a newer refresh supersedes the older handle")
    func refreshReplacesInFlightWork() async {
        let work = ControlledWork<Int>()
        let countCog = Cog<Int>.Async(default: 0) { _ in .run { try await work.run() } }
        let cogs = Cogs.forTesting(clock: TestClock())
        _ = cogs[countCog]
        await work.started(1)
        let older = cogs.refresh(countCog)
        await work.started(2)
        #expect(work.wasCancelled(1))
        let newer = cogs.refresh(countCog)
        await work.started(3)
        #expect(older.outcome?.name == "superseded")
        await work.succeed(2, with: 2)
        #expect(cogs[countCog] == 0)
        await work.succeed(3, with: 3)
        #expect(cogs[countCog] == 3)
        #expect(newer.outcome?.isSuccess == true)
        #expect(older.outcome?.name == "superseded")
    }

    @Test("ASYNC-22 a one-shot peek of a never-read async cog starts one pending run; a second peek shares it")
    func coldPeekStartsOneRun() async {
        let work = ControlledWork<Int>()
        let countCog = Cog<Int>.Async(default: 5) { _ in .run { try await work.run() } }
        let cogs = Cogs.forTesting(clock: TestClock())
        #expect(cogs.peek(countCog) == 5)
        let status = cogs.status.peek(countCog)
        #expect(status.kind == .pending)
        #expect(!status.hasSucceeded)
        #expect(cogs.peek(countCog) == 5)
        await work.started(1)
        #expect(work.generationCount == 1)
        #expect(cogs.debugBoundaryObjectCount == 0)
    }

    @Test("ASYNC-23 refreshing a never-read async value is one initial load")
    func coldRefreshIsInitialLoad() async {
        let work = ControlledWork<Int>()
        let selectorRuns = RunCounter()
        let countCog = Cog<Int>.Async(name: "count", default: 0) { _ in
            selectorRuns.bump()
            return .run { try await work.run() }
        }
        let cogs = Cogs.forTesting(clock: TestClock())
        let turnsBefore = cogs.debugCompletedTurnCount
        let handle = cogs.refresh(countCog)
        #expect(handle.generation == 1)
        #expect(selectorRuns.count == 1)
        let status = cogs.status.peek(countCog)
        #expect(status.kind == .pending)
        #expect(status.value == 0)
        #expect(!status.hasSucceeded)
        #expect(cogs.debugCompletedTurnCount == turnsBefore + 1, "one pending turn, not initialize-then-replace")
        await work.started(1)
        #expect(!work.wasCancelled(1))
        await work.succeed(1, with: 4)
        #expect(handle.outcome?.isSuccess == true)
        #expect(selectorRuns.count == 1)
        #expect(cogs.debugCompletedTurnCount == turnsBefore + 2)
        #if DEBUG  // turn names are debug history (HIST-04)
            #expect(cogs.debugRecentTurnNames == ["count.pending", "count.success"])
        #endif
        #expect(cogs.debugBoundaryObjectCount == 0)
    }

    @Test(
        "ASYNC-26 a keyed async box's value spelling: equal keys share, keys stay independent, equal success is quiet")
    func keyedValueSpelling() async {
        let work = ControlledWork<Int>()
        let forecastCogs = CogBox<Int, String>.Async(default: 0) { _, _ in .run { try await work.run() } }
        let cogs = Cogs.forTesting(clock: TestClock())
        let view = HeadlessView()
        view.render { _ = cogs[forecastCogs["94110"]] }
        _ = cogs[forecastCogs[String("9411") + "0"]]
        _ = cogs[forecastCogs["10001"]]
        await work.started(2)
        #expect(work.generationCount == 2)
        await work.succeed(1, with: 70)
        #expect(view.notices.count == 1)
        view.render { _ = cogs[forecastCogs["94110"]] }
        cogs.refresh(forecastCogs["94110"])
        await work.started(3)
        await work.succeed(3, with: 70)
        #expect(view.notices.count == 1)
        #expect(cogs[forecastCogs["10001"]] == 0)
    }

    @Test("ASYNC-28 an automatic cog backed by an async cog read through the UI boundary updates when work completes")
    func automaticOverAsyncAtTheBoundary() async {
        let work = ControlledWork<Int>()
        let forecastCog = Cog<Int>.Async(name: "forecast", default: 0) { _ in .run { try await work.run() } }
        let summaryRuns = RunCounter()
        let summaryCog = Cog<String>(name: "summary") { c in
            summaryRuns.bump()
            return "high \(c[forecastCog])"
        }
        let cogs = Cogs.forTesting(clock: TestClock())
        let view = HeadlessView()
        let turnsBefore = cogs.debugCompletedTurnCount
        view.render { _ = cogs[summaryCog] }
        // The pending publication neither re-entered the summary's run nor
        // notified anyone: one run, one turn, no notice.
        #expect(summaryRuns.count == 1)
        #expect(cogs.debugCompletedTurnCount == turnsBefore + 1)
        #expect(view.notices.count == 0)
        #if DEBUG
            // The async state's status node, then its value node, then the summary.
            let history = cogs.debugHistory.map(\.description)
            #expect(
                history == [
                    "turn forecast.pending", "write forecast", "recompute forecast", "recompute forecast",
                    "recompute summary",
                ])
        #endif
        #expect(cogs[summaryCog] == "high 0")
        await work.started(1)
        await work.succeed(1, with: 72)
        #expect(view.notices.count == 1)
        #expect(cogs[summaryCog] == "high 72")
        #if DEBUG  // turn names are debug history (HIST-04)
            #expect(cogs.debugRecentTurnNames.last == "forecast.success")
        #endif
    }

    @Test("ASYNC-28 the cogs[forecastCog] value spelling at the UI edge records one named pending turn")
    func asyncValueSpellingAtTheBoundary() async {
        let work = ControlledWork<Int>()
        let forecastCog = Cog<Int>.Async(name: "forecast", default: 0) { _ in .run { try await work.run() } }
        let cogs = Cogs.forTesting(clock: TestClock())
        let view = HeadlessView()
        let turnsBefore = cogs.debugCompletedTurnCount
        view.render { #expect(cogs[forecastCog] == 0) }
        #expect(cogs.debugCompletedTurnCount == turnsBefore + 1)
        #expect(view.notices.count == 0)
        await work.started(1)
        await work.succeed(1, with: 68)
        #expect(view.notices.count == 1)
        #expect(cogs[forecastCog] == 68)
        #if DEBUG
            #expect(cogs.debugRecentTurnNames == ["forecast.pending", "forecast.success"])
        #endif
    }

    @Test("ASYNC-27 refresh from a computing selector traps with the turn-during-computation error")
    func refreshFromSelectorTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let cogs = Cogs.forTesting(clock: TestClock())
                let targetCog = Cog<Int>.Async(name: "target", default: 0) { _ in .run { 1 } }
                let badCog = Cog<Int>(name: "bad") { _ in
                    cogs.refresh(targetCog)
                    return 0
                }
                _ = cogs.peek(badCog)
            }
        }
        let message = result?.standardErrorContent.text ?? ""
        #expect(message.contains("was attempted while automatic cog 'bad' was computing"))
    }
}
