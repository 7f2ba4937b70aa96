import Measure

/// Regions whose cost is known in advance, run through exactly the path the
/// runtime suites use. They show the floor of each metric (what an empty
/// region reads) and prove the counters on this machine.
enum CalibrationRegions {
    static var all: [Region] {
        [
            Region(name: "empty", summary: "nothing: the floor of every metric", expectedAllocations: 0) {
                blackHole(opaqueIdentity(0))
            },
            allocateThousand(),
            Region(name: "xorshift", summary: "1,000,000 dependent xorshift steps", expectedAllocations: 0) {
                var state: UInt64 = opaqueIdentity(0x9E37_79B9_7F4A_7C15)
                for _ in 0..<1_000_000 {
                    state ^= state << 13
                    state ^= state >> 7
                    state ^= state << 17
                }
                blackHole(state)
            },
        ]
    }

    private final class Payload {
        let value: Int
        init(_ value: Int) { self.value = value }
    }

    /// Slots the region fills and empties again, so that only its 1,000
    /// objects allocate, never the array that holds them.
    private final class Slots {
        var payloads = ContiguousArray<Payload?>(repeating: nil, count: 1_000)
    }

    private static func allocateThousand() -> Region {
        let slots = Slots()
        return Region(
            name: "allocate-1000", summary: "1,000 class instances, kept then released",
            expectedAllocations: 1_000
        ) {
            for index in 0..<1_000 { slots.payloads[index] = Payload(index) }
            blackHole(slots.payloads)
            for index in 0..<1_000 { slots.payloads[index] = nil }
        }
    }
}
