import Measure
import Testing

@Suite("Peak memory", .serialized)
struct PeakMemoryTests {
    @Test("heap peak sees a freed block; nothing is retained")
    func heapPeak() {
        let (_, peak) = PeakMemory.measure {
            let block = UnsafeMutableRawPointer.allocate(byteCount: 4 << 20, alignment: 16)
            block.initializeMemory(as: UInt8.self, repeating: 1, count: 4 << 20)
            block.deallocate()
        }
        #expect(peak.heapPeakBytes >= 4 << 20)
        #expect(peak.heapRetainedBytes == 0)
    }

    @Test("heap retained bytes report what the region kept")
    func retained() {
        var kept: UnsafeMutableRawPointer?
        let (_, peak) = PeakMemory.measure {
            kept = UnsafeMutableRawPointer.allocate(byteCount: 100_000, alignment: 16)
        }
        #expect(peak.heapRetainedBytes >= 100_000)
        kept?.deallocate()
    }

    @Test("the resident peak restarts per region, or says why it cannot")
    func residentPeakResets() {
        let (_, large) = PeakMemory.measure {
            let count = 64 << 20
            let block = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 4096)
            block.initializeMemory(as: UInt8.self, repeating: 7, count: count)
            blackHole(block)
            block.deallocate()
        }
        let (_, small) = PeakMemory.measure { blackHole(0) }
        switch (large.residentPeakBytes, small.residentPeakBytes) {
        case (.counted(let largePeak), .counted(let smallPeak)):
            #expect(largePeak >= 64 << 20)
            // Without the reset the second region would report the first one's peak.
            #expect(smallPeak < largePeak - (32 << 20))
        case (.unavailable(let reason), _), (_, .unavailable(let reason)):
            #expect(reason.contains("clear_refs"))
        }
    }

    @Test("resident growth counts the region's own pages, not what is already mapped")
    func residentGrowthExcludesWhatWasHeld() {
        let count = 64 << 20
        let held = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 4096)
        held.initializeMemory(as: UInt8.self, repeating: 3, count: count)
        defer { held.deallocate() }
        let (_, small) = PeakMemory.measure { blackHole(0) }
        let (_, large) = PeakMemory.measure {
            let block = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 4096)
            block.initializeMemory(as: UInt8.self, repeating: 7, count: count)
            blackHole(block)
            block.deallocate()
        }
        blackHole(held)
        switch (small.residentPeakBytes, small.residentGrowthBytes, large.residentGrowthBytes) {
        case (.counted(let smallPeak), .counted(let smallGrowth), .counted(let largeGrowth)):
            // The 64 MiB held from before counts in the peak but not in the growth.
            #expect(smallPeak >= Int64(count))
            #expect(smallGrowth < 32 << 20)
            #expect(largeGrowth >= Int64(count) / 4 * 3)
        case (.unavailable(let reason), _, _), (_, .unavailable(let reason), _), (_, _, .unavailable(let reason)):
            #expect(reason.contains("clear_refs"))
        default:
            Issue.record("growth and peak disagree on availability")
        }
    }
}
