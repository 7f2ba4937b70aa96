#if canImport(Glibc)
    import Glibc
#endif
import CMeasure
import Foundation
import Synchronization
import Measure
import Testing

private final class Payload {
    let value: Int
    init(_ value: Int) { self.value = value }
}

@Suite("Allocation counter")
struct AllocationCounterTests {
    @Test("a region that creates 1,000 class instances counts exactly 1,000 allocations")
    func thousandInstances() {
        var kept = [Payload?](repeating: nil, count: 1_000)
        func fill() { for index in 0..<1_000 { kept[index] = Payload(index) } }
        func release() { for index in 0..<1_000 { kept[index] = nil } }
        // The first run of a code path may instantiate runtime metadata.
        fill()
        release()

        let counts = AllocationCounter.count(.thread, fill)
        #expect(counts.allocations == 1_000)
        #expect(counts.calls.malloc == 1_000)
        #expect(counts.deallocations == 0)
        // A class with one Int asks for a 16-byte header plus 8 bytes.
        #expect(counts.bytesRequested == 24_000)
        #expect(counts.netBytes >= 24_000)

        let released = AllocationCounter.count(.thread, release)
        #expect(released.deallocations == 1_000)
        #expect(released.allocations == 0)
        #expect(released.netBytes == -counts.netBytes)
    }

    @Test("a region that allocates nothing counts 0")
    func nothingAllocated() {
        var numbers = [Int](repeating: 1, count: 100)
        let counts = AllocationCounter.count {
            for index in numbers.indices { numbers[index] &*= 3 }
            blackHole(numbers)
        }
        #expect(counts == .zero)
    }

    @Test("each allocator entry point is counted under its own name")
    func entryPoints() {
        func callEachEntryPoint() {
            let a = malloc(10)
            let b = calloc(4, 8)
            let c = realloc(a, 100)
            let d = memalign(64, 10)
            let e = aligned_alloc(64, 64)
            var f: UnsafeMutableRawPointer?
            _ = posix_memalign(&f, 64, 10)
            let g = valloc(10)
            // Opaque uses, so the optimizer cannot pair up and delete the calls.
            blackHole(b); blackHole(c); blackHole(d); blackHole(e); blackHole(f); blackHole(g)
            free(b); free(c); free(d); free(e); free(f); free(g)
        }
        callEachEntryPoint()
        let counts = AllocationCounter.count(.thread, callEachEntryPoint)
        for (name, calls) in counts.calls.byName where name != "free" {
            #expect(calls == 1, "\(name)")
        }
        #expect(counts.calls.free == 6)
        #expect(counts.allocations == 6)
        #expect(counts.reallocations == 1)
        #expect(counts.deallocations == 6)
        let requested: UInt64 = 10 + 32 + 100 + 10 + 64 + 10 + 10
        #expect(counts.bytesRequested == requested)
        #expect(counts.netBytes == 0)
    }

    @Test("Swift's aligned allocations go through posix_memalign and are counted")
    func swiftAlignedAllocation() {
        let counts = AllocationCounter.count {
            let pointer = UnsafeMutableRawPointer.allocate(byteCount: 128, alignment: 64)
            blackHole(pointer)
            pointer.deallocate()
        }
        #expect(counts.allocations == 1)
        #expect(counts.deallocations == 1)
    }

    @Test("peak bytes see a block freed before the region ends")
    func peakOfFreedBlock() {
        let counts = AllocationCounter.count {
            let block = UnsafeMutableRawPointer.allocate(byteCount: 1_000_000, alignment: 16)
            blackHole(block)
            block.deallocate()
        }
        #expect(counts.peakBytes >= 1_000_000)
        #expect(counts.peakBytes < 1_000_000 + 8_192)
        #expect(counts.netBytes == 0)
    }

    @Test("a nested region does not erase the outer region's peak")
    func nestedPeaks() {
        func allocateAndFreeBlock() {
            let block = UnsafeMutableRawPointer.allocate(byteCount: 500_000, alignment: 16)
            blackHole(block)
            block.deallocate()
        }
        func allocateOne() { blackHole(Payload(1)) }
        allocateAndFreeBlock()
        allocateOne()

        var inner = AllocationCounts.zero
        let outer = AllocationCounter.count {
            allocateAndFreeBlock()
            inner = AllocationCounter.count(.thread, allocateOne)
        }
        #expect(inner.allocations == 1)
        #expect(inner.peakBytes < 1_000)
        #expect(outer.peakBytes >= 500_000)
        #expect(outer.allocations == 2)
    }

    @Test("thread scope stays exact while another thread allocates")
    func threadScopeIgnoresOtherThreads() {
        let worker = AllocatingWorker()
        worker.start()
        var kept = [Payload?](repeating: nil, count: 1_000)
        func fill() { for index in 0..<1_000 { kept[index] = Payload(index) } }
        fill()
        worker.waitUntilAllocating()
        let counts = AllocationCounter.count(.thread, fill)
        worker.stop()
        #expect(counts.allocations == 1_000)
        blackHole(kept)
    }

    @Test("process scope counts every thread's allocations")
    func processScopeSeesOtherThreads() {
        let counts = AllocationCounter.count(.process) {
            let done = DispatchSemaphore(value: 0)
            let thread = Thread {
                var kept = [Payload]()
                kept.reserveCapacity(500)
                for index in 0..<500 { kept.append(Payload(index)) }
                blackHole(kept)
                done.signal()
            }
            thread.start()
            done.wait()
        }
        // At least the other thread's 500 objects and its array; tests that
        // run in parallel may add more, never less.
        #expect(counts.allocations >= 501)
    }

    @Test("the interposer owns malloc in the test process")
    func interposerActive() {
        #expect(AllocationCounter.isActive)
    }
}

/// A thread that allocates continuously until stopped, coordinated through
/// semaphores rather than time.
private final class AllocatingWorker: @unchecked Sendable {
    private let started = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private let stopping = Atomic(false)

    func start() {
        Thread { [self] in
            var signalled = false
            while !stopping.load(ordering: .relaxed) {
                blackHole(Payload(0))
                if !signalled {
                    signalled = true
                    started.signal()
                }
            }
            finished.signal()
        }.start()
    }

    func waitUntilAllocating() { started.wait() }

    func stop() {
        stopping.store(true, ordering: .relaxed)
        finished.wait()
    }
}
