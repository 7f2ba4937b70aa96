import Cog
import CogTesting
import Testing

/// A reference type, to prove starting values are made per state.
final class MutableBox {
    var items: [Int] = []
}

private let _startCog = Cog<Int>.Manual { 7 }
private let _rowCogs = CogBox<Int, Int>.Manual { 3 }
private let _scaledCogs = CogBox<Int, Int>.Manual { key in key * 10 }
private let _namedCog = Cog<Int>.Manual(name: "temperature") { 68 }
private let _unnamedCog = Cog<Int>.Manual { 1 }
private let unnamedLine = #line - 1

@MainActor
struct SourceDeclarationScenarioTests {
    @Test("DECL-01 a manual cog reads what its starting closure returned")
    func manualStartingValue() {
        let cogs = Cogs.forTesting()
        #expect(cogs.peek(_startCog) == 7)
    }

    @Test("DECL-02 each box key starts at the key-ignoring closure's value and holds its own value")
    func boxKeysStartAlike() {
        let cogs = Cogs.forTesting()
        #expect(cogs.peek(_rowCogs[1]) == 3)
        #expect(cogs.peek(_rowCogs[2]) == 3)
        cogs.turn { c in c[_rowCogs[1]] = 9 }
        #expect(cogs.peek(_rowCogs[1]) == 9)
        #expect(cogs.peek(_rowCogs[2]) == 3)
    }

    @Test("DECL-03 a key-taking starting closure starts each key at its own value")
    func keyTakingStart() {
        let cogs = Cogs.forTesting()
        #expect(cogs.peek(_scaledCogs[1]) == 10)
        #expect(cogs.peek(_scaledCogs[4]) == 40)
    }

    @Test("DECL-13 two contexts get their own reference-type starting value; the closure ran once per context")
    func referenceStartPerContext() {
        let made = RunCounter()
        let _listCog = Cog<MutableBox>.Manual {
            made.bump()
            return MutableBox()
        }
        let first = Cogs.forTesting()
        let second = Cogs.forTesting()
        first.peek(_listCog).items.append(1)
        _ = first.peek(_listCog)
        #expect(first.peek(_listCog).items == [1])
        #expect(second.peek(_listCog).items.isEmpty)
        #expect(first.peek(_listCog) !== second.peek(_listCog))
        #expect(made.count == 2)
    }

    @Test("DECL-14 two keys of one box get two starting objects; the closure ran once per key")
    func referenceStartPerKey() {
        let made = RunCounter()
        let _listCogs = CogBox<MutableBox, String>.Manual {
            made.bump()
            return MutableBox()
        }
        let cogs = Cogs.forTesting()
        cogs.peek(_listCogs["a"]).items.append(1)
        #expect(cogs.peek(_listCogs["b"]).items.isEmpty)
        #expect(cogs.peek(_listCogs["a"]).items == [1])
        #expect(made.count == 2)
    }

    @Test("DECL-04 box[5] built in two places names one state; box[6] is untouched")
    func sameKeySameState() {
        let cogs = Cogs.forTesting()
        let here = _rowCogs[5]
        let there = _rowCogs[5]
        cogs.turn { c in c[here] = 50 }
        #expect(cogs.peek(there) == 50)
        #expect(cogs.peek(_rowCogs[6]) == 3)
    }

    @Test("DECL-05 a readOnly projection reads and is watched as the source itself")
    func readOnlyProjection() {
        let cogs = Cogs.forTesting()
        let startCog = _startCog.readOnly
        #expect(cogs.peek(startCog) == 7)
        let runs = RunCounter()
        let watcherCog = Cog<Int> { c in
            runs.bump()
            return c[startCog] * 2
        }
        #expect(cogs.peek(watcherCog) == 14)
        cogs.turn { c in c[_startCog] = 8 }
        #expect(cogs.peek(startCog) == 8)
        #expect(cogs.peek(watcherCog) == 16)
        #expect(runs.count == 2)
        let rowCogs = _rowCogs.readOnly
        cogs.turn { c in c[_rowCogs[2]] = 21 }
        #expect(cogs.peek(rowCogs[2]) == 21)
    }

    @Test("DECL-10 a name: label is what Cog shows for the cog")
    func nameLabel() {
        let cogs = Cogs.forTesting()
        #expect(cogs.debugLabel(of: _namedCog) == "temperature")
        #expect(cogs.debugLabel(of: _rowCogs[4]).hasSuffix("[4]"))
    }

    @Test("DECL-11 without a name Cog shows fileID:line of the declaration")
    func fileLineLabel() {
        let cogs = Cogs.forTesting()
        #expect(cogs.debugLabel(of: _unnamedCog) == "CogTests/SourceDeclarationScenarioTests.swift:\(unnamedLine)")
    }
}
