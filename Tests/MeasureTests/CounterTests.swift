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
