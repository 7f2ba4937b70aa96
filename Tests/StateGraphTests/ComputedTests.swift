import Observation
import StateGraph
import Testing

@MainActor
@Suite struct ComputedTests {
    @Test func computesLazilyAndCaches() {
        let source = Stored(wrappedValue: 2)
        let runs = RunCounter()
        let doubled = Computed(rule: { _ in
            runs.hit()
            return source.wrappedValue * 2
        })
        #expect(runs.value == 0, "nothing runs before the first read")
        #expect(doubled.wrappedValue == 4)
        #expect(doubled.wrappedValue == 4)
        #expect(runs.value == 1)
        source.wrappedValue = 3
        #expect(runs.value == 1, "a write only marks dependents dirty")
        #expect(doubled.wrappedValue == 6)
        #expect(runs.value == 2)
    }

    @Test func equalRecomputeStopsDownstreamButNotNotices() {
        let source = Stored(wrappedValue: 1)
        let parity = Computed(rule: { _ in source.wrappedValue % 2 })
        let downstreamRuns = RunCounter()
        let label = Computed(rule: { _ in
            downstreamRuns.hit()
            return parity.wrappedValue + 100
        })
        #expect(label.wrappedValue == 101)
        #expect(downstreamRuns.value == 1)

        let parityNotices = RunCounter()
        let labelNotices = RunCounter()
        withObservationTracking {
            _ = parity.wrappedValue
        } onChange: {
            parityNotices.hit()
        }
        withObservationTracking {
            _ = label.wrappedValue
        } onChange: {
            labelNotices.hit()
        }

        source.wrappedValue = 3
        // Both nodes announced a possible change when they became dirty...
        #expect(parityNotices.value == 1)
        #expect(labelNotices.value == 1)
        #expect(label.potentiallyDirty)
        // ...but parity recomputes to the same value, so label's edge is not
        // pending and its rule does not run again.
        #expect(label.wrappedValue == 101)
        #expect(downstreamRuns.value == 1)
        #expect(label.potentiallyDirty == false)

        // The control: a real change does reach label.
        source.wrappedValue = 4
        #expect(label.wrappedValue == 100)
        #expect(downstreamRuns.value == 2)
    }

    @Test func nonEquatableValueNeverCutsOff() {
        struct Wrapped { var x: Int }
        let source = Stored(wrappedValue: 1)
        let wrapped = Computed(rule: { _ in Wrapped(x: source.wrappedValue % 2) })
        let downstreamRuns = RunCounter()
        let reader = Computed(rule: { _ in
            downstreamRuns.hit()
            return wrapped.wrappedValue.x
        })
        _ = reader.wrappedValue
        source.wrappedValue = 3
        _ = reader.wrappedValue
        #expect(downstreamRuns.value == 2)
    }

    @Test func everyReadMakesAnEdgeAndRecomputeRebuildsThem() {
        let source = Stored(wrappedValue: 1)
        let tripled = Computed(rule: { _ in
            source.wrappedValue + source.wrappedValue + source.wrappedValue
        })
        #expect(tripled.wrappedValue == 3)
        #expect(tripled.incomingEdges.count == 3)
        #expect(source.outgoingEdges.count == 3)
        #expect(tripled.incomingEdges.allSatisfy { isEdge($0, from: source) })
        // Held strongly so their addresses cannot be reused by new edges.
        let firstEdges = Array(tripled.incomingEdges)

        for value in 2...5 {
            source.wrappedValue = value
            #expect(tripled.wrappedValue == value * 3)
            #expect(tripled.incomingEdges.count == 3)
            #expect(source.outgoingEdges.count == 3)
        }
        // New objects each time: the old edges were dropped, not reused.
        #expect(!tripled.incomingEdges.contains { edge in firstEdges.contains { $0 === edge } })
        #expect(!source.outgoingEdges.contains { edge in firstEdges.contains { $0 === edge } })
    }

    @Test func cachedReadInsideARuleStillMakesAnEdge() {
        let source = Stored(wrappedValue: 1)
        let middle = Computed(rule: { _ in source.wrappedValue })
        #expect(middle.wrappedValue == 1)
        let reader = Computed(rule: { _ in middle.wrappedValue + middle.wrappedValue })
        #expect(reader.wrappedValue == 2)
        #expect(reader.incomingEdges.count == 2)
        #expect(middle.outgoingEdges.count == 2)
    }

    @Test func diamondComputesEachNodeOncePerPull() {
        let source = Stored(wrappedValue: 1)
        let leftRuns = RunCounter()
        let rightRuns = RunCounter()
        let bottomRuns = RunCounter()
        let left = Computed(rule: { _ in
            leftRuns.hit()
            return source.wrappedValue + 1
        })
        let right = Computed(rule: { _ in
            rightRuns.hit()
            return source.wrappedValue * 10
        })
        let bottom = Computed(rule: { _ in
            bottomRuns.hit()
            return left.wrappedValue + right.wrappedValue
        })
        #expect(bottom.wrappedValue == 12)
        #expect([leftRuns.value, rightRuns.value, bottomRuns.value] == [1, 1, 1])

        for value in 2...4 {
            source.wrappedValue = value
            #expect(bottom.wrappedValue == value + 1 + value * 10)
            #expect([leftRuns.value, rightRuns.value, bottomRuns.value] == [value, value, value])
        }
    }

    @Test func transitiveContextQuirkRecordsASpuriousEdge() {
        let source = Stored(wrappedValue: 1)
        let upstream = Computed(rule: { _ in source.wrappedValue * 2 })
        let middle = Computed(rule: { _ in upstream.wrappedValue + 1 })
        #expect(middle.wrappedValue == 3)
        source.wrappedValue = 2
        #expect(middle.potentiallyDirty)

        // A reader that first meets `middle` while it is dirty: middle pulls
        // `upstream` with the reader's context still installed, so upstream
        // records an edge straight to the reader.
        let reader = Computed(rule: { _ in middle.wrappedValue })
        #expect(reader.wrappedValue == 5)
        #expect(reader.incomingEdges.count == 2)
        #expect(reader.incomingEdges.contains { isEdge($0, from: middle) })
        #expect(reader.incomingEdges.contains { isEdge($0, from: upstream) })
        #expect(upstream.outgoingEdges.count == 2)

        // The reader's next recompute drops it.
        source.wrappedValue = 3
        #expect(reader.wrappedValue == 7)
        #expect(reader.incomingEdges.count == 1)
        #expect(reader.incomingEdges.allSatisfy { isEdge($0, from: middle) })
        #expect(upstream.outgoingEdges.count == 1)
    }

    @Test func pushDirtyStopsAtDirtyNodesAndPullClears() {
        let source = Stored(wrappedValue: 1)
        let first = Computed(rule: { _ in source.wrappedValue + 1 })
        let second = Computed(rule: { _ in first.wrappedValue + 1 })
        #expect(second.wrappedValue == 3)
        source.wrappedValue = 5
        #expect(first.potentiallyDirty && second.potentiallyDirty)
        let notices = RunCounter()
        withObservationTracking {
            _ = second.wrappedValue
        } onChange: {
            notices.hit()
        }
        _ = second.wrappedValue
        source.wrappedValue = 6
        #expect(notices.value == 1)
        #expect(second.wrappedValue == 8)
        #expect(!first.potentiallyDirty && !second.potentiallyDirty)
    }

    @Test func withoutTrackingMakesNoEdge() {
        let tracked = Stored(wrappedValue: 1)
        let untracked = Stored(wrappedValue: 10)
        let sum = Computed(rule: { context in
            tracked.wrappedValue + context.withoutTracking { untracked.wrappedValue }
        })
        #expect(sum.wrappedValue == 11)
        #expect(sum.incomingEdges.count == 1)
        untracked.wrappedValue = 20
        #expect(sum.potentiallyDirty == false)
    }

    @Test func deallocatedDependentLeavesNoEdgeBehind() {
        let source = Stored(wrappedValue: 1)
        do {
            let reader = Computed(rule: { _ in source.wrappedValue })
            _ = reader.wrappedValue
            #expect(source.outgoingEdges.count == 1)
        }
        #expect(source.outgoingEdges.isEmpty)
    }
}
