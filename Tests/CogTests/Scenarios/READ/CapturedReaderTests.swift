import Cog
import CogTesting
import Measure
import Testing

private let _shelfStockCogs = CogBox<Int, Int>.Manual(name: "shelfStock") { id in id % 3 }
private let _shelfPriceCog = Cog<Int>.Manual(name: "shelfPrice") { 10 }

/// A shared rule as the Storefront's are: plain Swift, not isolated, asking
/// its caller for each value through a closure.
private func countPassing(_ ids: Range<Int>, passes: (Int) -> Bool) -> Int {
    var count = 0
    for id in ids where passes(id) { count += 1 }
    return count
}

/// The products in stock, counted by the shared rule from a closure that
/// reads through a copy of the selector's reader.
private let inStockCountCog = Cog<Int>(name: "inStockCount") { c in
    let read = c
    return countPassing(0..<30) { read[_shelfStockCogs[$0]] > 0 }
}

/// The highest stock among the first ten products, through a lazy map: its
/// closure escapes into the sequence, so it cannot capture the `inout`
/// reader and captures a copy.
private let highestStockCog = Cog<Int>(name: "highestStock") { c in
    let read = c
    return (0..<10).lazy.map { read[_shelfStockCogs[$0]] }.max() ?? 0
}

/// A selector's reader is a small value that holds nothing: a copy
/// (`let read = c`) reads and records dependencies exactly as `c` does, for
/// the closures a selector hands to shared rules, escaping ones included
/// (issue 35). Used after its run, a copy traps like the reader it was
/// copied from.
@MainActor
struct CapturedReaderTests {
    @Test("issue 35: a closure capturing a copy of the reader reads and tracks every key it reads, as c does")
    func capturedCopyTracks() {
        let cogs = Cogs.forTesting(clock: TestClock())
        #expect(cogs[inStockCountCog] == 20)
        cogs.turn { w in w[_shelfStockCogs[3]] = 4 }  // id 3 held 0: read through the copy, so a dependency
        #expect(cogs[inStockCountCog] == 21)
        let runs = cogs.debugRecomputeCount
        cogs.turn { w in w[_shelfPriceCog] = 12 }
        #expect(cogs[inStockCountCog] == 21)
        #expect(cogs.debugRecomputeCount == runs, "a source the count never read reran it")
    }

    @Test("issue 35: an escaping closure (a lazy map) reads through a reader copy and tracks what it read")
    func escapingClosureTracks() {
        let cogs = Cogs.forTesting(clock: TestClock())
        #expect(cogs[highestStockCog] == 2)
        cogs.turn { w in w[_shelfStockCogs[9]] = 7 }
        #expect(cogs[highestStockCog] == 7)
        let runs = cogs.debugRecomputeCount
        cogs.turn { w in w[_shelfStockCogs[20]] = 9 }  // outside the ten it reads
        #expect(cogs[highestStockCog] == 7)
        #expect(cogs.debugRecomputeCount == runs, "a key the map never read reran it")
    }

    @Test(
        "issue 35: a steady turn whose selector reads 30 keys through a captured reader copy allocates nothing",
        .enabled(if: AllocationCounter.isActive))
    func capturedCopyAllocatesNothing() {
        let cogs = Cogs.forTesting(checkingInvariants: false)
        _ = cogs[inStockCountCog]
        for warmup in 1...3 { cogs.turn(_shelfStockCogs[1], to: warmup) }
        var stock = 10
        let counts = AllocationCounter.count(.thread) {
            for _ in 0..<4 {
                stock = opaqueIdentity(stock + 1)
                cogs.turn(_shelfStockCogs[1], to: stock)
                blackHole(cogs[inStockCountCog])
            }
        }
        #expect(counts.allocations == 0, "steady turn allocated: \(counts.calls)")
        #expect(cogs.peek(inStockCountCog) == 20)
    }

    @Test("issue 35: a closure that keeps a reader copy past its run traps when called, as an escaped reader does")
    func escapedCopyTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                var later: (() -> Int)?
                let leakyCog = Cog<Int>(name: "leakyCopy") { c in
                    let read = c
                    later = { read[_shelfPriceCog] }
                    return read[_shelfPriceCog]
                }
                let cogs = Cogs.forTesting(clock: TestClock())
                _ = cogs.peek(leakyCog)
                _ = later?()
            }
        }
        let message = result?.standardErrorContent.text ?? ""
        #expect(message.contains("the reader of 'leakyCopy' was used outside the selector run that created it"))
    }
}
