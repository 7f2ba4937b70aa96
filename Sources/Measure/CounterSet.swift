/// A set of counters a region starts and stops: PAPI's hardware counters
/// and perf's software counters both read this way.
public protocol CounterSet: AnyObject {
    /// Resets and starts counting.
    func start()
    /// Stops counting; one reading per counter, in a fixed order.
    func stop() -> [NamedReading]
}

extension CounterSet {
    /// Runs `body` with the counters running.
    public func measure<Result>(_ body: () throws -> Result) rethrows -> (result: Result, readings: [NamedReading]) {
        start()
        let result: Result
        do {
            result = try body()
        } catch {
            _ = stop()
            throw error
        }
        return (result, stop())
    }
}
