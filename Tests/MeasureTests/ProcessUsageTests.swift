import Foundation
import Glibc
import Measure
import Testing

/// The whole process's kernel accounting: exact for the system calls a
/// region makes, whichever thread makes them. Each test measures in a
/// process of its own (an exit test), because every thread of the test
/// runner, reporting other tests, is counted too; the child prints what it
/// read and the test compares the text.
@Suite("Process usage: CPU time, context switches, system calls, threads")
struct ProcessUsageTests {
    @Test("an empty region reads no read or write system call: the measurement's own reads are not charged")
    func emptyRegion() async throws {
        let result = try #require(
            await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
                let readings = ProcessUsage().measure {}.readings
                let counted = readings.map { "\($0.name)=\($0.reading.value.map { _ in "n" } ?? "unavailable")" }
                let calls = readings.filter { $0.name.hasSuffix("-syscalls") }.map { "\($0.name)=\($0.reading)" }
                FileHandle.standardError.write(Data((counted + calls).joined(separator: " ").utf8))
            })
        #expect(
            String(decoding: result.standardErrorContent, as: UTF8.self)
                == ProcessUsage.names.map { "\($0)=n" }.joined(separator: " ")
                + " process-read-syscalls=0 process-write-syscalls=0")
    }

    /// The writes are exact. The reads are at least the three made: once,
    /// under the loaded parallel test run, the child read 4, a read made
    /// by the test process's own machinery inside the region.
    @Test(
        "another thread's writes, reads and CPU time in a region are the process's, the writes counted exactly, and its thread is alive at the end"
    )
    func otherThreadsCalls() async throws {
        let result = try #require(
            await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
                let sink = open("/dev/null", O_WRONLY | O_CLOEXEC)
                let source = open("/dev/zero", O_RDONLY | O_CLOEXEC)
                let done = DispatchSemaphore(value: 0)
                let release = DispatchSemaphore(value: 0)
                // A first thread, unmeasured, so that one-time work (the
                // loader, the thread machinery) is done before the region.
                // It stays alive, as the measured one does, so the thread
                // count cannot move with when it exits.
                Thread.detachNewThread {
                    done.signal()
                    release.wait()
                }
                done.wait()
                let before = ProcessUsage().measure {}.readings
                let readings = ProcessUsage().measure {
                    Thread.detachNewThread {
                        var byte: UInt8 = 0
                        for _ in 0..<5 { _ = write(sink, &byte, 1) }
                        for _ in 0..<3 { _ = read(source, &byte, 1) }
                        // 20 ms of this thread's own CPU time, which only
                        // the process's accounting sees.
                        var spent = timespec()
                        repeat {
                            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spent)
                        } while spent.tv_nsec < 20_000_000
                            && spent.tv_sec == 0
                        done.signal()
                        release.wait()
                    }
                    done.wait()
                }.readings
                release.signal()
                release.signal()
                func value(_ readings: [NamedReading], _ name: String) -> Int64 {
                    readings.first { $0.name == name }?.reading.value ?? -1
                }
                let threadsAdded =
                    value(readings, "process-threads-at-end") - value(before, "process-threads-at-end")
                let text =
                    "writes=\(value(readings, "process-write-syscalls")) "
                    + "reads>=3 \(value(readings, "process-read-syscalls") >= 3) threads+\(threadsAdded) "
                    + "cpu=\(value(readings, "process-cpu-us") >= 20_000) "
                    + "split=\(value(readings, "process-cpu-us") == value(readings, "process-cpu-user-us") + value(readings, "process-cpu-system-us"))"
                FileHandle.standardError.write(Data(text.utf8))
            })
        #expect(
            String(decoding: result.standardErrorContent, as: UTF8.self)
                == "writes=5 reads>=3 true threads+1 cpu=true split=true")
    }
}
