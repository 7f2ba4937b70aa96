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
    // Exactly 1,000 strong retains and 1,000 releases through the runtime's
    // entry points: what callgrind's call counts are checked against.
    "retain-1000": {
        let object = Node(next: nil)
        let reference = Unmanaged.passUnretained(object)
        for _ in 0..<opaqueIdentity(1_000) { _ = reference.retain() }
        for _ in 0..<opaqueIdentity(1_000) { reference.release() }
        blackHole(object)
    },
    "dictionary": {
        var table: [String: Int] = [:]
        for value in 0..<opaqueIdentity(500) { table["key\(value)"] = value }
        blackHole(table.keys.sorted().first)
    },
]

// `warm:NAME` runs the region once in a dropped dump first
// (`InstructionRegion.discarded`), so its call counts are its own.
let requested = Array(CommandLine.arguments.dropFirst())
func regionName(_ argument: String) -> String {
    argument.hasPrefix("warm:") ? String(argument.dropFirst(5)) : argument
}
guard !requested.isEmpty, requested.allSatisfy({ regions[regionName($0)] != nil }) else {
    print("usage: measure-probe REGION... (regions: \(regions.keys.sorted().joined(separator: ", ")))")
    exit(1)
}
for argument in requested {
    let name = regionName(argument)
    if argument != name { InstructionRegion.discarded { regions[name]!() } }
    InstructionRegion.measure(name) { regions[name]!() }
}
