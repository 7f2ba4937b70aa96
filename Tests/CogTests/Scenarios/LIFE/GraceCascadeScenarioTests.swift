import Cog
import CogTesting
import Testing

private let _openCog = Cog<Bool>.Manual { false }
private let _baseCog = Cog<Int>.Manual { 1 }

/// How a grace window's release reaches the states below the released one
/// (LIFE-09, LIFE-10, LIFE-11, ASYNC-25 in shapes the Storefront does not
/// reach): a dependency nothing else observes goes in the same window, one
/// still read by a live state stays, and one a peek holds keeps that
/// peek's own deadline. Each run is logged, so a state that was kept when
/// it should have gone (or went when it should have stayed) shows as a
/// missing or an extra "fresh" run.
@MainActor
private final class Graph {
    let log = EventLog()
    lazy var aCog = Cog<Int>(name: "a") { [log] c in
        log.append(c.curr == nil ? "a fresh" : "a rerun")
        return c[_baseCog] + 1
    }
    lazy var bCog = Cog<Int>(name: "b") { [log, aCog] c in
        log.append(c.curr == nil ? "b fresh" : "b rerun")
        return c[aCog] * 10
    }
    lazy var cCog = Cog<Int>(name: "c") { [log, bCog] c in
        log.append(c.curr == nil ? "c fresh" : "c rerun")
        return c[bCog] + 5
    }
    /// The diamond's other arm and its join: a → left (b), a → right → join.
    lazy var rightCog = Cog<Int>(name: "right") { [log, aCog] c in
        log.append(c.curr == nil ? "right fresh" : "right rerun")
        return c[aCog] * 100
    }
    lazy var joinCog = Cog<Int>(name: "join") { [log, bCog, rightCog] c in
        log.append(c.curr == nil ? "join fresh" : "join rerun")
        return c[bCog] + c[rightCog]
    }
}

@MainActor
struct GraceCascadeScenarioTests {
    /// A scope over `_openCog` whose one reaction reads `read`; writing
    /// false retires it, and the states it read lose their last watcher.
    private func watch(_ m: CogController, _ read: @escaping @MainActor (inout CogReactionReader) -> Void) {
        m.scope(_openCog) { child in child.run { c in read(&c) } }
    }

    @Test("LIFE-09 a chain's release cascades in one window: every link goes at the same expiry and returns fresh")
    func chainReleasesInOneWindow() {
        let clock = TestClock()
        let graph = Graph()
        let (cogs, m) = Cogs.forTestingWithController(clock: clock, grace: .seconds(5))
        watch(m) { c in _ = c[graph.cCog] }
        cogs.turn(_openCog, to: true)
        cogs.turn(_openCog, to: false)
        clock.advance(by: .milliseconds(4_999))
        #expect(cogs.debugSlot(of: graph.aCog) != nil && cogs.debugSlot(of: graph.cCog) != nil)
        clock.advance(by: .milliseconds(1))
        #expect(cogs.debugSlot(of: graph.cCog) == nil)
        #expect(cogs.debugSlot(of: graph.bCog) == nil, "the middle link went in the same window")
        #expect(cogs.debugSlot(of: graph.aCog) == nil, "and the first, not one window later")
        #expect(clock.activeSleeperCount == 0, "no second window was opened for the links")
        cogs.turn(_baseCog, to: 2)
        #expect(cogs.peek(graph.cCog) == 35)
        #expect(graph.log.events == ["c fresh", "b fresh", "a fresh", "c fresh", "b fresh", "a fresh"])
    }

    @Test("LIFE-09 a diamond's release keeps the arm another watcher still reads, and the source below it")
    func diamondKeepsTheWatchedArm() {
        let clock = TestClock()
        let graph = Graph()
        let (cogs, m) = Cogs.forTestingWithController(clock: clock, grace: .seconds(5))
        watch(m) { c in _ = c[graph.joinCog] }
        m.run { c in _ = c[graph.rightCog] }
        cogs.turn(_openCog, to: true)
        cogs.turn(_openCog, to: false)
        clock.advance(by: .seconds(5))
        #expect(cogs.debugSlot(of: graph.joinCog) == nil)
        #expect(cogs.debugSlot(of: graph.bCog) == nil, "the arm only the join read went with it")
        #expect(cogs.debugSlot(of: graph.rightCog) != nil, "the arm a reaction reads stays")
        #expect(cogs.debugSlot(of: graph.aCog) != nil, "and so does what it reads")
        let before = graph.log.events.count
        cogs.turn(_baseCog, to: 2)
        let pushed = Set(graph.log.events.dropFirst(before))
        #expect(pushed == ["right rerun", "a rerun"], "the kept arm follows the change")
        #expect(cogs.peek(graph.joinCog) == 30 + 300)
        #expect(graph.log.events.suffix(2) == ["join fresh", "b fresh"], "only the released states come back fresh")
    }

    @Test("LIFE-10 a peek of the released root inside its window renews it, and the chain below stays with it")
    func peekInsideTheWindowRenewsTheChain() {
        let clock = TestClock()
        let graph = Graph()
        let (cogs, m) = Cogs.forTestingWithController(clock: clock, grace: .seconds(5))
        watch(m) { c in _ = c[graph.cCog] }
        cogs.turn(_openCog, to: true)
        cogs.turn(_openCog, to: false)  // c's window: until 5 s
        clock.advance(by: .seconds(3))
        #expect(cogs.peek(graph.cCog) == 25)  // renewed: until 8 s
        clock.advance(by: .seconds(2))
        for link in [graph.aCog, graph.bCog, graph.cCog] { #expect(cogs.debugSlot(of: link) != nil) }
        clock.advance(by: .milliseconds(2_999))
        #expect(cogs.debugSlot(of: graph.cCog) != nil)
        clock.advance(by: .milliseconds(1))
        for link in [graph.aCog, graph.bCog, graph.cCog] { #expect(cogs.debugSlot(of: link) == nil) }
        #expect(clock.activeSleeperCount == 0)
        #expect(graph.log.events == ["c fresh", "b fresh", "a fresh"], "nothing reran while it was held")
    }

    /// The one case where a dependency keeps a window of its own inside a
    /// cascade: it was peeked while nothing observed it, and the dependent
    /// that read it afterwards has a shorter grace.
    @Test("LIFE-10 a dependency peeked before a shorter-lived dependent read it keeps its own deadline")
    func earlierPeekHoldsTheDependency() {
        let clock = TestClock()
        let graph = Graph()
        let briefCog = Cog<Int>(name: "brief", lifetime: .whileObserved(grace: .seconds(1))) { [graph] c in
            c[graph.bCog] + 1
        }
        let (cogs, m) = Cogs.forTestingWithController(clock: clock, grace: .seconds(5))
        #expect(cogs.peek(graph.bCog) == 20)  // b's own window (and a's): until 5 s
        clock.advance(by: .seconds(2))
        watch(m) { c in _ = c[briefCog] }
        cogs.turn(_openCog, to: true)
        cogs.turn(_openCog, to: false)  // brief's window: until 3 s
        clock.advance(by: .seconds(1))
        #expect(cogs.debugSlot(of: briefCog) == nil)
        #expect(cogs.debugSlot(of: graph.bCog) != nil, "b's earlier peek window still holds it")
        #expect(cogs.debugSlot(of: graph.aCog) != nil, "and b still reads a")
        clock.advance(by: .seconds(2))
        #expect(cogs.debugSlot(of: graph.bCog) == nil)
        #expect(cogs.debugSlot(of: graph.aCog) == nil)
        #expect(clock.activeSleeperCount == 0)
        #expect(graph.log.events == ["b fresh", "a fresh"], "held, b never reran")
    }

    @Test("LIFE-11 released keys come back fresh on every re-read, and opening and closing them for ever stays bounded")
    func releasedKeysComeBackBounded() {
        let clock = TestClock()
        let runs = EventLog()
        let scaledCogs = CogBox<Int, Int>(name: "scaled") { c, factor in
            runs.append(c.curr == nil ? "\(factor) fresh" : "\(factor) rerun")
            return c[_baseCog] * factor
        }
        let (cogs, m) = Cogs.forTestingWithController(clock: clock, grace: .seconds(5))
        watch(m) { c in
            for factor in 1...3 { _ = c[scaledCogs[factor]] }
        }
        var rowsAfterFirstRound: Int?
        for round in 1...20 {
            cogs.turn(_openCog, to: true)
            cogs.turn(_openCog, to: false)
            clock.advance(by: .seconds(5))
            for factor in 1...3 { #expect(cogs.debugSlot(of: scaledCogs[factor]) == nil, "round \(round)") }
            cogs.turn(_baseCog, to: round)
            #expect(cogs.peek(scaledCogs[2]) == 2 * round, "a released key re-read computes from the newest source")
            clock.advance(by: .seconds(5))
            if let rows = rowsAfterFirstRound {
                #expect(cogs.debugLiveRowCount == rows, "round \(round): released rows are reused")
            } else {
                rowsAfterFirstRound = cogs.debugLiveRowCount
            }
        }
        #expect(!runs.events.contains { $0.hasSuffix("rerun") }, "every read after a release is fresh")
        #expect(runs.events.filter { $0 == "2 fresh" }.count == 40)
    }

    @Test(
        "ASYNC-25 releasing a dependent cascades to the async key it read: its work is cancelled, its late result dropped, and a re-read starts anew",
        .timeLimit(.minutes(10)))
    func cascadeReachesAsyncKey() async {
        let clock = TestClock()
        let work = ControlledWork<Int>()
        let priceCogs = CogBox<Int, Int>.Async(name: "price", default: 0) { _, id in
            .run { try await work.run() + id }
        }
        let labelCog = Cog<String>(name: "label") { c in "price \(c[priceCogs[7]])" }
        let (cogs, m) = Cogs.forTestingWithController(clock: clock, grace: .seconds(5))
        watch(m) { c in _ = c[labelCog] }
        cogs.turn(_openCog, to: true)
        await work.started(1)
        cogs.turn(_openCog, to: false)
        clock.advance(by: .seconds(5))
        #expect(work.wasCancelled(1), "the label's release reached the async key in the same window")
        #expect(cogs.debugSlot(of: priceCogs[7]) == nil)
        let turns = cogs.debugCompletedTurnCount
        await work.succeed(1, with: 100)
        #expect(cogs.debugCompletedTurnCount == turns, "the released key's late result publishes nothing")
        #expect(cogs.peek(labelCog) == "price 0", "a re-read starts from the default")
        await work.started(2)
        await work.succeed(2, with: 200)
        #expect(cogs.peek(labelCog) == "price 207")
        #expect(cogs.debugLiveAsyncRunCount == 0)
    }
}
