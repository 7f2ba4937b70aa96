import Cog
import CogTesting
import Testing

/// An async detail whose selector reads an id, logging each id it runs for.
@MainActor
private final class DetailFixture {
    fileprivate let _idCog = Cog<Int>.Manual { 1 }
    let work = ControlledWork<String>()
    private(set) var selectedIDs: [Int] = []
    let cogs = Cogs.forTesting(clock: TestClock())
    private(set) lazy var detailCog = Cog<String>.Async(default: "") { [unowned self] c in
        let id = c[_idCog]
        selectedIDs.append(id)
        return .run { [work] in "\(id):" + (try await work.run()) }
    }

    /// One turn that writes the id and refreshes the detail, as an op does.
    func open(_ id: Int) -> CogRefresh? {
        var handle: CogRefresh?
        cogs.turn { c in
            c[_idCog] = id
            handle = cogs.refresh(detailCog)
        }
        return handle
    }
}

/// A detail whose work ignores cancellation, read once and then refreshed
/// while its first work runs: the refresh's generation can then be
/// superseded while its own work is still running.
@MainActor
private final class RefreshedDetail {
    fileprivate let _idCog = Cog<Int>.Manual { 1 }
    let work = ControlledWork<String>()
    let cogs = Cogs.forTesting(clock: TestClock())
    private(set) lazy var detailCog = Cog<String>.Async(default: "") { [_idCog, work] c in
        _ = c[_idCog]
        return .run { try await work.run() }
    }

    /// Generation 2's handle, once its work and generation 1's both run.
    func refreshWhileRunning() async -> CogRefresh {
        _ = cogs[detailCog]
        await work.started(1)
        let handle = cogs.refresh(detailCog)
        await work.started(2)
        return handle
    }

    /// Changes the id, which starts generation 3 and supersedes the rest.
    func supersede() {
        cogs.turn(_idCog, to: 2)
    }
}

/// A count under `.exhaustLatest`, read once so its first work runs: a
/// refresh then queues a generation that a second refresh drops before it
/// starts.
@MainActor
private final class QueuedCount {
    let work = ControlledWork<Int>()
    let cogs = Cogs.forTesting(clock: TestClock())
    private(set) lazy var countCog = Cog<Int>.Async(.exhaustLatest, default: 0) { [work] _ in
        .run { try await work.run() }
    }

    /// Reads the count and returns once generation 1's work runs.
    func startFirst() async {
        _ = cogs[countCog]
        await work.started(1)
    }
}

/// `refresh` as an op uses it: inside the turn that changes the async
/// state's input, so the handle follows the one generation that turn starts.
@MainActor
struct RefreshInTurnTests {
    @Test("A refresh inside a turn on a never-read state starts one generation, and it sees the turn's write")
    func refreshOfNewStateSeesTheTurn() async {
        let detail = DetailFixture()
        let handle = detail.open(2)
        #expect(detail.selectedIDs == [2])
        #expect(handle?.generation == 1)
        await detail.work.started(1)
        await detail.work.succeed(1, with: "text")
        #expect(handle?.outcome?.isSuccess == true)
        #expect(detail.cogs[detail.detailCog] == "2:text")
    }

    @Test("A refresh inside the turn that changes a dependency joins it: one new generation, not two")
    func refreshJoinsTheDependencyChange() async {
        let detail = DetailFixture()
        _ = detail.cogs[detail.detailCog]
        await detail.work.started(1)
        let handle = detail.open(3)
        #expect(detail.selectedIDs == [1, 3])
        #expect(handle?.generation == 2)
        #expect(detail.work.wasCancelled(1))
        await detail.work.started(2)
        await detail.work.succeed(2, with: "text")
        #expect(handle?.outcome?.isSuccess == true)
        #expect(detail.cogs[detail.detailCog] == "3:text")
    }

    @Test("workEnded of a superseded generation waits until its work, which ignores cancellation, has returned")
    func workEndedWaitsForSupersededWork() async {
        let detail = RefreshedDetail()
        let handle = await detail.refreshWhileRunning()
        detail.supersede()
        #expect(handle.outcome?.name == "superseded")
        let ended = Task { @MainActor in
            await handle.workEnded
            return detail.work.isPending(2)
        }
        await detail.work.succeed(2, with: "late")
        #expect(await ended.value == false, "workEnded returned while the superseded work was still running")
        #expect(detail.cogs[detail.detailCog] == "")
    }

    @Test("workEnded of a queued generation dropped before it started returns with its outcome")
    func workEndedOfNeverStartedGeneration() async {
        let count = QueuedCount()
        await count.startFirst()
        let (work, cogs, countCog) = (count.work, count.cogs, count.countCog)
        let dropped = cogs.refresh(countCog)
        let newest = cogs.refresh(countCog)
        #expect(dropped.outcome?.name == "superseded")
        await dropped.workEnded
        await work.succeed(1, with: 1)
        await work.started(2)
        await work.succeed(2, with: 2)
        await newest.workEnded
        #expect(newest.outcome?.isSuccess == true)
        #expect(cogs[countCog] == 2)
    }

    @Test("ASYNC-10 onWorkEnded runs once, after the generation's work returned and was published, without a task")
    func onWorkEndedFollowsThePublishedGeneration() async {
        let detail = DetailFixture()
        let handle = detail.open(2)
        var seen: [String] = []
        handle?.onWorkEnded { outcome in seen.append("\(outcome.name) \(detail.cogs[detail.detailCog])") }
        await detail.work.started(1)
        #expect(seen.isEmpty)
        await detail.work.succeed(1, with: "text")
        #expect(seen == ["success 2:text"])
        handle?.onWorkEnded { outcome in seen.append("late \(outcome.name)") }
        #expect(seen == ["success 2:text", "late success"], "a body given after the end runs at once")
    }

    @Test(
        "ASYNC-21 onWorkEnded of a superseded generation runs when its work, which ignores cancellation, has returned")
    func onWorkEndedWaitsForSupersededWork() async {
        let detail = RefreshedDetail()
        let handle = await detail.refreshWhileRunning()
        var outcomes: [String] = []
        handle.onWorkEnded { outcomes.append($0.name) }
        detail.supersede()
        #expect(handle.outcome?.name == "superseded")
        #expect(outcomes.isEmpty, "the superseded work is still running")
        await detail.work.succeed(2, with: "late")
        #expect(outcomes == ["superseded"])
        #expect(detail.cogs[detail.detailCog] == "")
    }

    @Test("ASYNC-21 onWorkEnded of a queued generation dropped before it started runs when it is dropped")
    func onWorkEndedOfNeverStartedGeneration() async {
        let count = QueuedCount()
        await count.startFirst()
        let (work, cogs, countCog) = (count.work, count.cogs, count.countCog)
        let dropped = cogs.refresh(countCog)
        var outcomes: [String] = []
        dropped.onWorkEnded { outcomes.append("first \($0.name)") }
        #expect(outcomes.isEmpty)
        let newest = cogs.refresh(countCog)
        #expect(outcomes == ["first superseded"])
        newest.onWorkEnded { outcomes.append("newest \($0.name)") }
        await work.succeed(1, with: 1)
        await work.started(2)
        await work.succeed(2, with: 2)
        #expect(outcomes == ["first superseded", "newest success"])
    }
}
