import Cog
import CogTesting
import Testing

private let _sessionCog = Cog<String?>.Manual { nil }
private let _pingCog = Cog<Int>.Manual { 0 }
private let _levelCog = Cog<Int>.Manual { 0 }
private let _gateCog = Cog<Bool>.Manual { false }

extension CogOps {
    fileprivate func setLevel(_ level: Int) { turn(_levelCog, to: level) }
    fileprivate func closeGate() { turn(_gateCog, to: false) }
}

/// A MainActor latch a test opens: work that waits on it ignores cancellation.
@MainActor
private final class Latch {
    private var waiters: [CheckedContinuation<Int, Never>] = []
    private var value: Int?

    func wait() async -> Int {
        if let value { return value }
        return await withCheckedContinuation { waiters.append($0) }
    }

    func open(with value: Int) {
        self.value = value
        for waiter in waiters { waiter.resume(returning: value) }
        waiters.removeAll()
    }
}

@MainActor
struct RetirementScenarioTests {
    @Test(
        "MECH-28 a task ignoring cancellation holds the old lifetime open; the replacement starts at once and the old op changes nothing"
    )
    func uncooperativeTask() async {
        let (cogs, m) = Cogs.forTestingWithController(clock: TestClock())
        let latch = Latch()
        let (events, event) = AsyncStream.makeStream(of: String.self)
        var iterator = events.makeAsyncIterator()
        m.scope(_sessionCog) { child, id in
            child.task { child in
                event.yield("\(id) started")
                let level = await latch.wait()  // ignores cancellation
                child.setLevel(level)
                event.yield("\(id) finished, cancelled: \(Task.isCancelled)")
            }
        }
        cogs.turn(_sessionCog, to: "A")
        #expect(await iterator.next() == "A started")
        cogs.turn(_sessionCog, to: "B")
        #expect(await iterator.next() == "B started", "the replacement did not wait for the old task")
        latch.open(with: 5)
        let finished = [await iterator.next(), await iterator.next()]
        #expect(Set(finished.compactMap { $0 }) == ["A finished, cancelled: true", "B finished, cancelled: false"])
        // Only B's write landed; A's op through its retired controller was inert.
        #if DEBUG
            #expect(cogs.debugHistory.filter { $0.kind == .turn && $0.label == "setLevel(_:)" }.count == 1)
        #endif
        #expect(cogs.peek(_levelCog) == 5)
    }

    @Test(
        "MECH-29 a child's queued turn whose child an entry ahead retires is discarded at its execution point: none of its writes land and no turn enters history; ahead of the retirement it stands"
    )
    func queuedTurnAdmission() {
        let (cogs, m) = Cogs.forTestingWithController()
        let applied = EventLog()
        m.watch(_levelCog) { _, level in applied.append("level \(level)") }
        m.run { c in
            if c[_pingCog] == 1 { m.turn("closeSession") { w in w[_sessionCog] = nil } }
        }
        m.scope(_sessionCog) { child, _ in
            child.run { c in
                let ping = c[_pingCog]
                if ping > 0 { child.turn("childWrite") { w in w[_levelCog] = ping * 10 } }
            }
        }
        cogs.turn(_sessionCog, to: "A")
        cogs.turn(_pingCog, to: 1)
        #expect(applied.events.isEmpty, "closeSession ran first and retired the child: its write was discarded")
        #if DEBUG
            #expect(!cogs.debugRecentTurnNames.contains("childWrite"), "and produced no turn in history")
        #endif
        // Registered after the child, the closer now queues behind the child's write, which stands.
        cogs.turn(_pingCog, to: 0)
        cogs.turn(_sessionCog, to: "A")
        m.run { c in
            if c[_pingCog] == 2 { m.turn("closeSessionLate") { w in w[_sessionCog] = nil } }
        }
        cogs.turn(_pingCog, to: 2)
        #expect(applied.events == ["level 20"])
        #expect(cogs.peek(_sessionCog) == nil)
    }

    @Test(
        "MECH-29 admission checks the exact scope instance: restoring the same identity does not admit the old child's work"
    )
    func admissionByInstance() {
        let (cogs, m) = Cogs.forTestingWithController()
        let applied = EventLog()
        var instances = 0
        m.watch(_levelCog) { _, level in applied.append("level \(level)") }
        m.run { c in
            if c[_pingCog] == 1 {
                m.turn("close") { w in w[_sessionCog] = nil }
                m.turn("reopen") { w in w[_sessionCog] = "A" }
            }
        }
        m.scope(_sessionCog) { child, _ in
            instances += 1
            let instance = instances
            child.run { c in
                if c[_pingCog] == 1 { child.turn("childWrite") { w in w[_levelCog] = instance } }
            }
        }
        cogs.turn(_sessionCog, to: "A")
        cogs.turn(_pingCog, to: 1)
        #expect(instances == 2)
        #expect(applied.events == ["level 2"], "only the new instance's write was admitted")
    }

    @Test(
        "MECH-30 a scope body that retires its own lifetime: earlier registrations are ordinary, later primitives inert and unretained"
    )
    func selfRetiringBody() {
        let (cogs, m) = Cogs.forTestingWithController()
        let log = EventLog()
        var scoped: CogController?
        weak var lateCapture: EventLog?
        m.scope(_gateCog) { child in
            scoped = child
            child.run { c in log.append("early sees \(c[_levelCog])") }
            // The body runs inside a flush: this turn queues and retires
            // the child at its place in the FIFO, ahead of the next one.
            child.closeGate()
            child.setLevel(7)
        }
        cogs.turn(_gateCog, to: true)
        let child = try! #require(scoped)
        #expect(!child.isLive)
        #expect(log.events == ["early sees 0"], "the early registration ran as an ordinary one")
        #expect(cogs.peek(_levelCog) == 0, "the write queued after the retiring turn was rejected")
        cogs.setLevel(1)
        #expect(log.events == ["early sees 0"], "and it retired with the child")
        do {
            let late = EventLog()
            lateCapture = late
            child.run { _ in late.append("late") }
            #expect(child.task { _ in late.append("late task") }.isCancelled)
            child.setLevel(8)
        }
        #expect(lateCapture == nil, "nothing registered afterward is retained")
        #expect(cogs.peek(_levelCog) == 1)
    }
}
