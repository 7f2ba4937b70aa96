import Cog
import CogTesting
import Testing

private let _countCog = Cog<Int>.Manual(name: "count") { 0 }
private let _baseCog = Cog<Int>.Manual(name: "base") { 1 }
private let leftCog = Cog<Int>(name: "left") { c in c[_baseCog] + 1 }
private let rightCog = Cog<Int>(name: "right") { c in c[_baseCog] * 2 }
private let joinCog = Cog<Int>(name: "join") { c in c[leftCog] + c[rightCog] }
private let _priceCogs = CogBox<Int, String>.Manual(name: "price") { _ in 1 }
private let isEvenCog = Cog<Bool>(name: "isEven") { c in c[_countCog] % 2 == 0 }
private let doubledCog = Cog<Int>(name: "doubled") { c in c[_countCog] * 2 }

extension CogOps {
    fileprivate func increment() { turn { c in c[_countCog] += 1 } }
    fileprivate func setBase(_ base: Int) { turn(_baseCog, to: base) }
}

/// A mechanism that calls the same op app code calls (MECH-13) and
/// registers a named and an unnamed watch (HIST-05).
@MainActor
private final class CounterMechanism: Mechanism {
    /// The line of the unnamed registration, for its fallback name.
    var unnamedLine = 0

    func operate(_ m: CogController) {
        m.increment()
        m.watch(_countCog, name: "alert") { _, _ in }
        unnamedLine = #line + 1
        m.watch(_baseCog) { _, _ in }
    }
}

@MainActor
struct HistoryScenarioTests {
    #if DEBUG
        /// The entries recorded by the turn named `name` (the last such turn).
        private func entries(of name: String, in cogs: Cogs) -> [String] {
            let history = cogs.debugHistory
            guard let turn = history.last(where: { $0.kind == .turn && $0.label == name })?.turn else { return [] }
            return history.filter { $0.turn == turn }.map(\.description)
        }

        @Test("HIST-01 every turn lands in history with its custom name or its op's #function name")
        func turnNames() {
            let cogs = Cogs.forTesting()
            cogs.increment()
            cogs.turn("reset") { c in c[_countCog] = 0 }
            #expect(cogs.debugRecentTurnNames == ["increment()", "reset"])
        }

        @Test("HIST-02 history records writes and recomputes the way the graph counts them")
        func writesAndRecomputes() {
            let cogs = Cogs.forTesting()
            _ = cogs[joinCog]
            cogs.setBase(5)
            #expect(
                entries(of: "setBase(_:)", in: cogs) == [
                    "turn setBase(_:)", "write base", "recompute left", "recompute right", "recompute join",
                    "notice join",
                ])
            // An equal write records its turn, and no write and no recompute.
            cogs.turn("again") { c in c[_baseCog] = 5 }
            #expect(entries(of: "again", in: cogs) == ["turn again"])
            // A keyed state renders as label[key].
            cogs.turn("reprice") { c in c[_priceCogs["apple"]] = 3 }
            #expect(entries(of: "reprice", in: cogs) == ["turn reprice", "write price[apple]"])
            // One recompute per state that actually ran: an equal recompute
            // (isEven stays false) stops the wave and its reader never runs.
            let labelCog = Cog<String>(name: "label") { c in c[isEvenCog] ? "even" : "odd" }
            _ = cogs[labelCog]
            cogs.turn("plusTwo") { c in c[_countCog] += 2 }
            #expect(entries(of: "plusTwo", in: cogs) == ["turn plusTwo", "write count", "recompute isEven"])
        }

        @Test("HIST-03 history is bounded: the oldest entries fall off and the count never passes the cap")
        func bounded() {
            let cogs = Cogs.forTesting()
            cogs.turn("first") { c in c[_countCog] = 100 }
            for _ in 0..<400 { cogs.increment() }
            let history = cogs.debugHistory
            #expect(history.count == 512, "the cap")
            #expect(!cogs.debugRecentTurnNames.contains("first"), "the oldest turn fell off")
            #expect(history.last?.description == "write count")
            #expect(cogs.debugCompletedTurnCount == 401)
        }

        @Test(
            "HIST-05 a named watch's runs land under its name beneath the mechanism; an unnamed one under its file and line"
        )
        func reactionNames() {
            let counter = CounterMechanism()
            let cogs = Cogs.forTesting(mechanisms: [counter])
            cogs.increment()
            #expect(entries(of: "increment()", in: cogs).contains("reaction Counter.alert"))
            cogs.setBase(2)
            #expect(
                entries(of: "setBase(_:)", in: cogs).contains(
                    "reaction Counter.CogTests/HistoryScenarioTests.swift:\(counter.unnamedLine)"))
        }

        @Test("HIST-06 history records each changed UI notice with the cog's label; an equal recompute notices nothing")
        func notices() {
            let cogs = Cogs.forTesting()
            _ = cogs[doubledCog]
            _ = cogs[isEvenCog]
            cogs.turn("plusTwo") { c in c[_countCog] += 2 }
            let recorded = entries(of: "plusTwo", in: cogs)
            #expect(recorded.filter { $0.hasPrefix("notice") } == ["notice doubled"])
        }

        @Test("HIST-07 turns queued during a flush land as separate entries in execution order")
        func queuedTurnsInOrder() {
            let (cogs, m) = Cogs.forTestingWithController()
            m.run { c in
                if c[_countCog] == 1 {
                    m.turn("first") { w in w[_countCog] = 2 }
                    m.turn("second") { w in w[_countCog] = 3 }
                }
            }
            cogs.increment()
            #expect(cogs.debugRecentTurnNames == ["increment()", "first", "second"])
            #expect(cogs.peek(_countCog) == 3)
            // Each write is attributed to the turn that made it; turns never interleave.
            let turns = cogs.debugHistory.filter { $0.turn > 0 }.map(\.turn)
            #expect(turns == turns.sorted())
            #expect(entries(of: "second", in: cogs).contains("write count"))
        }

        @Test("MECH-13 one op called on cogs and on m is the same named turn; the mechanism's call is attributed to it")
        func opAttribution() {
            let cogs = Cogs.forTesting(mechanisms: [CounterMechanism()])
            cogs.increment()
            let turns = cogs.debugHistory.filter { $0.kind == .turn }
            #expect(turns.map(\.label) == ["increment()", "increment()"])
            #expect(turns.map(\.by) == ["Counter", nil])
            #expect(turns.first?.description == "turn increment() by Counter")
        }
    #endif

    @Test("HIST-04 release builds pay nothing for history: no storage and no API")
    func releaseAbsence() throws {
        let cogs = Cogs.forTesting()
        let stored = Mirror(reflecting: cogs).children.compactMap(\.label)
        #if DEBUG
            #expect(stored.contains("history"), "the harness control: debug builds keep history")
        #else
            #expect(!stored.contains("history"))
            #expect(!stored.contains { $0.lowercased().contains("history") || $0 == "log" })
        #endif
        try FixtureTypeChecker.expectDebugOnly("HIST-04-history-in-release.swift")
    }
}
