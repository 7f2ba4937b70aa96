/// The open grace windows' deadlines, by node: a hash table sized by the
/// number of windows, not by the graph.
///
/// Open addressing with linear probing over a power-of-two table, and a
/// multiplicative (Fibonacci) hash of the node number: a node is a small
/// dense integer, so one multiply spreads neighbours apart, and a lookup
/// costs a few instructions where `Dictionary`'s seeded SipHash cost the
/// `unstable` graph shape 4% more instructions per iteration (it moves a
/// window on every toggle). Removal shifts the entries after the hole back,
/// so there are no tombstones and a probe stops at the first empty slot.
///
/// Invariant: at most three quarters of the slots are full, so every probe
/// meets an empty slot.
package struct DeadlineTable {
    private static let empty: Int32 = -1
    private var nodes: ContiguousArray<Int32> = []
    private var deadlines: ContiguousArray<Int64> = []
    /// `nodes.count - 1`; the table is empty of slots until the first insert.
    private var mask = -1
    /// log2 of the slot count: the hash keeps that many high bits.
    private var bits = 0
    package private(set) var count = 0

    package init() {}

    package var isEmpty: Bool { count == 0 }

    package subscript(node: Int32) -> Int64? {
        guard count > 0 else { return nil }
        let slot = find(node)
        return nodes[slot] == node ? deadlines[slot] : nil
    }

    /// Sets `node`'s deadline; returns the one it replaced, or nil for a
    /// node that had none.
    @discardableResult
    package mutating func updateValue(_ deadline: Int64, forKey node: Int32) -> Int64? {
        if (count + 1) * 4 > nodes.count * 3 { grow() }
        let slot = find(node)
        let (found, replaced) = deadlines.withUnsafeMutableBufferPointer { slots in
            let replaced = slots[slot]
            slots[slot] = deadline
            return (nodes[slot] == node, replaced)
        }
        if found { return replaced }
        nodes[slot] = node
        count += 1
        return nil
    }

    /// Removes `node`'s deadline; returns it, or nil for a node that had none.
    @discardableResult
    package mutating func removeValue(forKey node: Int32) -> Int64? {
        guard count > 0 else { return nil }
        var hole = find(node)
        guard nodes[hole] == node else { return nil }
        let removed = deadlines[hole]
        count -= 1
        // Shift back each later entry of the run whose home slot is not
        // between the hole and where it sits now.
        var next = (hole + 1) & mask
        while nodes[next] != Self.empty {
            let home = self.home(of: nodes[next])
            if (next - home) & mask >= (next - hole) & mask {
                nodes[hole] = nodes[next]
                deadlines[hole] = deadlines[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        nodes[hole] = Self.empty
        return removed
    }

    /// The slot holding `node`, or the empty slot where it would go.
    @inline(__always)
    private func find(_ node: Int32) -> Int {
        nodes.withUnsafeBufferPointer { slots in
            var slot = home(of: node)
            while slots[slot] != node, slots[slot] != Self.empty {
                slot = (slot + 1) & mask
            }
            return slot
        }
    }

    @inline(__always)
    private func home(of node: Int32) -> Int {
        Int((UInt64(UInt32(bitPattern: node)) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits))
    }

    private mutating func grow() {
        let oldNodes = nodes
        let oldDeadlines = deadlines
        bits = Swift.max(4, bits + 1)
        nodes = ContiguousArray(repeating: Self.empty, count: 1 << bits)
        deadlines = ContiguousArray(repeating: 0, count: 1 << bits)
        mask = (1 << bits) - 1
        for index in oldNodes.indices where oldNodes[index] != Self.empty {
            let slot = find(oldNodes[index])
            nodes[slot] = oldNodes[index]
            deadlines[slot] = oldDeadlines[index]
        }
    }
}
