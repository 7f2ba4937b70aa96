import Workload

extension Runtime {
    /// Plain `@Observable`, the toolchain's Observation module.
    public static let observable = Runtime(
        port: ObservablePort.self,
        version: "the toolchain's Observation module",
        source: "https://github.com/swiftlang/swift/tree/main/stdlib/public/Observation",
        idiom: "@Observable models, every derived value a computed property recomputed on each read",
        faults: [.droppedInvalidation, .staleResponse, .wrongRounding, .sessionLeak])
}
