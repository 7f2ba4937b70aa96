import Synchronization

/// Views marked by Observation's change callbacks, which are `@Sendable`
/// and may in principle run on any thread.
final class InvalidationSet: Sendable {
    /// A bit per fixed view, and the cards marked (each once).
    struct Marks: Sendable {
        private var fixed: UInt32 = 0
        private var cards: [Int] = []

        init() { cards.reserveCapacity(32) }

        var isEmpty: Bool { fixed == 0 && cards.isEmpty }
        var hasMarkedCards: Bool { !cards.isEmpty }

        func isMarked(fixed position: Int) -> Bool { fixed & (1 << position) != 0 }

        /// Cards marked between two refreshes are a handful: a scan.
        func isMarked(card id: Int) -> Bool { cards.contains(id) }

        mutating func mark(fixed position: Int) { fixed |= 1 << position }

        mutating func mark(card id: Int) {
            if !cards.contains(id) { cards.append(id) }
        }

        mutating func clear() {
            fixed = 0
            cards.removeAll(keepingCapacity: true)
        }
    }

    /// What one view's change callback marks: the callback captures this
    /// and nothing else, so forming it allocates nothing per render.
    final class Target: Sendable {
        private let set: InvalidationSet
        private let slot: Int
        private let isCard: Bool

        fileprivate init(_ set: InvalidationSet, slot: Int, isCard: Bool) {
            self.set = set
            self.slot = slot
            self.isCard = isCard
        }

        func mark() {
            if isCard { set.mark(card: slot) } else { set.mark(fixed: slot) }
        }
    }

    private let marks = Mutex(Marks())

    func target(fixed position: Int) -> Target { Target(self, slot: position, isCard: false) }
    func target(card id: Int) -> Target { Target(self, slot: id, isCard: true) }

    func mark(fixed position: Int) {
        marks.withLock { $0.mark(fixed: position) }
    }

    func mark(card id: Int) {
        marks.withLock { $0.mark(card: id) }
    }

    /// Hands the marks made so far to `drained` (which must be clear) and
    /// takes its cleared storage in exchange; returns whether any view was
    /// marked.
    func swapMarks(with drained: inout Marks) -> Bool {
        marks.withLock { marks in
            guard !marks.isEmpty else { return false }
            swap(&marks, &drained)
            return true
        }
    }
}
