import Cog
import CogTesting
import Testing

private let _gateCog = Cog<Bool>.Manual { false }
private let _versionCog = Cog<Int>.Manual { 0 }

extension CogOps {
    fileprivate func setGate(_ open: Bool) { turn(_gateCog, to: open) }
}

@MainActor
struct AsyncReleaseScenarioTests {
    @Test(
        "ASYNC-13 releasing an unwatched async cog cancels its work; a late result publishes nothing; the handle resolves released"
    )
    func releaseCancelsWork() async {
        let clock = TestClock()
        let work = ControlledWork<Int>()
        let countCog = Cog<Int>.Async(default: 0) { _ in .run { try await work.run() } }
        let (cogs, m) = Cogs.forTestingWithController(clock: clock, grace: .seconds(5))
        m.scope(_gateCog) { child in child.run { c in _ = c[countCog] } }
        cogs.setGate(true)
        let handle = cogs.refresh(countCog)
        await work.started(2)
        cogs.setGate(false)
        clock.advance(by: .seconds(5))
        #expect(work.wasCancelled(2))
        #expect(handle.outcome?.name == "released")
        let turnsBefore = cogs.debugCompletedTurnCount
        await work.succeed(2, with: 99)
        #expect(cogs.debugCompletedTurnCount == turnsBefore)
        #expect(cogs.debugLiveAsyncRunCount == 0)
    }

    @Test("ASYNC-14 after release, reading again starts fresh work and fresh status")
    func readAfterReleaseIsFresh() async {
        let clock = TestClock()
        let work = ControlledWork<Int>()
        let countCog = Cog<Int>.Async(default: 0) { _ in .run { try await work.run() } }
        let cogs = Cogs.forTesting(clock: clock, grace: .seconds(5))
        _ = cogs.peek(countCog)
        await work.started(1)
        await work.succeed(1, with: 5)
        clock.advance(by: .seconds(5))
        let status = cogs.status.peek(countCog)
        #expect(status.entry == StatusEntry(kind: .pending, value: "0", hasSucceeded: false, error: nil))
        await work.started(2)
        #expect(cogs.refresh(countCog).generation == 2)
    }

    @Test(
        "ASYNC-22 with no durable consumer, grace expiry after a peek cancels and releases; a late result publishes nothing"
    )
    func coldPeekReleases() async {
        let clock = TestClock()
        let work = ControlledWork<Int>()
        let countCog = Cog<Int>.Async(default: 0) { _ in .run { try await work.run() } }
        let cogs = Cogs.forTesting(clock: clock, grace: .seconds(5))
        _ = cogs.peek(countCog)
        await work.started(1)
        clock.advance(by: .seconds(3))
        _ = cogs.peek(countCog)
        clock.advance(by: .seconds(3))
        #expect(!work.wasCancelled(1), "the second peek renewed the window")
        clock.advance(by: .seconds(2))
        #expect(work.wasCancelled(1))
        await work.succeed(1, with: 8)
        #expect(cogs.peek(countCog) == 0)
        await work.started(2)
    }

    @Test("ASYNC-25 one grace window releases the value projection and its async state together")
    func valueProjectionReleasesTogether() async {
        let clock = TestClock()
        let work = ControlledWork<Int>()
        let countCog = Cog<Int>.Async(default: 0) { _ in .run { try await work.run() } }
        let (cogs, m) = Cogs.forTestingWithController(clock: clock, grace: .seconds(5))
        let baseline = cogs.debugLiveRowCount
        m.scope(_gateCog) { child in child.run { c in _ = c[countCog] } }
        cogs.setGate(true)
        await work.started(1)
        cogs.setGate(false)
        #expect(clock.activeSleeperCount == 1)
        clock.advance(by: .seconds(5))
        #expect(work.wasCancelled(1))
        #expect(clock.activeSleeperCount == 0)
        #expect(cogs.debugLiveRowCount == baseline + 2, "only the gate and the scope's reaction remain")
    }

    @Test("ASYNC-29 repeated peeks keep one grace sleeper; only the latest deadline releases")
    func renewedGraceKeepsOneSleeper() async {
        let clock = TestClock()
        let work = ControlledWork<Int>()
        let countCog = Cog<Int>.Async(default: 0) { _ in .run { try await work.run() } }
        let cogs = Cogs.forTesting(clock: clock, grace: .seconds(10))
        for _ in 0..<5 {
            _ = cogs.status.peek(countCog)
            clock.advance(by: .seconds(4))
        }
        #expect(clock.maximumActiveSleeperCount == 1)
        await work.started(1)
        #expect(!work.wasCancelled(1))
        clock.advance(by: .seconds(6))
        #expect(work.wasCancelled(1))
        #expect(clock.activeSleeperCount == 0)
    }

    @Test("ASYNC-37 one released key of an async box leaves its watched sibling's work untouched")
    func keyedReleaseIsolated() async {
        let clock = TestClock()
        let work = ControlledWork<Int>()
        let detailCogs = CogBox<Int, Int>.Async(default: 0) { _, _ in .run { try await work.run() } }
        let (cogs, m) = Cogs.forTestingWithController(clock: clock, grace: .seconds(5))
        m.run { c in _ = c[detailCogs[1]] }
        _ = cogs.peek(detailCogs[2])
        await work.started(2)
        clock.advance(by: .seconds(5))
        #expect(work.wasCancelled(2))
        #expect(!work.wasCancelled(1))
        await work.succeed(2, with: 22)
        await work.succeed(1, with: 11)
        #expect(cogs.peek(detailCogs[1]) == 11)
        #expect(cogs.peek(detailCogs[2]) == 0)
        await work.started(3)
    }

    @Test(
        "ASYNC-13 churn: a thousand keyed async states started, replaced and released leave no task, boundary or row behind"
    )
    func churnLeavesNothingBehind() async {
        let clock = TestClock()
        let workClock = TestClock()
        let pageCogs = CogBox<Int, Int>.Async(default: 0) { c, page in
            let version = c[_versionCog]
            return .run {
                try await workClock.sleep(for: .seconds(60))
                return page + version
            }
        }
        let (cogs, m) = Cogs.forTestingWithController(clock: clock, grace: .seconds(5))
        let rows = cogs.debugLiveRowCount
        let boundaries = cogs.debugBoundaryObjectCount
        m.scope(_gateCog) { child in
            child.run { c in
                for page in 0..<1_000 { _ = c[pageCogs[page]] }
            }
        }
        cogs.setGate(true)
        #expect(cogs.debugLiveAsyncRunCount == 1_000)
        cogs.turn(_versionCog, to: 1)
        #expect(cogs.debugLiveAsyncRunCount == 1_000)
        cogs.setGate(false)
        clock.advance(by: .seconds(5))
        #expect(cogs.debugLiveAsyncRunCount == 0)
        #expect(cogs.debugPendingGraceTimerCount == 0)
        #expect(clock.activeSleeperCount == 0)
        #expect(cogs.debugBoundaryObjectCount == boundaries)
        #expect(cogs.debugLiveRowCount == rows + 3, "only the gate, the version source and the scope's reaction remain")
        #expect(workClock.activeSleeperCount == 0)
    }
}
