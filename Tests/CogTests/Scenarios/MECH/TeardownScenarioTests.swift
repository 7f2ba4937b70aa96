import Cog
import CogTesting
import Synchronization
import Testing

private let _levelCog = Cog<Int>.Manual { 0 }
private let _gateCog = Cog<Bool>.Manual { false }
private let _gateACog = Cog<Bool>.Manual { true }
private let _gateBCog = Cog<Bool>.Manual { true }

extension CogOps {
    fileprivate func record(_ level: Int) { turn(_levelCog, to: level) }
}

/// A thread-safe ordered log: deinitializers and cancellation handlers may
/// run on any executor.
private nonisolated final class SyncLog: Sendable {
    private let entries = Mutex<[String]>([])
    func append(_ entry: String) { entries.withLock { $0.append(entry) } }
    var events: [String] { entries.withLock { $0 } }
}

/// Something a mechanism owns; its deinit is logged.
private final class Resource: Sendable {
    let log: SyncLog
    init(log: SyncLog) { self.log = log }
    deinit { log.append("resource released") }
}

/// Captured by a reaction body; logs when the body is let go.
private final class Capture: Sendable {
    let log: SyncLog
    let name: String
    init(_ name: String, log: SyncLog) {
        self.name = name
        self.log = log
    }
    deinit { log.append("\(name) body released") }
}

/// A class mechanism that owns a resource and registers a reaction, a task
/// and a scope with its own reaction and task, all on the TestClock.
@MainActor
private final class ResourceMechanism: Mechanism {
    let resource: Resource
    let log: SyncLog
    let clock: TestClock
    var name: String { "Store" }

    init(log: SyncLog, clock: TestClock) {
        self.log = log
        self.clock = clock
        resource = Resource(log: log)
    }

    nonisolated deinit { log.append("mechanism released") }

    func operate(_ m: CogController) {
        let log = log
        let clock = clock
        let reactionCapture = Capture("reaction", log: log)
        m.run { c in _ = (c[_levelCog], reactionCapture) }
        m.task { _ in
            await withTaskCancellationHandler {
                try? await clock.sleep(for: .seconds(3600))
            } onCancel: {
                log.append("task cancelled")
            }
        }
        m.scope(_gateCog) { child in
            let scopedCapture = Capture("scoped reaction", log: log)
            child.run { c in _ = (c[_levelCog], scopedCapture) }
            child.task { _ in
                await withTaskCancellationHandler {
                    try? await clock.sleep(for: .seconds(3600))
                } onCancel: {
                    log.append("scoped task cancelled")
                }
            }
        }
    }
}

/// An engine a mechanism constructs and its delegate owns: it calls back
/// from whatever executor it runs on.
private nonisolated final class Engine: Sendable {
    private let callback = Mutex<(@Sendable (Int) -> Void)?>(nil)
    func setCallback(_ body: @escaping @Sendable (Int) -> Void) { callback.withLock { $0 = body } }
    func emit(_ reading: Int) { callback.withLock { $0 }?(reading) }
}

@MainActor
private final class SensorMechanism: Mechanism {
    let engine = Engine()
    let delivered: AsyncStream<String>.Continuation
    var name: String { "Sensor" }

    init(delivered: AsyncStream<String>.Continuation) {
        self.delivered = delivered
    }

    func operate(_ m: CogController) {
        let delivered = delivered
        engine.setCallback { [weak m] reading in
            Task { @MainActor in
                guard let m else {
                    delivered.yield("no controller")
                    return
                }
                m.record(reading)
                delivered.yield(m.ifLive { "recorded \(reading)" } ?? "inert")
            }
        }
    }
}

/// Holds the only reference to a runtime so a test can drop it anywhere.
private nonisolated final class RuntimeHolder: Sendable {
    private let slot: Mutex<Cogs?>
    init(_ cogs: sending Cogs) { slot = Mutex(cogs) }
    func drop() { _ = slot.withLock { $0.take() } }
    @MainActor var cogs: Cogs { slot.withLock { $0! } }
}

/// A deinitializer that runs application code on the MainActor.
private final class Canary {
    let onDeinit: @MainActor () -> Void
    init(_ onDeinit: @escaping @MainActor () -> Void) { self.onDeinit = onDeinit }
    deinit {
        let body = onDeinit
        MainActor.assumeIsolated { body() }
    }
}

@MainActor
struct TeardownScenarioTests {
    private func teardown(onMainActor: Bool) async {
        let log = SyncLog()
        let clock = TestClock()
        var mechanism: ResourceMechanism? = ResourceMechanism(log: log, clock: clock)
        weak let weakMechanism = mechanism
        let identity = ObjectIdentifier(mechanism!)
        let holder = RuntimeHolder(Cogs.forTesting(mechanisms: [mechanism!], clock: clock))
        mechanism = nil
        holder.cogs.turn(_gateCog, to: true)
        await clock.waitForSleepers(2)
        #expect(weakMechanism.map(ObjectIdentifier.init) == identity, "the runtime retains that exact mechanism")
        #expect(log.events.isEmpty, "and its resource")
        weak let weakCogs = holder.cogs
        let (acknowledged, acknowledge) = AsyncStream.makeStream(of: Void.self)
        holder.cogs.debugOnTeardown {
            log.append("acknowledged")
            acknowledge.yield()
        }
        if onMainActor {
            holder.drop()
        } else {
            await Task.detached { holder.drop() }.value
        }
        var acknowledgements = acknowledged.makeAsyncIterator()
        _ = await acknowledgements.next()
        #expect(weakCogs == nil)
        #expect(weakMechanism == nil)
        let events = log.events
        let released = try! #require(events.firstIndex(of: "mechanism released"))
        #expect(
            Set(events[..<released]) == [
                "scoped task cancelled", "scoped reaction body released", "task cancelled", "reaction body released",
            ])
        #expect(Array(events[released...]) == ["mechanism released", "resource released", "acknowledged"])
    }

    @Test(
        "MECH-15 the runtime retains a class mechanism; teardown on the MainActor cancels first, then releases it and its resource"
    )
    func teardownOnMainActor() async {
        await teardown(onMainActor: true)
    }

    @Test("MECH-15 dropping the last reference from a background executor tears down on the MainActor, acknowledged")
    func teardownFromBackground() async {
        await teardown(onMainActor: false)
    }

    @Test("MECH-15 teardown ends export readers instead of leaving them suspended")
    func teardownEndsExports() async {
        let holder = RuntimeHolder(Cogs.forTesting(clock: TestClock()))
        let values = holder.cogs.values(of: _levelCog)
        let reader = Task { @MainActor in
            var seen: [Int] = []
            for await level in values { seen.append(level) }
            return seen
        }
        holder.cogs.turn(_levelCog, to: 1)
        holder.drop()
        // The loop ended: teardown finished the buffer (buffered values are dropped with it).
        #expect(await reader.value.allSatisfy { $0 <= 1 })
    }

    @Test(
        "MECH-16 an engine's [weak m] callback calls an op from a background executor; after teardown no op runs and nothing retains the context"
    )
    func engineCallback() async {
        let (delivered, deliver) = AsyncStream.makeStream(of: String.self)
        var deliveries = delivered.makeAsyncIterator()
        let sensor = SensorMechanism(delivered: deliver)
        let engine = sensor.engine
        let holder = RuntimeHolder(Cogs.forTesting(mechanisms: [sensor], clock: TestClock()))
        await Task.detached { engine.emit(7) }.value
        #expect(await deliveries.next() == "recorded 7")
        #expect(holder.cogs.peek(_levelCog) == 7)
        #if DEBUG
            #expect(holder.cogs.debugHistory.last { $0.kind == .turn }?.description == "turn record(_:) by Sensor")
        #endif
        weak let weakCogs = holder.cogs
        let (acknowledged, acknowledge) = AsyncStream.makeStream(of: Void.self)
        holder.cogs.debugOnTeardown { acknowledge.yield() }
        holder.drop()
        var acknowledgements = acknowledged.makeAsyncIterator()
        _ = await acknowledgements.next()
        #expect(weakCogs == nil, "the callback does not retain the context")
        await Task.detached { engine.emit(8) }.value
        #expect(await deliveries.next() == "no controller", "the controller no longer promotes; no op runs")
    }

    @Test("MECH-16 a controller kept alive past teardown runs no op and reports not live")
    func controllerOutlivesRuntime() async {
        let holder = RuntimeHolder(Cogs.forTesting(clock: TestClock()))
        var controller: CogController?
        let (acknowledged, acknowledge) = AsyncStream.makeStream(of: Void.self)
        do {
            let (cogs, m) = Cogs.forTestingWithController(clock: TestClock())
            controller = m
            cogs.debugOnTeardown { acknowledge.yield() }
        }
        var acknowledgements = acknowledged.makeAsyncIterator()
        _ = await acknowledgements.next()
        let m = try! #require(controller)
        #expect(!m.isLive)
        m.record(9)
        #expect(m.ifLive { 1 } == nil)
        #expect(holder.cogs.peek(_levelCog) == 0)
    }

    @Test(
        "MECH-31 releasing one child's captures runs app code while a sibling's cleanup is still ahead; the sibling is already inert"
    )
    func siblingInertDuringTeardown() {
        let (cogs, m) = Cogs.forTestingWithController()
        var sibling: CogController?
        var observed: [String] = []
        let ran = RunCounter()
        m.scope(_gateCog) { parent in
            parent.scope(_gateACog) { first in
                let canary = Canary {
                    guard let sibling else { return }
                    observed.append("sibling live: \(sibling.isLive)")
                    sibling.run { _ in ran.bump() }
                    sibling.record(99)
                }
                first.run { c in _ = (c[_levelCog], canary) }
            }
            parent.scope(_gateBCog) { second in
                sibling = second
                second.run { c in _ = c[_levelCog] }
            }
        }
        cogs.turn(_gateCog, to: true)
        #expect(sibling?.isLive == true)
        cogs.turn(_gateCog, to: false)
        #expect(observed == ["sibling live: false"])
        #expect(ran.count == 0, "the sibling registered nothing")
        #expect(cogs.peek(_levelCog) == 0, "and wrote nothing")
    }

    @Test(
        "MECH-31 a reaction registered by a released capture's deinitializer still runs in the flush that retired its owner"
    )
    func registrationFromReleasedCaptureRunsInSameFlush() {
        let (cogs, m) = Cogs.forTestingWithController()
        let ran = RunCounter()
        m.scope(_gateCog) { child in
            let canary = Canary {
                m.run { c in
                    _ = c[_levelCog]; ran.bump()
                }
            }
            child.run { c in _ = (c[_levelCog], canary) }
        }
        cogs.turn(_gateCog, to: true)
        #expect(ran.count == 0)
        let turnsBefore = cogs.completedTurnCount
        cogs.turn(_gateCog, to: false)
        #expect(ran.count == 1, "registered during the flush, it joined the tail of that flush's reactions")
        #expect(cogs.completedTurnCount == turnsBefore + 1)
    }
}
