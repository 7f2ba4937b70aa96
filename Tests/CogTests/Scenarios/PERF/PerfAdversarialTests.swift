import Cog
import CogTesting
import Measure
import Observation
import Testing

private let _levelCog = Cog<Int>.Manual { 0 }
private let _echoCog = Cog<Int>.Manual { 0 }
private let _draftCogs = CogBox<Int, Int>.Manual(name: "churnDraft", lifetime: .whileObserved(resetToInitial: true)) {
    _ in 0
}
private let _cellCogs = CogBox<Int, Int>.Manual { key in key }
private let _echoCogs = CogBox<Int, Int>.Manual { _ in 0 }
private let cellCogs = _cellCogs.readOnly

extension CogOps {
    fileprivate func echo(_ level: Int) { turn(_echoCog, to: level) }
    fileprivate func echoKeyed(_ level: Int) {
        turn { c in
            c[_echoCogs[level % 4]] = level
            c[_echoCogs[4]] += 1
        }
    }
}

@MainActor
struct PerfAdversarialTests {
    @Test(
        "PERF-01 a steady turn whose reaction answers with an op (a queued write-back) allocates nothing",
        .enabled(if: AllocationCounter.isActive)
    )
    func steadyTurnWithWriteBackOp() {
        let (cogs, m) = Cogs.forTestingWithController(checkingInvariants: false)
        m.run { c in m.echo(c[_levelCog]) }
        var echoed = 0
        m.run { c in echoed = c[_echoCog] }
        for warmup in 1...6 { cogs.turn(_levelCog, to: warmup) }
        var level = 100
        let counts = AllocationCounter.count(.thread) {
            for _ in 0..<4 {
                level = opaqueIdentity(level + 1)
                cogs.turn(_levelCog, to: level)
            }
        }
        #expect(counts.allocations == 0, "steady write-back turn allocated: \(counts.calls)")
        #expect(echoed == level)
    }

    @Test("PERF-05 a hundred keys written and discarded one after another reuse one slot: the graph does not grow")
    func churnedKeysReuseOneSlot() {
        let cogs = Cogs.forTesting(clock: TestClock())
        cogs.turn { c in c[_draftCogs[0]] = 1 }
        let first = try! #require(cogs.debugSlot(of: _draftCogs[0]))
        cogs.discard(_draftCogs[0])
        let nodes = cogs.debugNodeCount
        var generations: Set<Int> = [first.generation]
        for key in 1...100 {
            cogs.turn { c in c[_draftCogs[key]] = key }
            let slot = try! #require(cogs.debugSlot(of: _draftCogs[key]))
            #expect(slot.node == first.node)
            generations.insert(slot.generation)
            cogs.discard(_draftCogs[key])
            #expect(cogs.debugSlot(of: _draftCogs[key]) == nil)
        }
        #expect(cogs.debugNodeCount == nodes)
        #expect(generations.count == 101, "every reuse takes a new generation")
        #expect(cogs.peek(_draftCogs[50]) == 0, "a discarded key restarts at its starting value")
    }

    @Test("PERF-04 a state read through its source and its readOnly projection, in many renders, owns one boundary")
    func oneBoundaryPerStateAcrossSpellings() {
        let cogs = Cogs.forTesting()
        for round in 0..<20 {
            withObservationTracking {
                for key in 0..<12 {
                    _ = cogs[_cellCogs[key]]
                    _ = cogs[cellCogs[key]]
                }
            } onChange: {
            }
            cogs.turn { c in c[_cellCogs[round % 12]] += 1 }
        }
        #expect(cogs.debugBoundaryObjectCount == 12)
    }

    @Test(
        "PERF-01 a steady turn whose reaction answers with a keyed read-modify-write op allocates nothing",
        .enabled(if: AllocationCounter.isActive)
    )
    func steadyTurnWithKeyedWriteBackOp() {
        let (cogs, m) = Cogs.forTestingWithController(checkingInvariants: false)
        m.run { c in m.echoKeyed(c[_levelCog]) }
        var echoed = 0
        m.run { c in echoed = c[_echoCogs[4]] }
        for warmup in 1...8 { cogs.turn(_levelCog, to: warmup) }
        var level = 100
        let counts = AllocationCounter.count(.thread) {
            for _ in 0..<4 {
                level = opaqueIdentity(level + 1)
                cogs.turn(_levelCog, to: level)
            }
        }
        #expect(counts.allocations == 0, "steady keyed write-back turn allocated: \(counts.calls)")
        #expect(echoed == 13)
        #expect(cogs.peek(_echoCogs[level % 4]) == level)
    }
}
