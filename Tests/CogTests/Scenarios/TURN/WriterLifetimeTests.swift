import Cog
import CogTesting
import Testing

private let _requestedCog = Cog<Int>.Manual { 0 }
private let _bodyCog = Cog<Int>.Manual { 0 }
private let _bodyCogs = CogBox<Int, String>.Manual { _ in 0 }

/// Issue 57: a writer lives as long as its turn body. Registering a
/// reaction inside the body runs it at once; when that reaction requests a
/// turn, the request queues behind the body's turn and the body's writer
/// stays live (it used to trap as if it had outlived its turn).
@MainActor
struct WriterLifetimeTests {
    @Test(
        "TURN-07 a turn body's writer stays live after a reaction it registered requested a turn, for keyless and keyed writes"
    )
    func writerOutlivesRequestedTurn() {
        let (cogs, m) = Cogs.forTestingWithController(clock: TestClock())
        cogs.turn("outer") { w in
            m.run { r in
                if r[_requestedCog] == 0 { m.turn("inner") { $0[_requestedCog] = 1 } }
            }
            w[_bodyCog] = 1
            w[_bodyCogs["a"]] = 2
        }
        #expect(cogs.peek(_bodyCog) == 1)
        #expect(cogs.peek(_bodyCogs["a"]) == 2)
        #expect(cogs.peek(_requestedCog) == 1)
    }

    @Test("TURN-07 the turn a reaction requested inside a body flushes after the body's turn")
    func requestedTurnQueuesBehindTheBody() {
        let (cogs, m) = Cogs.forTestingWithController(clock: TestClock())
        let log = EventLog()
        m.run { r in log.append("body \(r[_bodyCog]), requested \(r[_requestedCog])") }
        log.events.removeAll()
        cogs.turn("outer") { w in
            m.run { r in
                if r[_requestedCog] == 0 {
                    m.turn("inner") { $0[_requestedCog] = 1 }
                }
            }
            w[_bodyCog] = 5
        }
        // The body's turn flushes first (the watcher sees 5 and 0), then the
        // requested one.
        #expect(log.events == ["body 5, requested 0", "body 5, requested 1"])
        #expect(cogs.peek(_requestedCog) == 1)
    }

    @Test("TURN-07 a writer used after its body returned still traps, even when its body's reaction requested a turn")
    func writerStillEndsWithItsBody() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let (cogs, m) = Cogs.forTestingWithController(clock: TestClock())
                var escaped: CogWriter?
                cogs.turn { w in
                    m.run { r in
                        if r[_requestedCog] == 0 { m.turn { $0[_requestedCog] = 1 } }
                    }
                    escaped = w
                }
                escaped?[_bodyCog] = 1
            }
        }
        let message = result?.standardErrorContent.text ?? ""
        #expect(message.contains("a writer outlived the turn that created it"))
    }
}
