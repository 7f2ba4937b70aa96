import Glibc
import Measure
import Testing

@Suite("Hardware and software counters")
struct CounterTests {
    /// Work large enough that any real counter reads far above zero.
    private func work() -> Int {
        var total = 0
        for value in 0..<opaqueIdentity(200_000) { total &+= value &* value }
        return total
    }

    @Test("every PAPI event is counted or unavailable with a reason, never a silent 0")
    func papiReadingsAreHonest() {
        let counters = HardwareCounters()
        let (result, readings) = counters.measure { work() }
        blackHole(result)
        #expect(readings.map(\.name) == HardwareCounters.standardEvents)
        for reading in readings {
            switch reading.reading {
            case .counted(let value):
                #expect(value > 0, "\(reading.name) counted 0 for 200,000 iterations")
            case .unavailable(let reason):
                #expect(!reason.isEmpty, "\(reading.name) unavailable without a reason")
            }
        }
        #expect(counters.canCount == readings.contains { $0.reading.value != nil })
    }

    @Test("PAPI's library status states why it cannot count, or how many counters it has")
    func papiStatus() {
        switch HardwareCounters.libraryStatus {
        case .counted(let counters):
            #expect(counters >= -1)
        case .unavailable(let reason):
            #expect(reason.contains("libpapi") || reason.contains("PAPI_library_init"))
        }
    }

    @Test("a requested event PAPI does not know is unavailable with PAPI's error")
    func unknownEvent() {
        let counters = HardwareCounters(events: ["PAPI_NO_SUCH_EVENT_X"])
        let (_, readings) = counters.measure { blackHole(work()) }
        guard case .unavailable(let reason) = readings[0].reading else {
            Issue.record("an unknown event was counted")
            return
        }
        #expect(!reason.isEmpty)
        #expect(!counters.canCount)
    }

    /// Writes one byte to each page of a fresh anonymous mapping, so each
    /// page takes at least one fault; huge pages are refused so that one
    /// fault cannot cover many pages.
    private func touchFreshPages(_ count: Int) {
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        let size = count * pageSize
        guard let mapping = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            mapping != MAP_FAILED
        else {
            Issue.record("mmap of \(size) bytes failed")
            return
        }
        _ = madvise(mapping, size, MADV_NOHUGEPAGE)
        for page in 0..<count { mapping.storeBytes(of: UInt8(1), toByteOffset: page * pageSize, as: UInt8.self) }
        munmap(mapping, size)
    }

    /// The counted path (start, stop, values in request order) needs no PMU:
    /// PAPI's perf_event component also counts the kernel's software events.
    /// A refused event between two accepted ones must not shift their values.
    @Test("PAPI counts the events it accepts, in request order, around a refused one")
    func papiCountsSoftwareEvents() {
        let pages = 256
        let counters = HardwareCounters(events: ["perf::PAGE-FAULTS", "PAPI_NO_SUCH_EVENT_X", "perf::TASK-CLOCK"])
        let (_, readings) = counters.measure { touchFreshPages(pages) }
        #expect(readings.map(\.name) == ["perf::PAGE-FAULTS", "PAPI_NO_SUCH_EVENT_X", "perf::TASK-CLOCK"])
        #expect(readings[1].reading.value == nil, "an unknown event was counted")
        guard counters.canCount else {
            // No libpapi, or a perf_event component PAPI disabled (a machine
            // whose kernel has no perf events at all): every event says why.
            for reading in readings {
                if case .unavailable(let reason) = reading.reading {
                    #expect(reason.contains("PAPI") || reason.contains("libpapi"), "\(reading.name): \(reason)")
                }
            }
            return
        }
        let faults = readings[0].reading.value ?? 0
        #expect(faults >= Int64(pages), "\(pages) fresh pages touched, \(faults) page faults counted")
        #expect(faults < Int64(pages) * 4, "\(faults) page faults for \(pages) pages")
        #expect((readings[2].reading.value ?? 0) > 0, "task clock counted nothing")
    }

    @Test("perf software counters count task clock; hardware ones count or say why")
    func perfCounters() {
        let counters = SoftwareCounters()
        let (result, readings) = counters.measure { work() }
        blackHole(result)
        #expect(readings.map(\.name) == SoftwareCounters.Event.allCases.map(\.rawValue))
        for reading in readings {
            switch reading.reading {
            case .counted(let value):
                if reading.name == "task-clock-ns" || reading.name == "instructions" || reading.name == "cycles" {
                    #expect(value > 0, "\(reading.name)")
                }
            case .unavailable(let reason):
                #expect(reason.contains("perf_event_open"), "\(reading.name): \(reason)")
            }
        }
    }
}
