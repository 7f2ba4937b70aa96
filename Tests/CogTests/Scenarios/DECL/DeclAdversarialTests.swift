import Cog
import CogTesting
import Testing

private let _rowCogs = CogBox<Int, Int>.Manual { key in key * 10 }

/// The compile-fail check of `CompileFailScenarioTests`: the fixture must
/// fail to type-check with the diagnostic its first line names.
@MainActor
struct DeclAdversarialTests {
    @Test(
        "DECL-14 a resetToInitial box key discarded and read again gets a fresh starting object; one closure run per life"
    )
    func discardedKeyGetsFreshObject() {
        let made = RunCounter()
        let _draftCogs = CogBox<MutableBox, String>.Manual(lifetime: .whileObserved(resetToInitial: true)) {
            made.bump()
            return MutableBox()
        }
        let cogs = Cogs.forTesting(clock: TestClock())
        let original = cogs.peek(_draftCogs["a"])
        original.items.append(1)
        #expect(cogs.peek(_draftCogs["a"]) === original)
        cogs.discard(_draftCogs["a"])
        let fresh = cogs.peek(_draftCogs["a"])
        #expect(fresh !== original)
        #expect(fresh.items.isEmpty)
        #expect(original.items == [1])
        #expect(made.count == 2)
    }

    @Test("DECL-14 a key first touched by a writer's read-modify-write gets its own object; other keys stay fresh")
    func writerFirstTouchGetsItsOwnObject() {
        let made = RunCounter()
        let _listCogs = CogBox<MutableBox, String>.Manual {
            made.bump()
            return MutableBox()
        }
        let cogs = Cogs.forTesting()
        cogs.turn { c in c[_listCogs["a"]].items.append(1) }
        #expect(cogs.peek(_listCogs["a"]).items == [1])
        #expect(cogs.peek(_listCogs["b"]).items.isEmpty)
        #expect(cogs.peek(_listCogs["a"]) !== cogs.peek(_listCogs["b"]))
        #expect(made.count == 2)
    }

    @Test("DECL-09 reading one key of an automatic box runs its selector for that key only")
    func oneKeyRunsOneSelector() {
        let log = EventLog()
        let labelCogs = CogBox<String, Int> { c, key in
            log.append("run \(key)")
            return "row \(c[_rowCogs[key]])"
        }
        let cogs = Cogs.forTesting()
        _ = labelCogs[1]
        _ = labelCogs[2]
        #expect(log.events.isEmpty)
        #expect(cogs.peek(labelCogs[2]) == "row 20")
        #expect(log.events == ["run 2"])
        #expect(cogs.peek(labelCogs[2]) == "row 20")
        #expect(log.events == ["run 2"])
    }

    @Test("DECL-05 a reaction watching a key through a readOnly box projection is woken by that key only")
    func readOnlyBoxKeyIsWatchedPerKey() {
        let rowCogs = _rowCogs.readOnly
        let (cogs, m) = Cogs.forTestingWithController()
        let log = EventLog()
        m.run { c in log.append("row 2 is \(c[rowCogs[2]])") }
        cogs.turn { c in c[_rowCogs[3]] = 1 }
        cogs.turn { c in c[_rowCogs[2]] = 2 }
        #expect(log.events == ["row 2 is 20", "row 2 is 2"])
    }

    @Test(
        "DECL-06 turn(_:to:) through a readOnly reference does not compile either",
        .enabled(if: FixtureTypeChecker.runs, "the built Cog module or swiftc could not be located (outside CI)"))
    func turnToThroughReadOnlyRejected() throws {
        try expectFixtureRejected("DECL-06-turn-to-through-read-only.swift")
    }

    @Test(
        "DECL-06 writing a key through a readOnly box projection does not compile",
        .enabled(if: FixtureTypeChecker.runs, "the built Cog module or swiftc could not be located (outside CI)"))
    func readOnlyBoxKeyWriteRejected() throws {
        try expectFixtureRejected("DECL-06-write-read-only-box-key.swift")
    }

    @Test(
        "DECL-12 a throwing automatic box selector does not compile",
        .enabled(if: FixtureTypeChecker.runs, "the built Cog module or swiftc could not be located (outside CI)"))
    func throwingBoxSelectorRejected() throws {
        try expectFixtureRejected("DECL-12-throwing-box-selector.swift")
    }
}
