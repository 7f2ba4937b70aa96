// A small program the measurement tests run under callgrind: each argument
// names a deterministic region, which runs inside an InstructionRegion.
import Foundation
import Measure

@inline(never)
func sumOfSquares(upTo limit: Int) -> Int {
    var total = 0
    for value in 0..<limit { total &+= value &* value }
    return total
}

final class Node {
    var next: Node?
    init(next: Node?) { self.next = next }
}

let regions: [String: () -> Void] = [
    "sum-squares": { blackHole(sumOfSquares(upTo: opaqueIdentity(10_000))) },
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
