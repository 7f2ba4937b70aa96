import Dispatch
import StateGraph
import Testing

@Suite struct ConcurrencyTests {
    /// Readers on several threads pull through the per-node recursive locks
    /// while a writer keeps invalidating: no deadlock, no crash, and once
    /// everyone has joined the graph settles on the last written value.
    /// Nothing here is timed.
    @Test func concurrentReadsAndWritesSettle() {
        let source = Stored(wrappedValue: 0)
        let doubled = Computed(rule: { _ in source.wrappedValue * 2 })
        let shifted = Computed(rule: { _ in doubled.wrappedValue + source.wrappedValue })
        let workers = 4
        let rounds = 500
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for round in 1...rounds {
                if worker == 0 {
                    source.wrappedValue = round
                } else {
                    // No check on the value itself: glitch-freedom holds per
                    // pull on one thread, and a write may land mid-pull.
                    _ = shifted.wrappedValue
                }
            }
        }
        #expect(source.wrappedValue == rounds)
        #expect(shifted.wrappedValue == rounds * 3)
        #expect(shifted.potentiallyDirty == false)
    }
}
