import Workload

extension Runtime {
    /// The reducer port, written to be correct.
    public static let reducer = Runtime(
        port: ReducerPort.self,
        version: "1.0.0",
        source: "https://example.com/reducer",
        idiom: "one state value, changed only by a pure reducer; every view reads that value")

    /// The same port with one deliberate bug: the header counts cart lines,
    /// not items, so it is wrong once a line holds more than one.
    public static let faultyReducer = Runtime(
        port: FaultyReducerPort.self,
        version: "1.0.0-faulty",
        source: "https://example.com/reducer",
        idiom: "as reducer, with the header's cart count wrong")
}
