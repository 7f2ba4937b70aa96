// swift-tools-version: 6.2
import Foundation
import PackageDescription

// valgrind 3.19 cannot read the DWARF 5 that the toolchain emits by default;
// DWARF 4 keeps callgrind's symbol names readable for the C targets.
let dwarf4: [CSetting] = [.unsafeFlags(["-gdwarf-4"])]

// The CompactArena trait reaches the code as a compilation condition.
let cogSettings: [SwiftSetting] = [
    .define("CompactArena", .when(traits: ["CompactArena"]))
]

// The build-settings matrix (LEG-01, LEG-02; docs/cog.md "Build-settings
// legs"). Each trait turns on one of the two settings an app target may
// have, for Cog, CogTesting and CogTests alike: the tests play the app's
// code, and Cog's own sources must state their isolation rather than lean
// on a package default (core design §7), which they only prove by being
// compiled under both defaults. The trait names also reach the code as
// compilation conditions, so the leg-assertion test knows the intended leg.
let legSettings: [SwiftSetting] = [
    .defaultIsolation(MainActor.self, .when(traits: ["DefaultMainActor"])),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault", .when(traits: ["NonisolatedNonsending"])),
    .define("DefaultMainActor", .when(traits: ["DefaultMainActor"])),
    .define("NonisolatedNonsending", .when(traits: ["NonisolatedNonsending"])),
]

let package = Package(
    name: "Storefront",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Measure", targets: ["Measure"]),
        .library(name: "Cog", targets: ["Cog"]),
        .library(name: "CogTesting", targets: ["CogTesting"]),
        .library(name: "StateGraph", targets: ["StateGraph"]),
        .library(name: "GraphSuite", targets: ["GraphSuite"]),
        .library(name: "GraphShapes", targets: ["GraphShapes"]),
        .library(name: "Workload", targets: ["Workload"]),
        .library(name: "Verification", targets: ["Verification"]),
        .library(name: "StorefrontHarness", targets: ["StorefrontHarness"]),
        .library(name: "StorefrontCommand", targets: ["StorefrontCommand"]),
        .library(name: "BuiltInRuntimes", targets: ["BuiltInRuntimes"]),
        .executable(name: "storefront", targets: ["storefront"]),
    ],
    traits: [
        .trait(
            name: "CompactArena",
            description:
                "Stores state values in type-erased Any? columns instead of one typed column per value type; same behaviour."
        ),
        .trait(
            name: "DefaultMainActor",
            description:
                "Test leg: Cog, CogTesting and CogTests compile with default MainActor isolation; same behaviour."
        ),
        .trait(
            name: "NonisolatedNonsending",
            description:
                "Test leg: Cog, CogTesting and CogTests compile with NonisolatedNonsendingByDefault; same behaviour."
        ),
        .default(enabledTraits: []),
    ],
    targets: [
        // Measurement: counting mallocs, time, hardware and software
        // counters, instructions and memory on Linux.
        .target(name: "CMeasure", cSettings: dwarf4),
        .target(name: "Measure", dependencies: ["CMeasure"]),

        // The stategraph runtime: a from-scratch clone of swift-state-graph
        // 0.27.0, built with the settings an app depending on the original
        // package gets: none.
        .target(name: "StateGraph", path: "Runtimes/StateGraph", exclude: ["README.md"]),

        // The Storefront workload, the ports and the agreement gate.
        .target(name: "Workload", dependencies: ["GraphSuite"], path: "Workload", exclude: ["README.md"]),
        .target(
            name: "ObservablePort", dependencies: ["Workload"], path: "Runtimes/Observable", exclude: ["README.md"]),
        .target(name: "MemoizedPort", dependencies: ["Workload"], path: "Runtimes/Memoized", exclude: ["README.md"]),
        .target(
            name: "CogPort", dependencies: ["Cog", "CogTesting", "Workload", "GraphSuite", "GraphShapes"],
            path: "Runtimes/Cog",
            exclude: ["README.md"]),
        .target(
            name: "StateGraphPort",
            dependencies: ["Workload", "StateGraph", "Measure", "GraphSuite", "GraphShapes"],
            path: "Runtimes/StateGraphPort",
            exclude: ["README.md"]
        ),
        .target(
            name: "Verification", dependencies: ["Workload"], path: "Verification", exclude: ["README.md"],
            resources: [.process("PinnedScreens")]),

        // The classic reactive-graph shapes, written once against an adapter
        // protocol, with the adapters for the runtimes that run them and
        // their entries in the graph suite (GraphSuite: what a runtime's
        // registration carries). Cog itself stays free of benchmark code.
        .target(name: "GraphSuite", exclude: ["README.md"]),
        // Release builds skip dynamic exclusivity checks here too: every
        // shape bumps a `RunCounter` (a class property) once per body run,
        // and the check cost ~38 instructions per bump (14% of
        // deepPropagation) that the reference's JavaScript counters do not
        // pay. Both runtimes run the same shape code, so both gain.
        // Cross-module optimization makes the shapes' generic bodies
        // available to importers, so an adapter family registered from
        // another package is specialized as Cog's and the clone's are here:
        // without it, diamond on a Cog family declared outside ran 6.6× the
        // instructions of the same family declared here (16.0 M against
        // 2.43 M per iter()); with it, the same count.
        .target(
            name: "GraphShapes",
            dependencies: ["Cog", "CogTesting", "StateGraph", "Measure", "GraphSuite"],
            exclude: ["README.md"],
            swiftSettings: cogSettings + [
                .unsafeFlags(
                    ["-enforce-exclusivity=unchecked", "-cross-module-optimization"], .when(configuration: .release))
            ]
        ),

        // The benchmark: the harness (suites, results, rendering, records),
        // the command line over it, and the `storefront` executable, which
        // hands the command the built-in lineup.
        .target(
            name: "StorefrontHarness",
            dependencies: ["Measure", "Workload", "Verification", "GraphSuite", "BuildProvenance"],
            exclude: ["README.md"]
        ),
        // The commit and clean state of the sources the binary was built
        // from, generated before each build: records and baselines name
        // that, never the folder the tool happens to run in.
        .target(name: "BuildProvenance", plugins: ["BuildProvenancePlugin"]),
        .plugin(name: "BuildProvenancePlugin", capability: .buildTool(), path: "Plugins/BuildProvenancePlugin"),
        // The runtimes `storefront` measures: each port registers itself in
        // its folder; this target lists them.
        .target(
            name: "BuiltInRuntimes",
            dependencies: ["Workload", "ObservablePort", "MemoizedPort", "CogPort", "StateGraphPort"],
            exclude: ["README.md"]),
        .target(
            name: "StorefrontCommand",
            dependencies: ["StorefrontHarness", "Measure", "Workload", "Verification", "BuildProvenance"],
            exclude: ["README.md"]),
        .executableTarget(name: "storefront", dependencies: ["StorefrontCommand", "BuiltInRuntimes"]),

        // Tests and the small program they run under callgrind.
        .executableTarget(name: "measure-probe", dependencies: ["Measure"], path: "Tests/MeasureProbe"),
        // Runs one graph shape on Cog inside an instruction region, for profiling the core.
        .executableTarget(
            name: "graph-probe", dependencies: ["Measure", "GraphSuite", "GraphShapes"], path: "Tests/GraphProbe"),
        .testTarget(name: "MeasureTests", dependencies: ["CMeasure", "Measure", "measure-probe"]),
        // StorefrontTests runs the built executable too, so it depends on it,
        // but imports only the libraries.
        .testTarget(
            name: "StorefrontTests",
            dependencies: [
                "storefront", "StorefrontCommand", "StorefrontHarness", "BuiltInRuntimes", "Measure", "Workload",
                "GraphSuite", "GraphShapes", "BuildProvenance",
            ],
            // The outside package is copied out and built by a test, never built into it.
            exclude: ["Fixtures"]),
        .testTarget(name: "StateGraphTests", dependencies: ["StateGraph"]),
        .testTarget(
            name: "GraphShapesTests", dependencies: ["GraphShapes", "Cog", "CogTesting", "StateGraph", "Measure"]),
        .testTarget(
            name: "WorkloadTests",
            dependencies: [
                "Workload", "Verification", "ObservablePort", "MemoizedPort", "CogPort", "StateGraphPort",
                "BuiltInRuntimes",
            ]),

        // Cog: the MainActor state graph, its testing product, and its tests.
        .target(name: "Cog", exclude: ["README.md"], swiftSettings: cogSettings + legSettings),
        .target(name: "CogTesting", dependencies: ["Cog"], swiftSettings: cogSettings + legSettings),
        .testTarget(
            name: "CogTests",
            // graph-probe runs the PERF scenario probes under callgrind for the PERF tests.
            dependencies: ["Cog", "CogTesting", "Measure", "GraphSuite", "GraphShapes", "graph-probe"],
            // Compile-fail fixtures are type-checked by a test, never built into it.
            exclude: ["Fixtures"],
            swiftSettings: cogSettings + legSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)

// Release builds start every function of the benchmark's own code (the
// workload, the ports, the shapes, the tool) on a 64-byte boundary, for
// every port alike. Where a hot function began within its cache line split
// molBench's time between 10.6 and 12.7 ms across builds that differed only
// in unrelated code; aligned, three such builds all ran 10.6 ms. It does not
// make times repeatable (byte-identical copies of one binary ran diamond
// anywhere from 65 to 78 ms), so builds are compared over several copies or
// by instruction counts (docs/perf.md).
//
// The runtimes themselves are built as an app gets them. SwiftPM refuses
// unsafe flags from a package dependency, so the libraries an app would add
// as one (`Cog`, `CogTesting`, the `StateGraph` clone) carry none, just as
// Observation is the toolchain's own build.
// swift-frontend keeps an object whose LLVM IR did not change even when
// these flags did, so build from a clean .build after changing them.
let runtimeLibraries: Set<String> = ["Cog", "CogTesting", "StateGraph"]
for target in package.targets where ![.test, .plugin].contains(target.type) && !runtimeLibraries.contains(target.name) {
    if target.name == "CMeasure" {
        target.cSettings =
            (target.cSettings ?? []) + [.unsafeFlags(["-falign-functions=64"], .when(configuration: .release))]
    } else {
        target.swiftSettings =
            (target.swiftSettings ?? [])
            + [.unsafeFlags(["-Xllvm", "-align-all-functions=6"], .when(configuration: .release))]
    }
}

// coglint: Cog's usage rules as a syntax-only linter (Sources/CoglintCore,
// Sources/coglint, Plugins/; docs/coglint.md). It parses with the
// SwiftSyntax and SwiftParser that the toolchain itself ships as host
// libraries, so it needs no package dependency, only their folder on the
// search and runtime paths. The Cog and CogTesting products never depend on
// these targets, so an app using Cog gets neither SwiftSyntax nor these
// flags (a test reads `swift package dump-package` to prove it).
let swiftSyntaxHost = toolchainHostLibraries()
let hostImports: [SwiftSetting] = [.unsafeFlags(["-I", swiftSyntaxHost])]
let hostLinking: [LinkerSetting] = [
    .unsafeFlags(["-L", swiftSyntaxHost, "-Xlinker", "-rpath", "-Xlinker", swiftSyntaxHost]),
    .linkedLibrary("SwiftSyntax"),
    .linkedLibrary("SwiftParser"),
]
package.products += [
    .executable(name: "coglint", targets: ["coglint"]),
    .plugin(name: "CoglintBuildToolPlugin", targets: ["CoglintBuildToolPlugin"]),
    .plugin(name: "CoglintCommandPlugin", targets: ["CoglintCommandPlugin"]),
]
package.targets += [
    .target(
        name: "CoglintCore",
        exclude: ["README.md"],
        swiftSettings: hostImports,
        linkerSettings: hostLinking
    ),
    .executableTarget(
        name: "coglint", dependencies: ["CoglintCore"], exclude: ["README.md"], swiftSettings: hostImports),
    // The storefront tool counts each port's hand-written statements with
    // the same host libraries; no runtime or port links it.
    // Built with library evolution so that its SwiftSyntax imports can be
    // implementation-only: a module that imports it (the harness, and
    // through it any package's benchmark executable) then never needs the
    // toolchain's host-library folder on its search path.
    .target(
        name: "HandWrittenCode",
        exclude: ["README.md"],
        swiftSettings: hostImports + [.unsafeFlags(["-enable-library-evolution"])],
        linkerSettings: hostLinking
    ),
    .plugin(
        name: "CoglintBuildToolPlugin",
        capability: .buildTool(),
        dependencies: ["coglint"],
        path: "Plugins/CoglintBuildToolPlugin"
    ),
    .plugin(
        name: "CoglintCommandPlugin",
        capability: .command(
            intent: .custom(verb: "coglint", description: "Lint the package's targets against Cog's usage rules")
        ),
        dependencies: ["coglint"],
        path: "Plugins/CoglintCommandPlugin"
    ),
    .testTarget(
        name: "CoglintTests",
        dependencies: ["CoglintCore", "coglint"],
        // The rule fixtures are the specification the tests read, not code.
        exclude: ["Fixtures"],
        // cogSettings: the plugin tests skip the CompactArena leg.
        swiftSettings: hostImports + cogSettings
    ),
]

for target in package.targets where ["StorefrontHarness", "StorefrontTests"].contains(target.name) {
    target.dependencies.append("HandWrittenCode")
}
// HandWrittenCode's module still names SwiftSyntax's, so the modules that
// import it, directly or through the harness, need the folder.
for target in package.targets
where ["StorefrontHarness", "StorefrontCommand", "storefront", "StorefrontTests"].contains(target.name) {
    target.swiftSettings = (target.swiftSettings ?? []) + hostImports
}

// The build-settings legs (.ci/run, LEG-01) run Cog's host suite alone.
// SwiftPM passes every enabled trait to every target of the package as a
// compilation condition, so a leg's trait rebuilds the whole package, the
// linter and the benchmark included. `COG_HOST_SUITE_ONLY` set in the
// environment leaves just the targets that suite builds, which halves a
// leg's build. Unset, the package is whole; SwiftPM keys its manifest cache
// on the environment, so switching back re-evaluates this file.
if ProcessInfo.processInfo.environment["COG_HOST_SUITE_ONLY"] != nil {
    let hostSuite: Set<String> = [
        "CMeasure", "Measure", "StateGraph", "Cog", "CogTesting", "GraphSuite", "GraphShapes", "graph-probe",
        "CogTests",
    ]
    package.targets.removeAll { !hostSuite.contains($0.name) }
    package.products.removeAll { !hostSuite.contains($0.name) }
}

/// The toolchain's host-library folder (`usr/lib/swift/host`), found from
/// the toolchain evaluating this manifest: its PackageDescription library is
/// loaded from `usr/lib/swift/pm/ManifestAPI`, three levels below
/// `usr/lib/swift`. Falls back to `swift -print-target-info` on a system
/// without `/proc`.
func toolchainHostLibraries() -> String {
    if let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8),
        let line = maps.split(separator: "\n").first(where: { $0.hasSuffix("/libPackageDescription.so") }),
        let start = line.firstIndex(of: "/")
    {
        let library = URL(fileURLWithPath: String(line[start...]))
        return library.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("host").path
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift", "-print-target-info"]
    let pipe = Pipe()
    process.standardOutput = pipe
    guard (try? process.run()) != nil else { return "" }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    struct TargetInfo: Decodable {
        struct Paths: Decodable { var runtimeResourcePath: String }
        var paths: Paths
    }
    guard let info = try? JSONDecoder().decode(TargetInfo.self, from: data) else { return "" }
    return info.paths.runtimeResourcePath + "/host"
}
