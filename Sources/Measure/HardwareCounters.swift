import CMeasure

/// Hardware counters through PAPI, loaded at run time.
///
/// Each requested event is added to the event set on its own; an event PAPI
/// refuses is kept as unavailable with PAPI's error text and the reason its
/// component is disabled. An empty event set is never started. PAPI counts
/// the thread that created the session, so create and use it on one thread.
public final class HardwareCounters: CounterSet {
    public static let standardEvents = ["PAPI_TOT_INS", "PAPI_TOT_CYC", "PAPI_BR_MSP", "PAPI_L1_DCM"]

    /// Whether PAPI itself could be loaded and initialized, and if not, why.
    public static var libraryStatus: CounterReading {
        var reason = [CChar](repeating: 0, count: 512)
        if cmeasure_papi_load(&reason, reason.count) != 0 {
            return .counted(Int64(cmeasure_papi_hardware_counter_count()))
        }
        return .unavailable(reason: String(nulTerminated: reason))
    }

    /// Each PAPI component's name and, when disabled, its reason.
    public static var components: [(name: String, disabledReason: String?)] {
        guard case .counted = libraryStatus else { return [] }
        var result: [(String, String?)] = []
        for index in 0..<cmeasure_papi_component_count() {
            var name = [CChar](repeating: 0, count: 256)
            var reason = [CChar](repeating: 0, count: 1024)
            guard cmeasure_papi_component_info(index, &name, name.count, &reason, reason.count) != 0 else { continue }
            let text = String(nulTerminated: reason)
            result.append((String(nulTerminated: name), text.isEmpty ? nil : text))
        }
        return result
    }

    public let events: [String]
    private var eventSet: Int32 = -1
    /// Indices into `events` of those PAPI accepted, in event-set order.
    private var counting: [Int] = []
    private var refused: [Int: String] = [:]

    public init(events: [String] = HardwareCounters.standardEvents) {
        self.events = events
        if case .unavailable(let reason) = Self.libraryStatus {
            for index in events.indices { refused[index] = reason }
            return
        }
        let code = cmeasure_papi_create_eventset(&eventSet)
        guard code == 0 else {
            let reason = Self.describe(code, call: "PAPI_create_eventset")
            for index in events.indices { refused[index] = reason }
            return
        }
        // Component 0 is the CPU component every preset event maps to; the
        // others (uncore, GPUs, SDE) say nothing about these events.
        let cpuComponent = Self.components.first.map { component in
            component.disabledReason.map { "CPU component \(component.name) disabled: \($0)" }
                ?? "CPU component \(component.name) enabled"
        }
        for (index, event) in events.enumerated() {
            let code = cmeasure_papi_add_named_event(eventSet, event)
            if code == 0 {
                counting.append(index)
            } else {
                refused[index] =
                    ([Self.describe(code, call: "PAPI_add_named_event")] + [cpuComponent].compactMap { $0 })
                    .joined(separator: "; ")
            }
        }
    }

    deinit {
        if eventSet != -1 { _ = cmeasure_papi_destroy_eventset(eventSet) }
    }

    /// True when at least one event can be counted.
    public var canCount: Bool { !counting.isEmpty }

    /// Why the running region counts nothing, set by a failed start.
    private var startFailure: String?

    /// Starts the accepted events (never an empty event set).
    public func start() {
        startFailure = nil
        guard canCount else { return }
        let code = cmeasure_papi_start(eventSet)
        if code != 0 { startFailure = Self.describe(code, call: "PAPI_start") }
    }

    /// Stops counting; returns one reading per requested event, in request order.
    public func stop() -> [NamedReading] {
        guard canCount else { return readings(values: []) }
        if let startFailure { return events.map { NamedReading($0, .unavailable(reason: startFailure)) } }
        var values = [Int64](repeating: 0, count: counting.count)
        let code = values.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CLongLong.self) { cmeasure_papi_stop(eventSet, $0.baseAddress) }
        }
        guard code == 0 else {
            let reason = Self.describe(code, call: "PAPI_stop")
            return events.map { NamedReading($0, .unavailable(reason: reason)) }
        }
        return readings(values: values)
    }

    private func readings(values: [Int64]) -> [NamedReading] {
        events.enumerated().map { index, event in
            if let slot = counting.firstIndex(of: index), slot < values.count {
                return NamedReading(event, .counted(values[slot]))
            }
            return NamedReading(event, .unavailable(reason: refused[index] ?? "not counted"))
        }
    }

    private static func describe(_ code: Int32, call: String) -> String {
        "\(call) returned \(code) (\(String(cString: cmeasure_papi_strerror(code))))"
    }
}
