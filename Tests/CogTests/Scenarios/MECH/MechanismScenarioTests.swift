import Cog
import CogTesting
import Testing

private let _gateCog = Cog<Bool>.Manual { false }
private let _innerGateCog = Cog<Bool>.Manual { true }
private let _levelCog = Cog<Int>.Manual { 0 }
private let _sessionCog = Cog<String?>.Manual { nil }
private let _openIDsCog = Cog<[Int]>.Manual { [] }
private let remoteCog = Cog<Int>.Async(name: "remote", default: 0) { _ in .run { 1 } }

extension CogOps {
    fileprivate func setGate(_ open: Bool) { turn(_gateCog, to: open) }
    fileprivate func setLevel(_ level: Int) { turn(_levelCog, to: level) }
}

@MainActor
private struct RecordingMechanism: Mechanism {
    let tag: String
    let log: EventLog
    var name: String { tag }

    func operate(_ m: CogController) {
        log.append("operate \(tag) sees \(m.peek(_levelCog))")
        m.run { c in log.append("\(tag) \(c[_levelCog])") }
    }
}

@MainActor
private struct ConfiguringMechanism: Mechanism {
    func operate(_ m: CogController) {
        m.setLevel(5)
    }
}

@MainActor
private struct WeatherMechanism: Mechanism {
    func operate(_ m: CogController) {}
}

/// A runtime and the controller of its scope 'session', opened and closed
/// again by the scope's gate: retired.
@MainActor
private func retiredSessionController() -> (cogs: Cogs, retired: CogController) {
    let (cogs, m) = Cogs.forTestingWithController(clock: TestClock())
    var retired: CogController?
    m.scope(_gateCog, name: "session") { child in retired = child }
    cogs.setGate(true)
    cogs.setGate(false)
    return (cogs, retired!)
}

/// Task names as the tasks themselves read them.
@MainActor
private final class TaskNames {
    private(set) var names: [String] = []
    private var waiter: (count: Int, continuation: CheckedContinuation<Void, Never>)?

    func record(_ name: String?) {
        names.append(name ?? "unnamed")
        if let waiter, names.count >= waiter.count {
            self.waiter = nil
            waiter.continuation.resume()
        }
    }

    func recorded(_ count: Int) async {
        if names.count >= count { return }
        await withCheckedContinuation { waiter = (count, $0) }
    }
}

/// Named like `WeatherMechanism`, with one named and one unnamed task.
private struct RefreshingWeatherMechanism: Mechanism {
    static let unnamedLine = #line + 6
    let names: TaskNames
    var name: String { "Weather" }

    func operate(_ m: CogController) {
        m.task(name: "hourlyRefresh") { _ in names.record(Task.name) }
        m.task { _ in names.record(Task.name) }
    }
}

@MainActor
struct MechanismScenarioTests {
    @Test("MECH-01 operate runs in list order and reactions from two mechanisms run in list order")
    func assemblyOrder() {
        let log = EventLog()
        Cogs.withAssembledCogs(mechanisms: [
            RecordingMechanism(tag: "first", log: log), RecordingMechanism(tag: "second", log: log),
        ]) { cogs in
            #expect(log.events == ["operate first sees 0", "first 0", "operate second sees 0", "second 0"])
            log.events.removeAll()
            cogs.setLevel(1)
            #expect(log.events == ["first 1", "second 1"])
        }
    }

    @Test("MECH-02 a mechanism's operate turns settle, and a later mechanism observes them")
    func configureThenObserve() {
        let log = EventLog()
        let cogs = Cogs.forTesting(mechanisms: [ConfiguringMechanism(), RecordingMechanism(tag: "observer", log: log)])
        #expect(log.events.first == "operate observer sees 5")
        #expect(cogs.peek(_levelCog) == 5)
    }

    @Test("MECH-03 a mechanism left off the list never runs")
    func unlistedNeverRuns() {
        let log = EventLog()
        _ = RecordingMechanism(tag: "unlisted", log: log)
        let cogs = Cogs.forTesting()
        cogs.setLevel(3)
        #expect(log.events.isEmpty)
    }

    @Test("MECH-04 two mechanisms sharing a name stop assembly")
    func duplicateNamesTrap() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let log = EventLog()
                _ = Cogs.forTesting(
                    mechanisms: [RecordingMechanism(tag: "twin", log: log), RecordingMechanism(tag: "twin", log: log)],
                    clock: TestClock())
            }
        }
        #expect(result?.standardErrorContent.text.contains("share the name 'twin'") == true)
    }

    @Test("MECH-05 a mechanism is known by its type name without the trailing Mechanism")
    func defaultName() {
        #expect(WeatherMechanism().name == "Weather")
    }

    @Test("MECH-05 a mechanism's registrations compose under its name: the task is Weather.hourlyRefresh")
    func registrationNamesCompose() async {
        let names = TaskNames()
        let cogs = Cogs.forTesting(mechanisms: [RefreshingWeatherMechanism(names: names)])
        await names.recorded(2)
        withExtendedLifetime(cogs) {}
        #expect(
            Set(names.names) == [
                "Weather.hourlyRefresh",
                "Weather.CogTests/MechanismScenarioTests.swift:\(RefreshingWeatherMechanism.unnamedLine)",
            ])
    }

    @Test("MECH-06 an app-lifetime task sleeps on the TestClock and calls an op when the clock jumps")
    func taskOnTestClock() async {
        let clock = TestClock()
        let (cogs, m) = Cogs.forTestingWithController(clock: clock)
        let (ticks, tick) = AsyncStream.makeStream(of: Int.self)
        m.task(name: "hourlyRefresh") { m in
            while (try? await clock.sleep(for: .seconds(3600))) != nil {
                m.turn("hourlyRefresh") { c in c[_levelCog] += 1 }
                tick.yield(m.peek(_levelCog))
            }
        }
        var iterator = ticks.makeAsyncIterator()
        await clock.waitForSleepers(1)
        #expect(cogs.peek(_levelCog) == 0)
        clock.advance(by: .seconds(3600))
        #expect(await iterator.next() == 1)
        #if DEBUG  // turn names are debug history (HIST-04)
            #expect(cogs.debugRecentTurnNames.last == "hourlyRefresh")
        #endif
    }

    /// The gate is raised by an ordinary turn before the scope registers
    /// (not by seeding, which exists only in debug builds), so the proof
    /// runs in release builds too.
    @Test("MECH-07 a gate already true runs the scope body at once; its registrations are live at assembly")
    func gateAlreadyOpen() {
        let log = EventLog()
        let (cogs, m) = Cogs.forTestingWithController()
        cogs.setGate(true)
        m.scope(_gateCog) { child in child.run { c in log.append("level \(c[_levelCog])") } }
        #expect(log.events == ["level 0"])
        cogs.setLevel(1)
        #expect(log.events == ["level 0", "level 1"])
    }

    @Test(
        "MECH-08 a gate raised opens the body, lowered silences it and cancels tasks, raised again re-registers fresh")
    func gateLifecycle() {
        let log = EventLog()
        let (cogs, m) = Cogs.forTestingWithController()
        var tasks: [Task<Void, Never>] = []
        m.scope(_gateCog) { child in
            log.append("open")
            child.run { c in log.append("level \(c[_levelCog])") }
            tasks.append(child.task { _ in })
        }
        #expect(log.events.isEmpty)
        cogs.setGate(true)
        #expect(log.events == ["open", "level 0"])
        cogs.setGate(false)
        #expect(tasks.first?.isCancelled == true)
        cogs.setLevel(2)
        #expect(log.events == ["open", "level 0"])
        cogs.setGate(true)
        #expect(log.events == ["open", "level 0", "open", "level 2"])
    }

    @Test("MECH-09 lowering an outer gate retires the inner scope too")
    func nestedScopes() {
        let log = EventLog()
        let (cogs, m) = Cogs.forTestingWithController()
        m.scope(_gateCog) { outer in
            outer.scope(_innerGateCog) { inner in inner.run { c in log.append("inner \(c[_levelCog])") } }
        }
        cogs.setGate(true)
        cogs.setGate(false)
        cogs.setLevel(4)
        #expect(log.events == ["inner 0"])
    }

    #if DEBUG
        @Test("MECH-12 forTesting seeds before any operate, so an initial: .run watch sees seeded values")
        func seedingBeforeOperate() {
            let log = EventLog()
            _ = Cogs.forTesting(
                seeding: { seed in seed[_levelCog] = 9 },
                mechanisms: [RecordingMechanism(tag: "seeded", log: log)]
            )
            #expect(log.events == ["operate seeded sees 9", "seeded 9"])
        }
    #endif

    @Test("MECH-17 an optional identity opens one child per distinct identity; nil opens nothing")
    func identityScope() {
        let log = EventLog()
        let (cogs, m) = Cogs.forTestingWithController()
        m.scope(_sessionCog) { child, id in
            log.append("open \(id)")
            child.run { c in log.append("\(id) sees \(c[_levelCog])") }
        }
        #expect(log.events.isEmpty)
        cogs.turn(_sessionCog, to: "A")
        cogs.turn(_sessionCog, to: "A")
        cogs.turn(_sessionCog, to: "B")
        cogs.setLevel(1)
        cogs.turn(_sessionCog, to: nil)
        cogs.setLevel(2)
        #expect(log.events == ["open A", "A sees 0", "open B", "B sees 0", "B sees 1"])
    }

    @Test("MECH-25 a retired controller's turns are inert, registrations do nothing and task is already cancelled")
    func retiredControllerIsInert() {
        let (cogs, m) = Cogs.forTestingWithController()
        var retired: CogController?
        m.scope(_gateCog) { child in retired = child }
        cogs.setGate(true)
        cogs.setGate(false)
        let child = try! #require(retired)
        #expect(!child.isLive)
        child.setLevel(8)
        #expect(cogs.peek(_levelCog) == 0)
        let ran = RunCounter()
        child.run { _ in ran.bump() }
        #expect(ran.count == 0)
        #expect(child.task { _ in ran.bump() }.isCancelled)
        #expect(child.ifLive { 1 } == nil)
    }

    @Test("MECH-26 peek through a retired controller traps naming the scope and the recoverable spelling")
    func retiredPeekTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let (cogs, retired) = retiredSessionController()
                defer { withExtendedLifetime(cogs) {} }
                _ = retired.peek(_levelCog)
            }
        }
        let message = result?.standardErrorContent.text ?? ""
        #expect(message.contains("peek through the retired controller of 'Test.session'"))
        #expect(message.contains("m.ifLive"))
    }

    @Test("MECH-26 status.peek through a retired controller traps naming the operation and the scope")
    func retiredStatusPeekTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let (cogs, retired) = retiredSessionController()
                defer { withExtendedLifetime(cogs) {} }
                _ = retired.status.peek(remoteCog)
            }
        }
        let message = result?.standardErrorContent.text ?? ""
        #expect(message.contains("status.peek through the retired controller of 'Test.session'"), "\(message)")
        #expect(message.contains("m.ifLive"))
    }

    @Test("MECH-26 refresh through a retired controller traps rather than reporting a released outcome")
    func retiredRefreshTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let (cogs, retired) = retiredSessionController()
                defer { withExtendedLifetime(cogs) {} }
                _ = retired.refresh(remoteCog)
            }
        }
        let message = result?.standardErrorContent.text ?? ""
        #expect(message.contains("refresh through the retired controller of 'Test.session'"), "\(message)")
        #expect(message.contains("m.ifLive"))
    }

    @Test("MECH-26 a controller whose runtime was torn down says so, not that its scope retired")
    func deadRuntimeIsNotRetirement() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                var controller: CogController?
                do {
                    let (cogs, m) = Cogs.forTestingWithController(clock: TestClock())
                    controller = m
                    withExtendedLifetime(cogs) {}
                }
                _ = controller?.peek(_levelCog)
            }
        }
        let message = result?.standardErrorContent.text ?? ""
        #expect(message.contains("peek through the controller of 'Test' after its runtime was torn down"), "\(message)")
        #expect(!message.contains("retired"))
    }

    @Test(
        "MECH-32 a collection scope opens one child per member and keeps the rest across pushes, reorders and removals")
    func collectionScope() {
        let log = EventLog()
        let (cogs, m) = Cogs.forTestingWithController()
        m.scope(each: _openIDsCog) { _, id in log.append("open \(id)") }
        cogs.turn(_openIDsCog, to: [1])
        cogs.turn(_openIDsCog, to: [1, 2])
        cogs.turn(_openIDsCog, to: [2, 1])
        cogs.turn(_openIDsCog, to: [2])
        cogs.turn(_openIDsCog, to: [2, 1])
        #expect(log.events == ["open 1", "open 2", "open 1"])
    }

    @Test("MECH-32 push-and-remove cycles keep registrations bounded, and a reused identity opens a fresh child")
    func collectionScopeBounded() {
        let (cogs, m) = Cogs.forTestingWithController()
        // Held, so a retired child's address cannot be reused by a new one.
        var children: [CogController] = []
        m.scope(each: _openIDsCog) { child, id in
            children.append(child)
            child.run { c in _ = c[_levelCog] }
        }
        cogs.turn(_openIDsCog, to: [1])
        cogs.turn(_openIDsCog, to: [])
        let settled = cogs.debugLiveRowCount
        for _ in 0..<20 {
            cogs.turn(_openIDsCog, to: [1])
            cogs.turn(_openIDsCog, to: [])
        }
        #expect(cogs.debugLiveRowCount == settled, "twenty more cycles leave as many live rows as one")
        #expect(children.count == 21)
        #expect(
            Set(children.map(ObjectIdentifier.init)).count == children.count,
            "each reopening of identity 1 is a different child")
        #expect(children.dropLast().allSatisfy { !$0.isLive }, "every earlier child retired")
    }

    @Test("MECH-33 a duplicate identity in one collection stops with a clear error")
    func duplicateIdentityTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let (cogs, m) = Cogs.forTestingWithController(clock: TestClock())
                m.scope(each: _openIDsCog, name: "presentations") { _, _ in }
                cogs.turn(_openIDsCog, to: [3, 3])
            }
        }
        #expect(
            result?.standardErrorContent.text.contains("scope 'Test.presentations' was given the identity 3 twice")
                == true)
    }
}
