/// When each unobserved state's grace window ends.
///
/// One timer serves the whole runtime: it is armed for the earliest
/// deadline, and each firing releases what is due and re-arms for the next.
/// A window therefore costs a table entry and a heap entry rather than a
/// sleeping task, which matters when a screen leaves hundreds of per-row
/// states behind at once. Renewing an open window moves its deadline in the
/// table and queues nothing.
///
/// Only waiting states pay: `DeadlineTable` holds the nodes that have a
/// window, not a slot for every node. Node-indexed columns (a deadline and
/// a queued flag per node of the arena, grown by doubling) cost the
/// Storefront funnel 64 KiB for 563 waiting states in a 3,219-node graph;
/// the table and the heap cost about a third of that.
///
/// Invariants: `deadlines` is the truth; every open window has at least
/// one heap entry, and no entry's deadline is later than its node's real
/// one, because renewing a window moves only `deadlines`. An entry that
/// comes due early is queued again with the real deadline; one whose node
/// has no window now is dropped. A node's entry can outlive its window
/// (released state; the slot may be reused by a new state that opens
/// another), so a node may briefly have two entries: the older one, due no
/// later than the newer, is queued again or dropped like any other.
///
/// Deadlines are kept as nanoseconds (`Int64`): an entry is 16 bytes in
/// the heap rather than 32.
@MainActor
struct GraceWindows {
    /// Each waiting node's window end, in nanoseconds.
    private var deadlines = DeadlineTable()
    private var heap: [(deadline: Int64, node: Int32)] = []
    /// When the one timer fires (nil when it is not armed), and the timer,
    /// made when the first window opens.
    var armedDeadline: Int64?
    var timer: (any CogTimer)?

    /// Open windows.
    var count: Int { deadlines.count }

    /// When the earliest queued entry comes due. (Indexing rather than
    /// `heap.first`: the unspecialized generic getter that debug builds call
    /// boxes the tuple on the heap, and a steady turn must not allocate.)
    var earliest: Int64? { heap.isEmpty ? nil : heap[0].deadline }

    func deadline(of node: Int32) -> Int64? {
        deadlines[node]
    }

    /// Starts or moves `node`'s window to end at `nanoseconds`.
    mutating func open(_ node: Int32, until nanoseconds: Int64) {
        if deadlines.updateValue(nanoseconds, forKey: node) == nil {
            push(nanoseconds, node)
        }
    }

    /// Ends `node`'s window without releasing it. With no window left, the
    /// entries still queued are dropped and the timer is disarmed, so no
    /// firing outlives the last window.
    mutating func close(_ node: Int32) {
        guard deadlines.removeValue(forKey: node) != nil, deadlines.isEmpty else { return }
        heap.removeAll(keepingCapacity: true)
        disarm()
    }

    mutating func disarm() {
        timer?.disarm()
        armedDeadline = nil
    }

    /// Removes and returns the nodes whose windows ended by `now`, earliest
    /// first; entries whose windows were renewed are queued again.
    mutating func takeDue(at now: Int64) -> [Int32] {
        var due: [Int32] = []
        while !heap.isEmpty, heap[0].deadline <= now {
            let first = heap[0]
            pop()
            guard let deadline = deadlines[first.node] else { continue }
            if deadline > now {
                push(deadline, first.node)
            } else {
                deadlines.removeValue(forKey: first.node)
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

nonisolated extension Duration {
    /// The duration in whole nanoseconds, the unit grace windows keep.
    package var wholeNanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
