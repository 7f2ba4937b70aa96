import Cog
import CogTesting
import Testing

private let _reloadInputCog = Cog<Int>.Manual { 0 }
private let _reloadTriggerCog = Cog<Int>.Manual { 0 }

extension CogOps {
    /// An op that reloads with a new input in one turn body: the refresh and
    /// the dependency write belong to the same turn.
    fileprivate func reload<Reference: CogStatusReadable>(
        _ reference: Reference, with input: Int, into handles: HandleList
    ) {
        turn { c in
            handles.items.append(refresh(reference))
            c[_reloadInputCog] = input
        }
    }
}

extension CogOps {
    /// An op that sets the input, then loads a state nobody read yet.
    fileprivate func load<Reference: CogStatusReadable>(
        _ reference: Reference, setting source: Cog<Int>.Manual, to input: Int, into handles: HandleList
    ) {
        turn { c in
            c[source] = input
            handles.items.append(refresh(reference))
        }
    }
}

/// Refresh handles a reaction collected.
@MainActor
private final class HandleList {
    var items: [CogRefresh] = []
}

@MainActor
struct AsyncAdversarialTests {
    /// Key 1 is released while its work is in flight, and key 2 is created
    /// right after, so it can take the freed row and node. The stale run's
    /// late result must land nowhere: not on key 2, not on a recreated key 1.
    @Test("ASYNC-13 a released key's late result lands on neither a key that reused its slot nor its own recreation")
    func lateResultAfterSlotReuse() async {
        let clock = TestClock()
        let work = ControlledWork<Int>()
        let detailCogs = CogBox<Int, Int>.Async(default: -1) { _, _ in .run { try await work.run() } }
        let cogs = Cogs.forTesting(clock: clock, grace: .seconds(5))
        let handle = cogs.refresh(detailCogs[1])
        await work.started(1)
        clock.advance(by: .seconds(5))
        #expect(work.wasCancelled(1))
        #expect(handle.outcome?.name == "released")
        _ = cogs.peek(detailCogs[2])
        await work.started(2)
        #expect(work.label(of: 2)?.hasSuffix("[2]") == true)
        let turnsBefore = cogs.debugCompletedTurnCount
        await work.succeed(1, with: 111)
        #expect(cogs.debugCompletedTurnCount == turnsBefore, "the stale run published nothing")
        #expect(cogs.status.peek(detailCogs[2]).entry == StatusEntry(kind: .pending, value: "-1", hasSucceeded: false))
        _ = cogs.peek(detailCogs[1])
        await work.started(3)
        #expect(cogs.peek(detailCogs[1]) == -1, "the recreated key 1 did not inherit the stale result")
        await work.succeed(2, with: 2)
        await work.succeed(3, with: 1)
        #expect(cogs.peek(detailCogs[2]) == 2)
        #expect(cogs.peek(detailCogs[1]) == 1)
        #expect(handle.outcome?.name == "released", "the handle never drifted to the recreated state")
        #expect(work.generationCount == 3)
    }

    /// A refresh requested from a reaction (during a flush) is queued; the
    /// dependency change that reaches the same flush's queue first must
    /// not leave two runs in flight, and only the newest run may publish.
    @Test("ASYNC-21 a refresh queued from a reaction behind a dependency change replaces, never doubles, the work")
    func refreshFromReactionQueued() async {
        let _inputCog = Cog<Int>.Manual { 0 }
        let work = ControlledWork<Int>()
        let inputs = EventLog()
        let resultCog = Cog<Int>.Async(default: 0) { c in
            let input = c[_inputCog]
            return .run {
                inputs.append("start \(input)")
                return try await work.run()
            }
        }
        let (cogs, m) = Cogs.forTestingWithController(clock: TestClock())
        let values = ValueWatcher(cogs, resultCog)
        await work.started(1)
        await work.succeed(1, with: 10)
        let handles = HandleList()
        m.watch(_inputCog) { _, input in
            if input == 1 { handles.items.append(m.refresh(resultCog)) }
        }
        cogs.turn(_inputCog, to: 1)
        await work.started(2)
        // The dependency run (2) and the queued refresh (3) ran in FIFO order.
        await work.started(3)
        #expect(work.wasCancelled(2))
        #expect(!work.wasCancelled(3))
        #expect(inputs.events == ["start 0", "start 1", "start 1"])
        await work.succeed(2, with: 20)
        #expect(cogs.peek(resultCog) == 10, "the replaced run published nothing")
        await work.succeed(3, with: 30)
        #expect(handles.items.count == 1)
        #expect(handles.items.first?.outcome?.isSuccess == true)
        #expect(values.values == [0, 10, 30])
    }

    /// A reaction refreshes an async state nobody has read yet: that is the
    /// one initial load, requested during a flush. It must run the work once,
    /// cancel nothing, and bind the handle to generation 1.
    @Test("ASYNC-23 a refresh of a never-read async state from a reaction is one initial load, not two")
    func initialLoadRefreshFromReaction() async {
        let _triggerCog = Cog<Bool>.Manual { false }
        let work = ControlledWork<Int>()
        let selectorRuns = RunCounter()
        let lazyCog = Cog<Int>.Async(default: -1) { _ in
            selectorRuns.bump()
            return .run { try await work.run() }
        }
        let (cogs, m) = Cogs.forTestingWithController(clock: TestClock())
        let handles = HandleList()
        m.watch(_triggerCog) { _, on in
            if on { handles.items.append(m.refresh(lazyCog)) }
        }
        cogs.turn(_triggerCog, to: true)
        await work.started(1)
        #expect(selectorRuns.count == 1)
        #expect(cogs.status.peek(lazyCog).entry == StatusEntry(kind: .pending, value: "-1", hasSucceeded: false))
        await work.succeed(1, with: 5)
        #expect(!work.wasCancelled(1))
        #expect(handles.items.count == 1)
        #expect(handles.items.first?.generation == 1)
        #expect(handles.items.first?.outcome?.isSuccess == true)
        #expect(cogs.peek(lazyCog) == 5)
        #expect(work.generationCount == 1)
        #expect(selectorRuns.count == 1)
    }

    /// One turn body both refreshes an async state and changes its
    /// dependency. That is one new generation, on the new input: the refresh
    /// must not start a second run, and its handle follows the one that runs.
    @Test(
        "ASYNC-35 a refresh and a dependency write in one turn body start one run on the new input, bound to the handle"
    )
    func refreshAndWriteInOneBody() async {
        let _inputCog = Cog<Int>.Manual { 0 }
        let work = ControlledWork<Int>()
        let inputs = EventLog()
        let resultCog = Cog<Int>.Async(default: 0) { c in
            let input = c[_inputCog]
            return .run {
                inputs.append("start \(input)")
                return try await work.run()
            }
        }
        let cogs = Cogs.forTesting(clock: TestClock())
        let statuses = StatusWatcher(cogs, resultCog)
        await work.started(1)
        await work.succeed(1, with: 10)
        let handles = HandleList()
        cogs.turn { c in
            handles.items.append(cogs.refresh(resultCog))
            c[_inputCog] = 1
        }
        await work.started(2)
        await work.succeed(2, with: 20)
        #expect(inputs.events == ["start 0", "start 1"])
        #expect(work.generationCount == 2)
        #expect(handles.items.first?.outcome?.isSuccess == true)
        #expect(statuses.kinds == [.pending, .success, .pending, .success])
    }

    /// Key 1 rests on its default object and is released; key 2 is created
    /// next (it may take key 1's row), then key 1 comes back. Each state
    /// rests on an object of its own: neither inherits key 1's old one.
    @Test("ASYNC-40 a released key's default object is not inherited by a key that reused its row or by its recreation")
    func defaultObjectAfterSlotReuse() async {
        let clock = TestClock()
        let made = RunCounter()
        func makeDraft() -> AdversarialDraft {
            made.bump()
            return AdversarialDraft()
        }
        let work = ControlledWork<AdversarialDraft>()
        let draftCogs = CogBox<AdversarialDraft, Int>.Async(default: makeDraft()) { _, _ in
            .run { try await work.run() }
        }
        let cogs = Cogs.forTesting(clock: clock, grace: .seconds(5))
        let old = cogs.peek(draftCogs[1])
        old.text = "mutated"
        await work.started(1)
        clock.advance(by: .seconds(5))
        let sibling = cogs.peek(draftCogs[2])
        let recreated = cogs.peek(draftCogs[1])
        #expect(sibling !== old)
        #expect(recreated !== old)
        #expect(recreated !== sibling)
        #expect(sibling.text == "start" && recreated.text == "start")
        #expect(made.count == 3)
        await work.fail(1, TestFailure())
        #expect(cogs.peek(draftCogs[1]) === recreated, "the stale run's failure changed nothing")
    }
}

/// A mutable reference-type async default (ASYNC-40).
@MainActor
private final class AdversarialDraft {
    var text = "start"

    /// A reaction's first run happens at registration, outside any flush,
    /// and refreshes a warm async state: the refresh must queue behind that
    /// first run and start exactly one new generation.
    @Test("ASYNC-10 a refresh from a reaction's first run at registration starts exactly one new generation")
    func refreshFromFirstRun() async {
        let work = ControlledWork<Int>()
        let loadCog = Cog<Int>.Async(default: 0) { _ in .run { try await work.run() } }
        let (cogs, m) = Cogs.forTestingWithController(clock: TestClock())
        _ = cogs[loadCog]
        await work.started(1)
        await work.succeed(1, with: 1)
        let handles = HandleList()
        m.run { _ in handles.items.append(m.refresh(loadCog)) }
        await work.started(2)
        #expect(handles.items.count == 1)
        #expect(handles.items.first?.generation == 2)
        await work.succeed(2, with: 2)
        #expect(handles.items.first?.outcome?.isSuccess == true)
        #expect(cogs.peek(loadCog) == 2)
        #expect(work.generationCount == 2)
        #expect(cogs.debugLiveAsyncRunCount == 0)
    }

    /// The op that reloads with a new input (refresh plus dependency write in
    /// one body) is called from reactions, through the controller and through
    /// the runtime. Called there it must do what it does at idle: start one
    /// run on the new input whose handle succeeds, not a run on the old
    /// input that the body's own write then supersedes.
    @Test(
        "ASYNC-35 an op that refreshes and writes the dependency in one body, called from a reaction, starts one run on the new input"
    )
    func reloadOpFromReaction() async {
        let work = ControlledWork<Int>()
        let inputs = EventLog()
        let resultCog = Cog<Int>.Async(default: 0) { c in
            let input = c[_reloadInputCog]
            return .run {
                inputs.append("start \(input)")
                return try await work.run()
            }
        }
        let (cogs, m) = Cogs.forTestingWithController(clock: TestClock())
        _ = cogs[resultCog]
        await work.started(1)
        await work.succeed(1, with: 0)
        let handles = HandleList()
        m.watch(_reloadTriggerCog) { _, trigger in
            if trigger == 1 { m.reload(resultCog, with: 5, into: handles) }
            if trigger == 2 { cogs.reload(resultCog, with: 6, into: handles) }
        }
        cogs.turn(_reloadTriggerCog, to: 1)
        await work.started(2)
        await work.succeed(2, with: 50)
        cogs.turn(_reloadTriggerCog, to: 2)
        await work.started(3)
        await work.succeed(3, with: 60)
        #expect(inputs.events == ["start 0", "start 5", "start 6"])
        #expect(handles.items.map { $0.outcome?.name } == ["success", "success"])
        #expect(handles.items.map(\.generation) == [2, 3])
        #expect(cogs.peek(resultCog) == 60)
        #expect(work.generationCount == 3)
    }

    /// The same shape for a never-read state: at idle its one initial load
    /// is created after the body's writes commit (docs/cog.md), so it sees
    /// the new input. Called from a reaction it must do the same: one run,
    /// on the new input, nothing cancelled, the handle succeeding.
    @Test(
        "ASYNC-23 an op that writes the input and loads a never-read state, called from a reaction, loads once on the new input"
    )
    func initialLoadOpFromReaction() async {
        let work = ControlledWork<Int>()
        let inputs = EventLog()
        func makeCog(_ source: Cog<Int>.Manual) -> Cog<Int>.Async {
            Cog<Int>.Async(default: 0) { c in
                let input = c[source]
                return .run {
                    inputs.append("start \(input)")
                    return try await work.run()
                }
            }
        }
        let _idleInputCog = Cog<Int>.Manual { 0 }
        let _reactionInputCog = Cog<Int>.Manual { 0 }
        let idleCog = makeCog(_idleInputCog)
        let reactionCog = makeCog(_reactionInputCog)
        let (cogs, m) = Cogs.forTestingWithController(clock: TestClock())
        let handles = HandleList()
        cogs.load(idleCog, setting: _idleInputCog, to: 3, into: handles)
        await work.started(1)
        await work.succeed(1, with: 30)
        m.watch(_reloadTriggerCog) { _, trigger in
            if trigger == 3 { m.load(reactionCog, setting: _reactionInputCog, to: 4, into: handles) }
        }
        cogs.turn(_reloadTriggerCog, to: 3)
        await work.started(2)
        await work.succeed(2, with: 40)
        #expect(inputs.events == ["start 3", "start 4"])
        #expect(handles.items.map { $0.outcome?.name } == ["success", "success"])
        #expect(!work.wasCancelled(2))
        #expect(cogs.peek(reactionCog) == 40)
        #expect(work.generationCount == 2)
    }

    /// A child queues a refresh from a reaction, and a turn queued ahead of
    /// it retires the child: admission refuses the refresh, which starts
    /// nothing. Its handle must still resolve, or `await result` would wait
    /// for ever (the adversarial pass found it stayed nil).
    @Test(
        "ASYNC-13 a refresh refused at admission because its controller retired resolves as withdrawn and starts nothing"
    )
    func refusedRefreshResolves() async {
        let _openCog = Cog<Bool>.Manual { false }
        let _countCog = Cog<Int>.Manual { 0 }
        let work = ControlledWork<Int>()
        let loadCog = Cog<Int>.Async(default: 0) { _ in .run { try await work.run() } }
        let (cogs, m) = Cogs.forTestingWithController(clock: TestClock())
        _ = cogs[loadCog]
        await work.started(1)
        await work.succeed(1, with: 1)
        let handles = HandleList()
        m.watch(_countCog) { _, count in if count == 1 { m.turn { w in w[_openCog] = false } } }
        m.scope(_openCog) { child in
            child.watch(_countCog) { _, count in if count == 1 { handles.items.append(child.refresh(loadCog)) } }
        }
        cogs.turn(_openCog, to: true)
        cogs.turn(_countCog, to: 1)
        #expect(handles.items.map { $0.outcome?.name } == ["withdrawn"])
        #expect(work.generationCount == 1, "the refused refresh started no run")
        #expect(cogs.debugLiveAsyncRunCount == 0)
        #expect(cogs.peek(loadCog) == 1)
        if let handle = handles.items.first { #expect(await handle.result.name == "withdrawn") }
    }
}
