import Cog
import CogTesting
import Measure
import Testing

private let _priceCog = Cog<Int>.Manual { 0 }
private let _quantityCogs = CogBox<Int, Int>.Manual { _ in 1 }
private let lineTotalCogs = CogBox<Int, Int> { c, line in c[_priceCog] * c[_quantityCogs[line]] }
private let orderTotalCog = Cog<Int> { c in
    var total = 0
    for line in 0..<8 { total += c[lineTotalCogs[line]] }
    return total
}
private let isLargeOrderCog = Cog<Bool> { c in c[orderTotalCog] > 1_000 }

extension CogOps {
    fileprivate func reprice(_ price: Int) {
        turn { c in
            c[_priceCog] = price
            c[_quantityCogs[3]] += 1
        }
    }
}

@MainActor
struct AllocationScenarioTests {
    @Test(
        "PERF-01 a steady turn (same shape, new values) performs zero mallocs", .enabled(if: AllocationCounter.isActive)
    )
    func steadyTurnAllocatesNothing() {
        let cogs = Cogs.forTesting(checkingInvariants: false)
        _ = cogs[orderTotalCog]
        _ = cogs[isLargeOrderCog]
        _ = cogs[lineTotalCogs[3]]
        for warmup in 1...3 {
            cogs.reprice(warmup)
            cogs.turn(_priceCog, to: warmup + 100)
        }
        let highWater = cogs.debugEdgePoolHighWaterMark
        var price = 10
        let counts = AllocationCounter.count(.thread) {
            price = opaqueIdentity(price + 1)
            cogs.reprice(price)
            cogs.turn(_priceCog, to: price * 2)
            blackHole(cogs[orderTotalCog])
            blackHole(cogs.peek(isLargeOrderCog))
        }
        #expect(counts.allocations == 0, "steady turn allocated: \(counts.calls)")
        #expect(counts.reallocations == 0)
        #expect(cogs.peek(orderTotalCog) == price * 2 * (8 + 4))
        #expect(cogs.debugEdgePoolHighWaterMark == highWater)
    }

    @Test(
        "PERF-01 a steady turn whose selector flips its dependencies still performs zero mallocs",
        .enabled(if: AllocationCounter.isActive)
    )
    func flippingDependenciesAllocateNothing() {
        let _headCog = Cog<Int>.Manual { 0 }
        let doubleCog = Cog<Int> { c in c[_headCog] * 2 }
        let inverseCog = Cog<Int> { c in -c[_headCog] }
        let currentCog = Cog<Int> { c in
            var result = 0
            for _ in 0..<20 { result += c[_headCog] % 2 == 1 ? c[doubleCog] : c[inverseCog] }
            return result
        }
        let cogs = Cogs.forTesting(checkingInvariants: false)
        _ = cogs[currentCog]
        for warmup in 1...4 { cogs.turn(_headCog, to: warmup) }
        var head = 10
        let counts = AllocationCounter.count(.thread) {
            for _ in 0..<4 {
                head = opaqueIdentity(head + 1)
                cogs.turn(_headCog, to: head)
                blackHole(cogs[currentCog])
            }
        }
        #expect(counts.allocations == 0, "flipping turn allocated: \(counts.calls)")
        #expect(cogs.peek(currentCog) == 20 * (head % 2 == 1 ? 2 * head : -head))
    }

    @Test(
        "PERF-01 a steady turn through Int-keyed boxes, read at the UI edge, with a keyed dependency that moves, performs zero mallocs",
        .enabled(if: AllocationCounter.isActive)
    )
    func keyedSteadyTurnAllocatesNothing() {
        let _stockCogs = CogBox<Int, Int>.Manual { id in id }
        let _pickCog = Cog<Int>.Manual { 0 }
        let cardCogs = CogBox<Int, Int> { c, id in c[_stockCogs[id]] * 2 }
        let pickedCog = Cog<Int> { c in c[cardCogs[c[_pickCog]]] }
        let cogs = Cogs.forTesting(checkingInvariants: false)
        func turn(_ round: Int) {
            cogs.turn { c in
                for id in 0..<32 { c[_stockCogs[id]] = round * 100 + id }
                c[_pickCog] = round % 4
            }
            for id in 0..<32 { blackHole(cogs[cardCogs[id]]) }
            blackHole(cogs[pickedCog])
        }
        for round in 1...8 { turn(round) }
        var round = 100
        let counts = AllocationCounter.count(.thread) {
            for _ in 0..<8 {
                round = opaqueIdentity(round + 1)
                turn(round)
            }
        }
        #expect(counts.allocations == 0, "keyed steady turn allocated: \(counts.calls)")
        #expect(cogs.peek(pickedCog) == 2 * (round * 100 + round % 4))
    }

    @Test(
        "PERF-01 a steady turn that wakes reactions, one rerunning and one cut off by equality, performs zero mallocs",
        .enabled(if: AllocationCounter.isActive)
    )
    func reactionTurnAllocatesNothing() {
        let _levelCog = Cog<Int>.Manual { 0 }
        let parityCog = Cog<Int> { c in c[_levelCog] % 2 }
        let (cogs, m) = Cogs.forTestingWithController(checkingInvariants: false)
        var seen = 0
        var parityRuns = 0
        m.run { c in seen = c[_levelCog] }
        m.run { c in
            blackHole(c[parityCog])
            parityRuns += 1
        }
        for warmup in 1...4 { cogs.turn(_levelCog, to: warmup * 2) }
        var level = 100
        let before = parityRuns
        let counts = AllocationCounter.count(.thread) {
            for _ in 0..<4 {
                level = opaqueIdentity(level + 2)
                cogs.turn(_levelCog, to: level)
            }
        }
        #expect(counts.allocations == 0, "reaction turn allocated: \(counts.calls)")
        #expect(seen == level)
        #expect(parityRuns == before, "an even level leaves the parity equal: the second reaction is cut off")
    }

    @Test("PERF-04 1,000 states with 12 UI-read values own 12 boundary objects")
    func boundariesOnlyForUIReads() {
        let cogs = Cogs.forTesting(checkingInvariants: false)
        let _cellCogs = CogBox<Int, Int>.Manual { key in key }
        let doubledCogs = CogBox<Int, Int> { c, key in c[_cellCogs[key]] * 2 }
        for key in 0..<500 { _ = cogs.peek(doubledCogs[key]) }
        for key in stride(from: 0, to: 480, by: 40) { _ = cogs[doubledCogs[key]] }
        cogs.turn { c in
            for key in 0..<500 { c[_cellCogs[key]] += 1 }
        }
        #expect(cogs.debugBoundaryObjectCount == 12)
    }

    #if !DEBUG
        /// A keyless declaration keeps its one value inline in its family, so
        /// reading one for the first time allocates the family and nothing
        /// else, once the runtime's columns, edge pool and family table have
        /// room (twenty warm-up declarations make it). Release builds only: a
        /// debug build also allocates for option-set literals and closure
        /// conversions the optimizer removes.
        @Test(
            "a keyless automatic cog's first read allocates one block: its family",
            .enabled(if: AllocationCounter.isActive))
        func keylessFirstReadAllocatesItsFamilyOnly() {
            let cogs = Cogs.forTesting(checkingInvariants: false)
            let warmUp = (0..<20).map { offset in Cog<Int> { c in c[_priceCog] + offset } }
            for cog in warmUp { blackHole(cogs.peek(cog)) }
            let freshCog = Cog<Int> { c in c[_priceCog] + 100 }
            let counts = AllocationCounter.count(.thread) {
                blackHole(cogs.peek(freshCog))
            }
            #expect(counts.allocations == 1, "first read allocated: \(counts.calls)")
            #expect(cogs.peek(freshCog) == 100)
        }
    #endif

    @Test(
        "PERF-06 building a value reference with box[key] allocates nothing", .enabled(if: AllocationCounter.isActive))
    func boxSubscriptAllocatesNothing() {
        // First use initializes the global declarations; that is declaring, not building a reference.
        blackHole(_quantityCogs[0])
        blackHole(lineTotalCogs[0])
        let counts = AllocationCounter.count(.thread) {
            // A range, not an array: iterating a captured array allocates in debug builds.
            for index in 0..<100 {
                blackHole(_quantityCogs[opaqueIdentity(index * 7)])
                blackHole(lineTotalCogs[opaqueIdentity(index * 7)])
            }
        }
        #expect(counts.allocations == 0, "box[key] allocated: \(counts.calls)")
    }
}

@MainActor
struct QueuedTurnAllocationTests {
    @Test(
        "PERF-01 a mechanism's turn queued from a reaction with its body allocates one box per request, its stored body",
        .enabled(if: AllocationCounter.isActive)
    )
    func queuedControllerTurnAllocatesItsBody() {
        let _levelCog = Cog<Int>.Manual { 0 }
        let _echoCog = Cog<Int>.Manual { 0 }
        let (cogs, m) = Cogs.forTestingWithController(checkingInvariants: false)
        m.run { c in
            let level = c[_levelCog]
            m.turn("echo") { w in w[_echoCog] = level }
        }
        for warmup in 1...4 { cogs.turn(_levelCog, to: warmup) }
        var level = 100
        let counts = AllocationCounter.count(.thread) {
            for _ in 0..<4 {
                level = opaqueIdentity(level + 1)
                cogs.turn(_levelCog, to: level)
            }
        }
        // The capture this replaced made two per request (its write list
        // and the list's copy into the entry): 8 here.
        #expect(counts.allocations <= 4, "queued controller turns allocated: \(counts.calls)")
        #expect(cogs.peek(_echoCog) == level)
    }

    /// A controller's turn body is storable (`@escaping`), so its captures
    /// are boxed at the call even when it runs at once: the price of
    /// running a queued body at its FIFO place (docs/cog.md). App turns
    /// through `Cogs` and ops keep their non-escaping bodies.
    @Test(
        "PERF-01 a mechanism's turn outside a flush boxes only what its body captures; a capture-free body or a scalar turn allocates nothing",
        .enabled(if: AllocationCounter.isActive)
    )
    func controllerTurnOutsideAFlush() {
        let _levelCog = Cog<Int>.Manual { 0 }
        let (cogs, m) = Cogs.forTestingWithController(checkingInvariants: false)
        for warmup in 1...4 { m.turn(_levelCog, to: warmup) }
        var level = 100
        let capturing = AllocationCounter.count(.thread) {
            for _ in 0..<4 {
                level = opaqueIdentity(level + 1)
                m.turn("capturing") { w in w[_levelCog] = level }
            }
        }
        let captureFree = AllocationCounter.count(.thread) {
            for _ in 0..<4 { m.turn("captureFree") { w in w[_levelCog] += 1 } }
        }
        let scalar = AllocationCounter.count(.thread) {
            for _ in 0..<4 {
                level = opaqueIdentity(level + 1)
                m.turn(_levelCog, to: level)
            }
        }
        #expect(capturing.allocations <= 4, "at most one box per call: \(capturing.calls)")
        #expect(captureFree.allocations == 0, "\(captureFree.calls)")
        #expect(scalar.allocations == 0, "a scalar turn forms no storable body unless it waits: \(scalar.calls)")
        #expect(cogs.peek(_levelCog) == level)
    }
}
