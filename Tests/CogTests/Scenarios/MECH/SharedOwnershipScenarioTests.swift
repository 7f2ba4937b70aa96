import Cog
import CogTesting
import Testing

// MECH-34: a presentation's intent, accepted and owned by the session.
private let _presentedCog = Cog<Int?>.Manual { nil }
private let _intentCog = Cog<Int?>.Manual { nil }
private let _acceptedOrderCog = Cog<Int?>.Manual { nil }

// MECH-35: sessions with epochs and rotating tokens.
private struct Session: Equatable {
    var account: String
    var epoch: Int
    var token: String
}

private struct SessionKey: Equatable, CustomStringConvertible {
    var account: String
    var epoch: Int
    var description: String { "\(account)#\(epoch)" }
}

private let _sessionCog = Cog<Session?>.Manual { nil }
private let _lastEpochCog = Cog<Int>.Manual { 0 }
private let sessionKeyCog = Cog<SessionKey?> { c in
    c[_sessionCog].map { SessionKey(account: $0.account, epoch: $0.epoch) }
}
private let tokenCog = Cog<String?> { c in c[_sessionCog]?.token }

// MECH-37: a presentation gate.
private let _sheetOpenCog = Cog<Bool>.Manual { false }

extension CogOps {
    fileprivate func submit(order: Int) { turn(_intentCog, to: order) }
    fileprivate func accept(order: Int) {
        turn { c in
            c[_acceptedOrderCog] = order
            c[_intentCog] = nil
        }
    }

    fileprivate func signIn(_ account: String) {
        turn { c in
            let epoch = c[_lastEpochCog] + 1
            c[_lastEpochCog] = epoch
            c[_sessionCog] = Session(account: account, epoch: epoch, token: "token\(epoch)")
        }
    }

    fileprivate func rotateToken(_ token: String) {
        turn { c in c[_sessionCog]?.token = token }
    }
}

@MainActor
struct SharedOwnershipScenarioTests {
    @Test(
        "MECH-34 dismissing a presentation ends its feedback only; the session-owned work completes and a later presentation reads it"
    )
    func sessionOwnsAcceptedIntent() async {
        let work = ControlledWork<String>()
        let receiptCog = Cog<String?>.Async(default: nil) { c in
            guard c[_acceptedOrderCog] != nil else { return .run { nil } }
            return .run { try await work.run() }
        }
        let log = EventLog()
        let (cogs, m) = Cogs.forTestingWithController(clock: TestClock())
        // The session-lifetime mechanism accepts intents and owns the work.
        m.watch(_intentCog) { _, intent in if let intent { m.accept(order: intent) } }
        m.watch(receiptCog) { _, receipt in log.append("session: \(receipt ?? "none")") }
        var presentation: CogController?
        m.scope(_presentedCog) { child, screen in
            presentation = child
            child.watch(receiptCog) { _, receipt in log.append("feedback \(screen): \(receipt ?? "none")") }
        }
        cogs.turn(_presentedCog, to: 1)
        presentation?.submit(order: 42)
        await work.started(1)
        #expect(cogs.peek(_acceptedOrderCog) == 42)
        cogs.turn(_presentedCog, to: nil)
        #expect(presentation?.isLive == false)
        await work.succeed(1, with: "receipt 42")
        #expect(
            log.events == ["session: receipt 42"],
            "the work completed and published; the dismissed feedback stayed quiet")
        cogs.turn(_presentedCog, to: 2)
        #expect(presentation?.peek(receiptCog) == "receipt 42", "a later presentation reads ordinary shared state")
    }

    @Test(
        "MECH-35 signing in again mints a new epoch and replaces the scope; a token refresh keeps the epoch and the scope"
    )
    func epochIdentity() {
        let log = EventLog()
        let (cogs, m) = Cogs.forTestingWithController()
        m.scope(sessionKeyCog) { child, key in
            log.append("open \(key)")
            child.watch(tokenCog) { _, token in log.append("\(key) sees \(token ?? "none")") }
        }
        cogs.signIn("amy")
        cogs.rotateToken("rotated")
        cogs.signIn("amy")
        cogs.rotateToken("rotated again")
        #expect(
            log.events == [
                "open amy#1", "amy#1 sees rotated", "open amy#2", "amy#2 sees rotated again",
            ])
    }

    @Test(
        "MECH-37 a presentation retires while its refresh is in flight: the handle reports the real outcome and the durable consumer gets the value"
    )
    func refreshOutlivesPresentation() async {
        let work = ControlledWork<Int>()
        let priceCog = Cog<Int>.Async(default: 0) { _ in .run { try await work.run() } }
        let durable = EventLog()
        let (cogs, m) = Cogs.forTestingWithController(clock: TestClock())
        m.watch(priceCog) { _, price in durable.append("price \(price)") }
        await work.started(1)
        await work.succeed(1, with: 10)
        var sheet: CogController?
        m.scope(_sheetOpenCog) { child in sheet = child }
        cogs.turn(_sheetOpenCog, to: true)
        let handle = try! #require(sheet).refresh(priceCog)
        await work.started(2)
        cogs.turn(_sheetOpenCog, to: false)
        #expect(sheet?.isLive == false)
        #expect(handle.outcome == nil, "retiring the presentation resolved nothing")
        await work.succeed(2, with: 20)
        #expect(handle.outcome?.isSuccess == true)
        #expect(durable.events == ["price 10", "price 20"])
        let status = cogs.status.peek(priceCog)
        #expect(status.kind == .success && status.value == 20, "nothing pretends the shared state was released")
    }
}
