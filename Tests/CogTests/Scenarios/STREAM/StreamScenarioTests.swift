import Cog
import CogTesting
import Testing

@MainActor
struct StreamScenarioTests {
    @Test("STREAM-01 a stream reports loading, then publishes each changed element as its own turn")
    func elementsPublish() async {
        let stream = ControlledStream<Int>()
        let locationCog = Cog<Int>.Async(name: "location", default: 0) { _ in .stream { stream.sequence() } }
        let cogs = Cogs.forTesting(clock: TestClock())
        let values = ValueWatcher(cogs, locationCog)
        #expect(cogs.status.peek(locationCog).isLoading)
        await stream.started(1)
        let turnsBefore = cogs.debugCompletedTurnCount
        await stream.yield(1, 1)
        await stream.yield(1, 2)
        #expect(values.values == [0, 1, 2])
        #expect(cogs.debugCompletedTurnCount == turnsBefore + 2)
        #expect(cogs.status.peek(locationCog).kind == .success)
    }

    /// The old sequence keeps delivering after it is cancelled (a stubborn
    /// feed), so the late element reaches Cog and Cog's guard must drop it.
    @Test(
        "STREAM-03 a dependency change cancels the old sequence; its late elements publish nothing",
        .timeLimit(.minutes(10)))
    func dependencyChangeReplacesStream() async {
        let _roomCog = Cog<Int>.Manual { 1 }
        let stream = ControlledStream<String>()
        let chatCog = Cog<String>.Async(default: "") { c in
            _ = c[_roomCog]
            return .stream { stream.stubbornSequence() }
        }
        let cogs = Cogs.forTesting(clock: TestClock())
        _ = cogs[chatCog]
        await stream.started(1)
        cogs.turn(_roomCog, to: 2)
        await stream.started(2)
        await stream.cancelled(1)
        await stream.yield(1, "late")
        #expect(cogs[chatCog] == "")
        await stream.yield(2, "fresh")
        #expect(cogs[chatCog] == "fresh")
    }

    @Test("STREAM-05 natural end after an element publishes nothing, keeps the success, and refresh starts fresh")
    func naturalEndKeepsSuccess() async {
        let stream = ControlledStream<Int>()
        let tickCog = Cog<Int>.Async(default: 0) { _ in .stream { stream.sequence() } }
        let cogs = Cogs.forTesting(clock: TestClock())
        let statuses = StatusWatcher(cogs, tickCog)
        await stream.started(1)
        await stream.yield(1, 3)
        let turnsBefore = cogs.debugCompletedTurnCount
        await stream.finish(1)
        #expect(cogs.debugCompletedTurnCount == turnsBefore)
        #expect(stream.generationCount == 1)
        #expect(statuses.kinds == [.pending, .success])
        cogs.refresh(tickCog)
        await stream.started(2)
        #expect(cogs.status.peek(tickCog).kind == .pending)
        #expect(cogs[tickCog] == 3)
    }

    @Test("STREAM-06 an empty stream that ends stays pending on its default with no success")
    func emptyStreamStaysPending() async {
        let stream = ControlledStream<Int>()
        let tickCog = Cog<Int>.Async(default: 9) { _ in .stream { stream.sequence() } }
        let cogs = Cogs.forTesting(clock: TestClock())
        _ = cogs[tickCog]
        await stream.started(1)
        let turnsBefore = cogs.debugCompletedTurnCount
        await stream.finish(1)
        let status = cogs.status.peek(tickCog)
        #expect(status.kind == .pending)
        #expect(status.value == 9)
        #expect(!status.hasSucceeded)
        #expect(cogs.debugCompletedTurnCount == turnsBefore)
        cogs.refresh(tickCog)
        await stream.started(2)
        #expect(stream.generationCount == 2)
    }

    @Test("STREAM-07 the current stream throwing before its first element publishes one failure and fails its handle")
    func errorBeforeFirstElement() async {
        let stream = ControlledStream<Int>()
        let feedCog = Cog<Int>.Async(default: 0) { _ in .stream { stream.sequence() } }
        let cogs = Cogs.forTesting(clock: TestClock())
        _ = cogs[feedCog]
        await stream.started(1)
        let handle = cogs.refresh(feedCog)
        await stream.started(2)
        await stream.fail(2, TestFailure("closed"))
        let status = cogs.status.peek(feedCog)
        #expect(status.entry == StatusEntry(kind: .failure, value: "0", hasSucceeded: false, error: "closed"))
        #expect(handle.outcome?.name == "failure")
        #expect(stream.generationCount == 2)
    }

    @Test(
        "STREAM-08 an element resolves the refresh handle as success; a later error publishes failure without rewriting it"
    )
    func laterErrorKeepsHandle() async {
        let stream = ControlledStream<Int>()
        let feedCog = Cog<Int>.Async(default: 0) { _ in .stream { stream.sequence() } }
        let cogs = Cogs.forTesting(clock: TestClock())
        let handle = cogs.refresh(feedCog)
        await stream.started(1)
        await stream.yield(1, 5)
        #expect(handle.outcome?.isSuccess == true)
        await stream.fail(1, TestFailure("dropped"))
        #expect(
            cogs.status.peek(feedCog).entry
                == StatusEntry(kind: .failure, value: "5", hasSucceeded: true, error: "dropped"))
        #expect(handle.outcome?.isSuccess == true)
        #expect(stream.generationCount == 1)
    }

    /// Both generations are stubborn feeds, so the replaced one's
    /// CancellationError really reaches Cog after Cog cancelled it.
    @Test("STREAM-09 CancellationError after Cog's own replacement is silent; from a current stream it is a failure")
    func cancellationErrorAttribution() async {
        let _roomCog = Cog<Int>.Manual { 1 }
        let stream = ControlledStream<Int>()
        let feedCog = Cog<Int>.Async(default: 0) { c in
            _ = c[_roomCog]
            return .stream { stream.stubbornSequence() }
        }
        let cogs = Cogs.forTesting(clock: TestClock())
        let statuses = StatusWatcher(cogs, feedCog)
        await stream.started(1)
        cogs.turn(_roomCog, to: 2)
        await stream.fail(1, CancellationError())
        #expect(statuses.kinds == [.pending, .pending])
        await stream.started(2)
        await stream.fail(2, CancellationError())
        #expect(statuses.kinds == [.pending, .pending, .failure])
    }

    @Test("STREAM-10 an equal element creates no turn or notice; a changed one publishes")
    func equalElementsAreNoOps() async {
        let stream = ControlledStream<Int>()
        let levelCog = Cog<Int>.Async(default: 0) { _ in .stream { stream.sequence() } }
        let cogs = Cogs.forTesting(clock: TestClock())
        let statuses = StatusWatcher(cogs, levelCog)
        await stream.started(1)
        await stream.yield(1, 4)
        let turnsBefore = cogs.debugCompletedTurnCount
        await stream.yield(1, 4)
        #expect(cogs.debugCompletedTurnCount == turnsBefore)
        await stream.yield(1, 6)
        #expect(statuses.kinds == [.pending, .success, .success])
        #expect(cogs[levelCog] == 6)
    }

    @Test("STREAM-11 elements without equality each publish a turn")
    func noEqualityPublishesEveryElement() async {
        struct Reading { var value: Int }
        let stream = ControlledStream<Reading>()
        let readingCog = Cog<Reading>.Async(default: Reading(value: 0)) { _ in .stream { stream.sequence() } }
        let cogs = Cogs.forTesting(clock: TestClock())
        let values = ValueWatcher(cogs, readingCog)
        await stream.started(1)
        await stream.yield(1, Reading(value: 1))
        await stream.yield(1, Reading(value: 1))
        #expect(values.values.map(\.value) == [0, 1, 1])
    }
}

@MainActor
struct StreamReleaseScenarioTests {
    /// A stubborn feed: the late element reaches Cog after the release.
    @Test(
        "STREAM-04 releasing an unwatched stream cog cancels its sequence; late elements publish nothing",
        .timeLimit(.minutes(10)))
    func releaseCancelsStream() async {
        let clock = TestClock()
        let stream = ControlledStream<Int>()
        let feedCog = Cog<Int>.Async(default: 0) { _ in .stream { stream.stubbornSequence() } }
        let cogs = Cogs.forTesting(clock: clock, grace: .seconds(5))
        _ = cogs.peek(feedCog)
        await stream.started(1)
        await stream.yield(1, 1)
        clock.advance(by: .seconds(5))
        await stream.cancelled(1)
        let turnsBefore = cogs.debugCompletedTurnCount
        await stream.yield(1, 2)
        #expect(cogs.debugCompletedTurnCount == turnsBefore)
    }
}
