import Cog
import CogTesting
import Testing

private let _countCog = Cog<Int>.Manual(name: "advCount") { 0 }
private let _openCog = Cog<Bool>.Manual(name: "advOpen") { false }

@MainActor
struct HistoryAdversarialTests {
    #if DEBUG
        /// The entries of the turn named `name`.
        private func entries(of name: String, in cogs: Cogs) -> [String] {
            let history = cogs.debugHistory
            guard let turn = history.last(where: { $0.kind == .turn && $0.label == name })?.turn else { return [] }
            return history.filter { $0.turn == turn }.map(\.description)
        }

        /// A queued turn's own reaction queues a further turn: it lands behind
        /// the turns already waiting, each with its own entries.
        @Test(
            "HIST-07 a turn queued by a queued turn's reaction lands after the turns already waiting, never inside one")
        func nestedQueueOrder() {
            let (cogs, m) = Cogs.forTestingWithController()
            m.watch(_countCog) { _, count in
                if count == 1 {
                    m.turn("a") { w in w[_countCog] = 2 }
                    m.turn("b") { w in w[_countCog] += 1 }
                }
                if count == 2 { m.turn("a2") { w in w[_countCog] += 100 } }
            }
            cogs.turn("go") { c in c[_countCog] = 1 }
            #expect(cogs.debugRecentTurnNames == ["go", "a", "b", "a2"])
            #expect(cogs.peek(_countCog) == 103)
            #expect(entries(of: "a", in: cogs).filter { $0.hasPrefix("write") } == ["write advCount"])
            #expect(entries(of: "b", in: cogs).filter { $0.hasPrefix("write") } == ["write advCount"])
            #expect(entries(of: "a2", in: cogs).filter { $0.hasPrefix("write") } == ["write advCount"])
            let turns = cogs.debugHistory.filter { $0.turn > 0 }.map(\.turn)
            #expect(turns == turns.sorted(), "entries from different turns never interleave")
        }

        /// A child's queued turn sits behind the turn that retires the child:
        /// it is refused at admission and lands in history not at all.
        @Test("HIST-07 a queued turn refused because its controller retired ahead of it leaves no history entry")
        func refusedTurnNotRecorded() {
            let (cogs, m) = Cogs.forTestingWithController()
            m.watch(_countCog) { _, count in
                if count == 1 {
                    m.turn("close") { w in w[_openCog] = false }
                    m.turn("after") { w in w[_countCog] += 1 }
                }
            }
            m.scope(_openCog) { child in
                child.watch(_countCog) { _, count in
                    if count == 1 { child.turn("childTurn") { w in w[_countCog] = 999 } }
                }
            }
            cogs.turn("open") { c in c[_openCog] = true }
            cogs.turn("go") { c in c[_countCog] = 1 }
            #expect(cogs.debugRecentTurnNames == ["open", "go", "close", "after"])
            #expect(cogs.peek(_countCog) == 2)
            #expect(!cogs.debugHistory.contains { $0.label == "childTurn" })
        }

        /// A retired watch's node is reused by the next registration (issue
        /// 35). The reused node's runs must be recorded under the new
        /// registration's name, never the retired one's.
        @Test(
            "HIST-05 a watch registered on a reused reaction node lands in history under its own name, not its predecessor's"
        )
        func reusedNodeKeepsItsName() {
            let (cogs, m) = Cogs.forTestingWithController()
            m.scope(_openCog) { child in
                child.watch(_countCog, name: "oldWatch") { _, _ in }
            }
            cogs.turn("open") { c in c[_openCog] = true }
            cogs.turn("first") { c in c[_countCog] = 1 }
            #expect(entries(of: "first", in: cogs).contains { $0.hasSuffix(".oldWatch") })
            let rows = cogs.debugLiveRowCount
            cogs.turn("close") { c in c[_openCog] = false }
            m.watch(_countCog, name: "newWatch") { _, _ in }
            #expect(cogs.debugLiveRowCount <= rows, "the new watch reused a retired reaction's place")
            cogs.turn("second") { c in c[_countCog] = 2 }
            let recorded = entries(of: "second", in: cogs).filter { $0.hasPrefix("reaction") }
            #expect(recorded == ["reaction Test.newWatch"])
        }
    #endif
}
