/// When each unobserved state's grace window ends.
///
/// One timer serves the whole runtime: it is armed for the earliest
/// deadline, and each firing releases what is due and re-arms for the next.
/// A window therefore costs a dictionary entry and a heap slot rather than a
/// sleeping task, which matters when a screen leaves hundreds of per-row
/// states behind at once.
///
/// Invariants: `deadlines` is the truth; the heap holds at most one entry
/// per node (`queued`), and an entry's deadline is never later than its
/// node's real one, because renewing a window moves only `deadlines`. An
/// entry that comes due early is queued again with the real deadline; one
/// whose window was cancelled is dropped.
///
/// Deadlines are kept as nanoseconds (`Int64`): an entry is then 12 bytes
/// in the dictionary and 16 in the heap rather than 20 and 32.
struct GraceWindows {
    private var deadlines: [Int32: Int64] = [:]
    private var heap: [(deadline: Int64, node: Int32)] = []
    private var queued: Set<Int32> = []
    /// When the one armed timer fires (nil when none is armed), and how to
    /// cancel it.
    var armedDeadline: Duration?
    var cancelArmed: (@Sendable () -> Void)?

    /// States waiting for their window to end.
    var count: Int { deadlines.count }

    /// When the earliest queued entry comes due. (Indexing rather than
    /// `heap.first`: the unspecialized generic getter that debug builds call
    /// boxes the tuple on the heap, and a steady turn must not allocate.)
    var earliest: Duration? { heap.isEmpty ? nil : .nanoseconds(heap[0].deadline) }

    func deadline(of node: Int32) -> Duration? { deadlines[node].map { .nanoseconds($0) } }

    /// Starts or moves `node`'s window to end at `deadline`.
    mutating func open(_ node: Int32, until deadline: Duration) {
        let nanoseconds = Self.nanoseconds(deadline)
        deadlines[node] = nanoseconds
        if queued.insert(node).inserted { push(nanoseconds, node) }
    }

    private static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }

    /// Ends `node`'s window without releasing it. With no window left, the
    /// entries still queued are dropped and the armed timer is cancelled,
    /// so no sleeper outlives the last window.
    mutating func close(_ node: Int32) {
        guard deadlines.removeValue(forKey: node) != nil, deadlines.isEmpty else { return }
        heap.removeAll(keepingCapacity: true)
        queued.removeAll(keepingCapacity: true)
        disarm()
    }

    mutating func disarm() {
        cancelArmed?()
        cancelArmed = nil
        armedDeadline = nil
    }

    /// Removes and returns the nodes whose windows ended by `now`, earliest
    /// first; entries whose windows were renewed are queued again.
    mutating func takeDue(at time: Duration) -> [Int32] {
        let now = Self.nanoseconds(time)
        var due: [Int32] = []
        while !heap.isEmpty, heap[0].deadline <= now {
            let first = heap[0]
            pop()
            queued.remove(first.node)
            guard let deadline = deadlines[first.node] else { continue }
            if deadline > now {
                queued.insert(first.node)
                push(deadline, first.node)
            } else {
                deadlines[first.node] = nil
                due.append(first.node)
            }
        }
        return due
    }

    // MARK: Binary min-heap on deadline

    private mutating func push(_ deadline: Int64, _ node: Int32) {
        heap.append((deadline, node))
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].deadline < heap[parent].deadline else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func pop() {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return }
        heap[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < heap.count, heap[left].deadline < heap[smallest].deadline { smallest = left }
            if right < heap.count, heap[right].deadline < heap[smallest].deadline { smallest = right }
            guard smallest != parent else { return }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
