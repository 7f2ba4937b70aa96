import Cog
import CogTesting
import Testing

private let _volleyCog = Cog<Int>.Manual(name: "volley") { 0 }

extension CogOps {
    fileprivate func serve() { turn(_volleyCog, to: 1) }
    fileprivate func hitBack(_ volley: Int) { turn(_volleyCog, to: volley + 1) }
}

@MainActor
struct ReactionChainScenarioTests {
    /// Two reactions that wake each other: the first returns odd volleys,
    /// the second even ones, until the rally reaches `length` turns.
    private func rally(length: Int) -> Cogs {
        let (cogs, m) = Cogs.forTestingWithController()
        m.run(name: "ping") { c in
            let volley = c[_volleyCog]
            if volley % 2 == 1, volley < length { m.hitBack(volley) }
        }
        m.run(name: "pong") { c in
            let volley = c[_volleyCog]
            if volley > 0, volley % 2 == 0, volley < length { m.hitBack(volley) }
        }
        cogs.serve()
        // Asserted directly, never awaited: the whole chain ran inside serve().
        #expect(cogs.debugIsIdle)
        #expect(cogs.peek(_volleyCog) == length)
        #expect(cogs.debugCompletedTurnCount == length)
        return cogs
    }

    @Test(
        "REACT-17 a chain of exactly 64 turns stays quiet; 65 warns with its causal chain; the context is idle on return"
    )
    func chainWarning() {
        let quiet = rally(length: 64)
        #if DEBUG
            #expect(quiet.debugChainWarnings.isEmpty)
        #endif
        let loud = rally(length: 65)
        #if DEBUG
            let warning = try! #require(loud.debugChainWarnings.first)
            #expect(loud.debugChainWarnings.count == 1)
            #expect(warning.turnCount == 65)
            #expect(
                Array(warning.causes.prefix(4)) == [
                    "turn serve()", "reaction Test.ping", "reaction Test.pong", "turn hitBack(_:)",
                ])
            #expect(warning.causes.count == 65 * 3, "every turn and the two reactions it woke")
            #expect(!warning.isTruncated)
            #expect(warning.message.contains("a chain of 65 turns"))
        #endif
    }

    @Test("REACT-17 the recorded causal chain holds at most 256 causes and says so when it truncates")
    func chainTruncates() {
        let cogs = rally(length: 100)
        #if DEBUG
            let warning = try! #require(cogs.debugChainWarnings.first)
            #expect(warning.turnCount == 100)
            #expect(warning.causes.count == 256)
            #expect(warning.isTruncated)
            #expect(warning.message.contains("truncated at 256 causes"))
        #endif
    }

    @Test("REACT-17 a reaction that creates a hundred async states is no chain: their pending turns are not links")
    func pendingTurnsAreNoChain() async {
        let work = ControlledWork<Int>()
        let forecastCogs = CogBox<Int, Int>.Async(name: "forecast", default: 0) { _, _ in .run { try await work.run() }
        }
        let (cogs, m) = Cogs.forTestingWithController(clock: TestClock())
        let turnsBefore = cogs.debugCompletedTurnCount
        m.run(name: "prefetch") { c in
            if c[_volleyCog] > 0 { for zip in 0..<100 { _ = c[forecastCogs[zip]] } }
        }
        cogs.serve()
        #expect(cogs.debugCompletedTurnCount == turnsBefore + 101, "the serve turn and a hundred pending turns")
        #if DEBUG
            #expect(cogs.debugChainWarnings.isEmpty)
            #expect(cogs.debugRecentTurnNames.filter { $0.hasSuffix(".pending") }.count == 100)
        #endif
        await work.started(100)
    }
}
