// A small program the measurement tests run under callgrind: each argument
// names a deterministic region, which runs inside an InstructionRegion.
import Foundation
import Measure

/// A xorshift walk: each step depends on the last, so no closed form exists
/// for the optimizer to fold the loop into.
@inline(never)
func xorshift(steps: Int) -> UInt64 {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    for _ in 0..<steps {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
    }
    return state
}

final class Node {
    var next: Node?
    init(next: Node?) { self.next = next }
}

let regions: [String: () -> Void] = [
    "xorshift": { blackHole(xorshift(steps: opaqueIdentity(10_000))) },
    "allocate-nodes": {
        var head: Node?
        for _ in 0..<opaqueIdentity(1_000) { head = Node(next: head) }
        blackHole(head)
    },
    "dictionary": {
        var table: [String: Int] = [:]
        for value in 0..<opaqueIdentity(500) { table["key\(value)"] = value }
        blackHole(table.keys.sorted().first)
    },
]

let requested = Array(CommandLine.arguments.dropFirst())
guard !requested.isEmpty, requested.allSatisfy({ regions[$0] != nil }) else {
    print("usage: measure-probe REGION... (regions: \(regions.keys.sorted().joined(separator: ", ")))")
    exit(1)
}
for name in requested {
    InstructionRegion.measure(name) { regions[name]!() }
}
