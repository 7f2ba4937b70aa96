import Cog
import CogTesting
import Observation
import Testing

private let _escapeCog = Cog<Int>.Manual { 0 }

extension CogOps {
    fileprivate func bumpEscape() {
        turn { c in c[_escapeCog] += 1 }
    }
}

@MainActor
struct TurnScenarioTests {
    @Test("TURN-01 c[countCog] += 1 reads back the staged value; after the turn every read sees it")
    func incrementInTurn() {
        let _countCog = Cog<Int>.Manual { 0 }
        let cogs = Cogs.forTesting()
        var staged: [Int] = []
        cogs.turn { c in
            c[_countCog] += 1
            staged.append(c[_countCog])
            c[_countCog] += 1
            staged.append(c[_countCog])
        }
        #expect(staged == [1, 2])
        #expect(cogs.peek(_countCog) == 2)
        #expect(cogs[_countCog] == 2)
    }

    @Test("TURN-02 two writes in one turn: the last wins and downstream sees one change")
    func lastWriteWins() {
        let _aCog = Cog<Int>.Manual { 0 }
        let runs = RunCounter()
        let echoCog = Cog<Int> { c in
            runs.bump()
            return c[_aCog]
        }
        let cogs = Cogs.forTesting()
        _ = cogs[echoCog]
        let notices = NoticeCounter()
        withObservationTracking {
            _ = cogs[echoCog]
        } onChange: {
            notices.bump()
        }
        cogs.turn { c in
            c[_aCog] = 1
            c[_aCog] = 2
        }
        #expect(cogs[echoCog] == 2)
        #expect(runs.count == 2)
        #expect(notices.count == 1)
    }

    @Test("TURN-03 the writer reads an unwritten source as its published value")
    func writerReadsPublished() {
        let _aCog = Cog<Int>.Manual { 41 }
        let cogs = Cogs.forTesting()
        var seen = 0
        cogs.turn { c in seen = c[_aCog] }
        #expect(seen == 41)
    }

    @Test("TURN-04 during a turn body a normal read still sees the old value")
    func normalReadSeesOld() {
        let _aCog = Cog<Int>.Manual { 1 }
        let cogs = Cogs.forTesting()
        var during: [Int] = []
        cogs.turn { c in
            c[_aCog] = 2
            during.append(cogs.peek(_aCog))
            during.append(cogs[_aCog])
            during.append(c[_aCog])
        }
        #expect(during == [1, 1, 2])
        #expect(cogs.peek(_aCog) == 2)
    }

    @Test("TURN-15 an unsettled automatic cog read mid-turn settles from published values, then recomputes after")
    func midTurnSettlesFromPublished() {
        let _aCog = Cog<Int>.Manual { 1 }
        let runs = RunCounter()
        let tenfoldCog = Cog<Int> { c in
            runs.bump()
            return c[_aCog] * 10
        }
        let cogs = Cogs.forTesting()
        var during: [Int] = []
        cogs.turn { c in
            c[_aCog] = 2
            during.append(cogs.peek(tenfoldCog))
            during.append(c[tenfoldCog])
        }
        #expect(during == [10, 10])
        #expect(cogs.peek(tenfoldCog) == 20)
        #expect(runs.count == 2)
    }

    @Test("TURN-05 a nested turn joins the outer one: one flush, one notice, one turn record")
    func nestedJoins() {
        let _aCog = Cog<Int>.Manual { 0 }
        let _bCog = Cog<Int>.Manual { 0 }
        let sumCog = Cog<Int> { c in c[_aCog] + c[_bCog] }
        let cogs = Cogs.forTesting()
        _ = cogs[sumCog]
        let notices = NoticeCounter()
        withObservationTracking {
            _ = cogs[sumCog]
        } onChange: {
            notices.bump()
        }
        let before = cogs.debugCompletedTurnCount
        var sumDuringOuter = -1
        cogs.turn("outer") { c in
            c[_aCog] = 1
            cogs.turn("inner") { inner in inner[_bCog] = 2 }
            sumDuringOuter = cogs.peek(sumCog)
        }
        #expect(sumDuringOuter == 0)
        #expect(cogs.peek(sumCog) == 3)
        #expect(cogs.debugCompletedTurnCount == before + 1)
        #if DEBUG  // turn names are debug history (HIST-04)
            #expect(cogs.debugRecentTurnNames.last == "outer")
        #endif
        #expect(notices.count == 1)
    }

    @Test("TURN-06 a turn is named by its op's #function or a custom name; joined turns add no name")
    func turnNames() {
        let _aCog = Cog<Int>.Manual { 0 }
        let cogs = Cogs.forTesting()
        cogs.bumpEscape()
        cogs.turn("resetEverything") { c in c[_aCog] = 0 }
        cogs.turn(_aCog, to: 3, name: "setThree")
        cogs.turn("outer") { _ in cogs.bumpEscape() }
        #if DEBUG  // turn names are debug history (HIST-04)
            #expect(cogs.debugRecentTurnNames == ["bumpEscape()", "resetEverything", "setThree", "outer"])
        #endif
    }

    @Test("TURN-08 turns queued during a flush run FIFO, each settled and notified before the next starts")
    func queuedTurnsFIFO() {
        let _xCog = Cog<Int>.Manual { 0 }
        let _yCog = Cog<Int>.Manual { 1 }
        let cogs = Cogs.forTesting()
        let log = EventLog()
        _ = cogs[_yCog]
        withObservationTracking {
            _ = cogs[_xCog]
        } onChange: {
            MainActor.assumeIsolated {
                log.append("x noticed")
                cogs.turn("queuedFirst") { c in c[_yCog] += 1 }
                cogs.turn("queuedSecond") { c in c[_yCog] *= 10 }
                log.append("requests returned")
            }
        }
        withObservationTracking {
            _ = cogs[_yCog]
        } onChange: {
            MainActor.assumeIsolated { log.append("y noticed at \(cogs.peek(_yCog))") }
        }
        cogs.turn("outer") { c in c[_xCog] = 1 }
        #expect(log.events == ["x noticed", "requests returned", "y noticed at 2"])
        #expect(cogs.peek(_yCog) == 20)
        #if DEBUG  // turn names are debug history (HIST-04)
            #expect(cogs.debugRecentTurnNames.suffix(3) == ["outer", "queuedFirst", "queuedSecond"])
        #endif
    }

    @Test("TURN-09 writing a source's current value recomputes nothing")
    func equalWriteIsNoChange() {
        let _aCog = Cog<Int>.Manual { 5 }
        let runs = RunCounter()
        let readerCog = Cog<Int> { c in
            runs.bump()
            return c[_aCog]
        }
        let cogs = Cogs.forTesting()
        _ = cogs[readerCog]
        cogs.turn { c in c[_aCog] = 5 }
        #expect(cogs[readerCog] == 5)
        #expect(runs.count == 1)
    }

    @Test("TURN-10 a value changed and changed back within one turn is no change")
    func changedBackIsNoChange() {
        let _aCog = Cog<Int>.Manual { 5 }
        let runs = RunCounter()
        let readerCog = Cog<Int> { c in
            runs.bump()
            return c[_aCog]
        }
        let cogs = Cogs.forTesting()
        _ = cogs[readerCog]
        let notices = NoticeCounter()
        withObservationTracking {
            _ = cogs[_aCog]
        } onChange: {
            notices.bump()
        }
        cogs.turn { c in
            c[_aCog] = 6
            c[_aCog] = 5
        }
        #expect(cogs[readerCog] == 5)
        #expect(runs.count == 1)
        #expect(notices.count == 0)
    }

    @Test("TURN-11 a custom equals: decides what counts as a change")
    func customEquality() {
        let _nameCog = Cog<String>.Manual(equals: { $0.lowercased() == $1.lowercased() }) { "ada" }
        let runs = RunCounter()
        let greetingCog = Cog<String> { c in
            runs.bump()
            return "hi \(c[_nameCog])"
        }
        let cogs = Cogs.forTesting()
        #expect(cogs[greetingCog] == "hi ada")
        cogs.turn { c in c[_nameCog] = "ADA" }
        #expect(cogs[greetingCog] == "hi ada")
        #expect(runs.count == 1)
        cogs.turn { c in c[_nameCog] = "grace" }
        #expect(cogs[greetingCog] == "hi grace")
        #expect(runs.count == 2)

        let _numberCog = Cog<Int>.Manual { 1 }
        let parityRuns = RunCounter()
        let parityCog = Cog<Int>(equals: { $0 % 2 == $1 % 2 }) { c in c[_numberCog] }
        let parityReaderCog = Cog<Int> { c in
            parityRuns.bump()
            return c[parityCog]
        }
        #expect(cogs[parityReaderCog] == 1)
        cogs.turn { c in c[_numberCog] = 3 }
        #expect(cogs[parityReaderCog] == 1)
        #expect(parityRuns.count == 1)
    }

    @Test("TURN-12 a value with no Equatable counts every write as a change")
    func nonEquatableAlwaysChanges() {
        struct Opaque { var id: Int }
        let _opaqueCog = Cog<Opaque>.Manual { Opaque(id: 1) }
        let runs = RunCounter()
        let idCog = Cog<Int> { c in
            runs.bump()
            return c[_opaqueCog].id
        }
        let cogs = Cogs.forTesting()
        _ = cogs[idCog]
        let notices = NoticeCounter()
        withObservationTracking {
            _ = cogs[_opaqueCog]
        } onChange: {
            notices.bump()
        }
        cogs.turn { c in c[_opaqueCog] = Opaque(id: 1) }
        #expect(cogs[idCog] == 1)
        #expect(runs.count == 2)
        #expect(notices.count == 1)
    }

    @Test("TURN-13 two sibling turns in one handler are two named turns, each flushed")
    func siblingTurns() {
        let _aCog = Cog<Int>.Manual { 0 }
        let cogs = Cogs.forTesting()
        let log = EventLog()
        withObservationTracking {
            _ = cogs[_aCog]
        } onChange: {
            MainActor.assumeIsolated { log.append("notice") }
        }
        cogs.turn("first") { c in c[_aCog] = 1 }
        #expect(log.events == ["notice"])
        withObservationTracking {
            _ = cogs[_aCog]
        } onChange: {
            MainActor.assumeIsolated { log.append("notice") }
        }
        cogs.turn("second") { c in c[_aCog] = 2 }
        #expect(log.events == ["notice", "notice"])
        #if DEBUG  // turn names are debug history (HIST-04)
            #expect(cogs.debugRecentTurnNames.suffix(2) == ["first", "second"])
        #endif
    }

    @Test("TURN-14 c[box[k]] += 1 reads back that key's staged value; other keys are untouched")
    func keyedIncrement() {
        let _countCogs = CogBox<Int, String>.Manual { 10 }
        let cogs = Cogs.forTesting()
        var staged = 0
        cogs.turn { c in
            c[_countCogs["a"]] += 1
            c[_countCogs["a"]] += 1
            staged = c[_countCogs["a"]]
        }
        #expect(staged == 12)
        #expect(cogs.peek(_countCogs["a"]) == 12)
        #expect(cogs.peek(_countCogs["b"]) == 10)
    }

    @Test("TURN-07 a writer used after its turn traps, saying it outlived its turn and to call turn again")
    func escapedWriterTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let cogs = Cogs.forTesting(clock: TestClock())
                var escaped: CogWriter?
                cogs.turn { c in escaped = c }
                escaped?[_escapeCog] = 1
            }
        }
        let message = result?.standardErrorContent.text ?? ""
        #expect(message.contains("a writer outlived the turn that created it"))
        #expect(message.contains("call turn again"))
    }
}
