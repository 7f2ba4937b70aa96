// swift-tools-version: 6.1
import PackageDescription

// valgrind 3.19 cannot read the DWARF 5 that the toolchain emits by default;
// DWARF 4 keeps callgrind's symbol names readable for the C targets.
let dwarf4: [CSetting] = [.unsafeFlags(["-gdwarf-4"])]

let package = Package(
    name: "Storefront",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Measure", targets: ["Measure"]),
        .library(name: "StateGraph", targets: ["StateGraph"]),
        .executable(name: "storefront", targets: ["storefront"]),
    ],
    targets: [
        // Measurement: counting mallocs, time, hardware and software
        // counters, instructions and memory on Linux.
        .target(name: "CMeasure", cSettings: dwarf4),
        .target(name: "Measure", dependencies: ["CMeasure"]),

        // The stategraph runtime: a from-scratch clone of swift-state-graph
        // 0.27.0. Cross-module optimization is off so that its generic node
        // code is never serialized into, and specialized for, its callers:
        // the original is used as a separate package and must cost the same.
        .target(
            name: "StateGraph",
            path: "Runtimes/StateGraph",
            exclude: ["README.md"],
            swiftSettings: [.unsafeFlags(["-Xfrontend", "-disable-cmo"])]
        ),

        // The Storefront workload, the ports and the agreement gate.
        .target(name: "Workload", path: "Workload", exclude: ["README.md"]),
        .target(name: "ObservablePort", dependencies: ["Workload"], path: "Runtimes/Observable"),
        .target(
            name: "StateGraphPort",
            dependencies: ["Workload", "StateGraph"],
            path: "Runtimes/StateGraphPort",
            exclude: ["README.md"]
        ),
        .target(name: "Verification", dependencies: ["Workload"], path: "Verification", exclude: ["README.md"]),

        // The benchmark tool.
        .executableTarget(name: "storefront", dependencies: ["Measure", "StateGraph"]),

        // Tests and the small program they run under callgrind.
        .executableTarget(name: "measure-probe", dependencies: ["Measure"], path: "Tests/MeasureProbe"),
        .testTarget(name: "MeasureTests", dependencies: ["CMeasure", "Measure", "measure-probe"]),
        .testTarget(name: "StorefrontTests", dependencies: ["storefront"]),
        .testTarget(name: "StateGraphTests", dependencies: ["StateGraph"]),
        .testTarget(name: "WorkloadTests", dependencies: ["Workload", "Verification", "ObservablePort", "StateGraphPort"]),
    ],
    swiftLanguageModes: [.v6]
)
