import Cog
import CogTesting
import Testing

/// A selector's read of a box row (`c[box[key]]`) finds the row on the
/// family in place: an `Int` key among the rows through the dense index
/// inline, any other key (negative, far past the rows, or not an `Int`)
/// through the lookup call, and a key never seen through row creation.
/// These pin each of those paths, and that they agree with the reads
/// outside a selector.
@MainActor
struct KeyedReadInfrastructureTests {
    @Test("a selector reads box rows by dense, negative, huge and erased keys, creating each row on first read")
    func everyKeyPath() {
        let _pricesCogs = CogBox<Int, Int>.Manual { id in id &* 10 }
        let _labelCogs = CogBox<String, String>.Manual { key in "label \(key)" }
        let _idsCog = Cog<[Int]>.Manual { [1, 2, -5, 1 << 40] }
        let _namesCog = Cog<[String]>.Manual { ["a", "b"] }
        let runs = RunCounter()
        let totalCog = Cog<Int> { c in
            runs.bump()
            var total = 0
            for id in c[_idsCog] { total &+= c[_pricesCogs[id]] }
            for name in c[_namesCog] { total &+= c[_labelCogs[name]].count }
            return total
        }
        let cogs = Cogs.forTesting()
        let huge = 1 << 40
        #expect(cogs[totalCog] == 10 + 20 - 50 + huge * 10 + 7 + 7)
        #expect(runs.count == 1)

        // Each row is a dependency: a write to any of them reruns the total.
        cogs.turn { c in c[_pricesCogs[-5]] = 0 }
        #expect(cogs[totalCog] == 10 + 20 + huge * 10 + 14)
        cogs.turn { c in c[_pricesCogs[huge]] = 1 }
        #expect(cogs[totalCog] == 10 + 20 + 1 + 14)
        cogs.turn { c in c[_labelCogs["b"]] = "" }
        #expect(cogs[totalCog] == 10 + 20 + 1 + 7)
        #expect(runs.count == 4)

        // New keys in the list: rows created from inside the selector, by
        // every kind of key, next to rows it already reads.
        cogs.turn { c in
            c[_idsCog] = [1, 3, -7, (1 << 40) + 1, 2]
            c[_namesCog] = ["b", "c"]
        }
        #expect(cogs[totalCog] == 10 + 30 - 70 + (huge + 1) * 10 + 20 + 0 + 7)
        #expect(runs.count == 5)
        // A row the selector no longer reads is no dependency.
        cogs.turn { c in c[_pricesCogs[huge]] = 5 }
        #expect(runs.count == 5)
        #expect(cogs[_pricesCogs[3]] == 30)
        #expect(cogs[_labelCogs["c"]] == "label c")
    }

    @Test("a selector's reads of automatic box rows run each row once and read it steady after")
    func automaticRows() {
        let _baseCog = Cog<Int>.Manual { 1 }
        let rowRuns = RunCounter()
        let _scaledCogs = CogBox<Int, Int> { c, key in
            rowRuns.bump()
            return c[_baseCog] &* key
        }
        let sumCog = Cog<Int> { c in
            var total = 0
            // The same rows twice in one run: the second reads are steady.
            for _ in 0..<2 {
                for key in [3, -4, 1 << 50] { total &+= c[_scaledCogs[key]] }
            }
            return total
        }
        let cogs = Cogs.forTesting()
        #expect(cogs[sumCog] == 2 * (3 - 4 + (1 << 50)))
        #expect(rowRuns.count == 3)
        cogs.turn { c in c[_baseCog] = 2 }
        #expect(cogs[sumCog] == 4 * (3 - 4 + (1 << 50)))
        #expect(rowRuns.count == 6)
    }

    // A declaration caches the family of the runtime that used it last
    // (a write counts); a read in another runtime takes a separate call,
    // which must both return the value and record the dependency. Each
    // rerun below reads one kind of state that the other runtime wrote
    // last, and the write after it proves the rerun depends on it.
    @Test("a selector reads keyed and keyless state whose declarations another runtime used last, and depends on it")
    func readsOfSharedDeclarations() {
        let _pricesCogs = CogBox<Int, Int>.Manual { id in id &* 10 }
        let _feeCog = Cog<Int>.Manual { 3 }
        let runs = RunCounter()
        let totalCog = Cog<Int> { c in
            runs.bump()
            return c[_pricesCogs[1]] + c[_pricesCogs[2]] + c[_feeCog]
        }
        let first = Cogs.forTesting()
        let second = Cogs.forTesting()
        #expect(first[totalCog] == 33)
        #expect(second[totalCog] == 33)
        first.turn { c in c[_feeCog] = 4 }  // the rerun reads the rows second used last
        second.turn { c in c[_feeCog] = 5 }
        first.turn { c in c[_pricesCogs[1]] = 0 }  // the rerun reads the fee second wrote last
        #expect(first[totalCog] == 24)
        second.turn { c in c[_pricesCogs[2]] = 0 }
        first.turn { c in c[_feeCog] = 6 }
        first.turn { c in c[_pricesCogs[2]] = 1 }
        #expect(first[totalCog] == 7)
        #expect(second[totalCog] == 15)
        #expect(runs.count == 8)
    }
}
