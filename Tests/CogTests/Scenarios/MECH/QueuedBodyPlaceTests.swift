import Cog
import CogTesting
import Testing

private let _xCog = Cog<Int>.Manual { 0 }
private let _yCog = Cog<Int>.Manual { 0 }
private let _doubledCog = Cog<Int>(name: "doubled") { c in c[_xCog] * 2 }
private let _pingCog = Cog<Int>.Manual { 0 }
private let _sessionCog = Cog<String?>.Manual { nil }

extension CogOps {
    /// An op: through `CogOps` its body cannot be stored, so during a flush
    /// it runs at once against a capture.
    fileprivate func copyXToY() { turn { w in w[_yCog] = w[_xCog] } }
}

/// A controller's turn requested during a flush waits for its FIFO place
/// with its body, which runs there (design §3.2, MECH-29): after the turn
/// ahead of it and that turn's reactions, reading settled values, and not
/// at all once its controller retired. A write discarded at admission is
/// visible to nothing, through a stored body or a captured one.
@MainActor
struct QueuedBodyPlaceTests {
    @Test("MECH-29 a queued body reads the automatic value the turn queued ahead of it settled")
    func queuedBodyReadsSettledAutomatic() {
        let (cogs, m) = Cogs.forTestingWithController()
        m.run { c in
            guard c[_pingCog] == 1 else { return }
            m.turn("setX") { w in w[_xCog] = 21 }
            m.turn("copyDoubled") { w in w[_yCog] = w[_doubledCog] }
        }
        cogs.turn(_pingCog, to: 1)
        #expect(cogs.peek(_yCog) == 42, "the body ran after x = 21 was flushed, so doubled read 42")
        #if DEBUG
            #expect(
                cogs.debugRecentTurnNames.suffix(3) == ["queuedBodyReadsSettledAutomatic()", "setX", "copyDoubled"])
        #endif
    }

    @Test("MECH-29 a queued body runs after the reactions of the turn queued ahead of it")
    func queuedBodyAfterReactionsAhead() {
        let (cogs, m) = Cogs.forTestingWithController()
        let log = EventLog()
        m.watch(_xCog) { _, x in log.append("x watcher \(x)") }
        m.run { c in
            guard c[_pingCog] == 1 else { return }
            m.turn("first") { w in w[_xCog] = 21 }
            m.turn("second") { w in
                log.append("second body")
                w[_yCog] = w[_xCog]
            }
        }
        cogs.turn(_pingCog, to: 1)
        #expect(log.events == ["x watcher 21", "second body"])
        #expect(cogs.peek(_yCog) == 21)
    }

    @Test(
        "MECH-29 a child's queued write discarded at admission is read by no later queued body: x = 0 and y = 0"
    )
    func discardedWriteInvisibleToStoredBody() {
        let (cogs, m) = Cogs.forTestingWithController()
        var childBodies = 0
        m.run { c in
            if c[_pingCog] == 1 { m.turn("closeSession") { w in w[_sessionCog] = nil } }
        }
        m.scope(_sessionCog) { child, _ in
            child.run { c in
                guard c[_pingCog] == 1 else { return }
                child.turn("childWrite") { w in
                    childBodies += 1
                    w[_xCog] = 10
                }
            }
        }
        // Registered once the child is open, the copy queues behind its write.
        cogs.turn(_sessionCog, to: "A")
        m.run { c in
            if c[_pingCog] == 1 { m.turn("parentCopy") { w in w[_yCog] = w[_xCog] } }
        }
        cogs.turn(_pingCog, to: 1)
        #expect(cogs.peek(_xCog) == 0)
        #expect(cogs.peek(_yCog) == 0, "the parent's body ran at its place, after the child's write was discarded")
        #expect(childBodies == 0, "a retired controller's queued body never runs")
        #if DEBUG
            #expect(!cogs.debugRecentTurnNames.contains("childWrite"))
        #endif
    }

    @Test(
        "MECH-29 a body captured at once (an op through CogOps) that read a queued write a retirement ahead discarded is discarded with it"
    )
    func discardedWriteInvisibleToCapturedBody() {
        let (cogs, m) = Cogs.forTestingWithController()
        m.run { c in
            if c[_pingCog] == 1 { m.turn("closeSession") { w in w[_sessionCog] = nil } }
        }
        m.scope(_sessionCog) { child, _ in
            child.run { c in
                if c[_pingCog] == 1 { child.turn(_xCog, to: 10, name: "childWrite") }
            }
        }
        cogs.turn(_sessionCog, to: "A")
        m.run { c in
            if c[_pingCog] == 1 { m.copyXToY() }
        }
        cogs.turn(_pingCog, to: 1)
        #expect(cogs.peek(_xCog) == 0)
        #expect(cogs.peek(_yCog) == 0, "the captured body read the published x, not the child's pending write")
    }

    @Test(
        "MECH-29 a captured body still reads the queued writes that must land before it: the runtime's and its own controller's"
    )
    func capturedBodyReadsWritesThatMustLand() {
        let (cogs, m) = Cogs.forTestingWithController()
        m.run { c in
            guard c[_pingCog] == 1 else { return }
            m.setXThroughOp(21)
            m.copyXToY()
        }
        cogs.turn(_pingCog, to: 1)
        #expect(cogs.peek(_yCog) == 21, "the same controller's queued write lands first whenever this one does")
    }

    @Test("MECH-29 a runtime turn captured behind another controller's captured op reads its write, and both land")
    func capturedBehindOtherOwnersCapture() {
        let (cogs, m) = Cogs.forTestingWithController()
        m.run { c in
            guard c[_pingCog] == 1 else { return }
            m.setXThroughOp(21)
            cogs.turn("runtimeCopy") { w in w[_yCog] = w[_xCog] + 1 }
        }
        cogs.turn(_pingCog, to: 1)
        #expect(cogs.peek(_xCog) == 21)
        #expect(cogs.peek(_yCog) == 22, "the write it read landed, so its own lands too")
    }

    @Test(
        "MECH-29 a captured body that read a source a stored body queued ahead of it then wrote traps, naming both turns, instead of losing the update"
    )
    func staleReadBehindStoredBodyTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let (cogs, m) = Cogs.forTestingWithController()
                m.run { c in
                    guard c[_pingCog] == 1 else { return }
                    m.turn("storedIncrement") { w in w[_xCog] += 1 }
                    cogs.turn("capturedIncrement") { w in w[_xCog] += 1 }
                }
                cogs.turn(_pingCog, to: 1)
            }
        }
        let message = result?.standardErrorContent.text ?? ""
        #expect(message.contains("turn 'capturedIncrement' read"), "\(message)")
        #expect(message.contains("turn 'storedIncrement', queued ahead of it, wrote or discarded it"), "\(message)")
    }

    @Test(
        "MECH-29 a captured body that read a source a discard queued ahead of it releases traps instead of copying the old value"
    )
    func staleReadBehindDiscardTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let _draftCog = Cog<Int>.Manual(lifetime: .whileObserved(resetToInitial: true)) { 0 }
                let (cogs, m) = Cogs.forTestingWithController(clock: TestClock())
                cogs.turn(_draftCog, to: 5)
                m.run { c in
                    guard c[_pingCog] == 1 else { return }
                    cogs.discard(_draftCog)
                    cogs.turn("copy") { w in w[_yCog] = w[_draftCog] }
                }
                cogs.turn(_pingCog, to: 1)
            }
        }
        let message = result?.standardErrorContent.text ?? ""
        #expect(message.contains("turn 'copy' read"), "\(message)")
    }

    @Test("MECH-29 a captured body behind a stored body that writes other sources lands as before")
    func capturedBehindUnrelatedStoredBody() {
        let (cogs, m) = Cogs.forTestingWithController()
        m.run { c in
            guard c[_pingCog] == 1 else { return }
            m.turn("storedX") { w in w[_xCog] = 3 }
            cogs.turn("capturedY") { w in w[_yCog] += 1 }
        }
        cogs.turn(_pingCog, to: 1)
        #expect(cogs.peek(_xCog) == 3)
        #expect(cogs.peek(_yCog) == 1)
    }

    @Test("MECH-29 outside a flush a controller's stored turn runs at once, and nested it joins the turn in progress")
    func storedTurnOutsideAFlush() {
        let (cogs, m) = Cogs.forTestingWithController()
        m.turn("direct") { w in w[_xCog] = 3 }
        #expect(cogs.peek(_xCog) == 3)
        cogs.turn("outer") { w in
            w[_xCog] = 4
            m.turn("joined") { inner in inner[_yCog] = inner[_xCog] }
        }
        #expect(cogs.peek(_yCog) == 4)
        #if DEBUG
            #expect(cogs.debugRecentTurnNames.suffix(2) == ["direct", "outer"])
        #endif
    }
}

extension CogOps {
    fileprivate func setXThroughOp(_ x: Int) { turn(_xCog, to: x) }
}
