/// When each unobserved state's grace window ends.
///
/// One timer serves the whole runtime: it is armed for the earliest
/// deadline, and each firing releases what is due and re-arms for the next.
/// A window therefore costs a slot in a node-indexed column and a heap
/// entry rather than a sleeping task, which matters when a screen leaves
/// hundreds of per-row states behind at once. Opening or renewing a window
/// (every time a selector stops reading releasable state, and every peek of
/// unobserved state) is an array store: no hashing.
///
/// Invariants: `deadlineByNode` is the truth; the heap holds at most one
/// entry per node (`queuedByNode`), and an entry's deadline is never later
/// than its node's real one, because renewing a window moves only
/// `deadlineByNode`. An entry that comes due early is queued again with the
/// real deadline; one whose window was cancelled is dropped.
///
/// Deadlines are kept as nanoseconds (`Int64`): an entry is 16 bytes in
/// the heap rather than 32.
@MainActor
struct GraceWindows {
    /// No window for this node.
    private static let none = Int64.min
    /// Each node's window end in nanoseconds, or `none`; grown on demand.
    private var deadlineByNode = ContiguousArray<Int64>()
    /// Whether the node has an entry in `heap`.
    private var queuedByNode = ContiguousArray<Bool>()
    /// Open windows.
    private(set) var count = 0
    private var heap: [(deadline: Int64, node: Int32)] = []
    /// When the one timer fires (nil when it is not armed), and the timer,
    /// made when the first window opens.
    var armedDeadline: Int64?
    var timer: (any CogTimer)?

    /// When the earliest queued entry comes due. (Indexing rather than
    /// `heap.first`: the unspecialized generic getter that debug builds call
    /// boxes the tuple on the heap, and a steady turn must not allocate.)
    var earliest: Int64? { heap.isEmpty ? nil : heap[0].deadline }

    func deadline(of node: Int32) -> Int64? {
        let index = Int(node)
        guard index < deadlineByNode.count, deadlineByNode[index] != Self.none else { return nil }
        return deadlineByNode[index]
    }

    /// Starts or moves `node`'s window to end at `nanoseconds`.
    mutating func open(_ node: Int32, until nanoseconds: Int64) {
        let index = Int(node)
        if index >= deadlineByNode.count {
            let grown = index + 1 - deadlineByNode.count
            deadlineByNode.append(contentsOf: repeatElement(Self.none, count: grown))
            queuedByNode.append(contentsOf: repeatElement(false, count: grown))
        }
        if deadlineByNode[index] == Self.none { count += 1 }
        deadlineByNode[index] = nanoseconds
        if !queuedByNode[index] {
            queuedByNode[index] = true
            push(nanoseconds, node)
        }
    }

    /// Ends `node`'s window without releasing it. With no window left, the
    /// entries still queued are dropped and the timer is disarmed, so no
    /// firing outlives the last window.
    mutating func close(_ node: Int32) {
        let index = Int(node)
        guard index < deadlineByNode.count, deadlineByNode[index] != Self.none else { return }
        deadlineByNode[index] = Self.none
        count -= 1
        guard count == 0 else { return }
        for entry in heap { queuedByNode[Int(entry.node)] = false }
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
            let index = Int(first.node)
            queuedByNode[index] = false
            let deadline = deadlineByNode[index]
            guard deadline != Self.none else { continue }
            if deadline > now {
                queuedByNode[index] = true
                push(deadline, first.node)
            } else {
                deadlineByNode[index] = Self.none
                count -= 1
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
