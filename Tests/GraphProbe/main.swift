// A small program for profiling Cog's core under callgrind: each argument
// `SHAPE[:N]` prepares the graph suite's case of that shape on Cog
// (`stategraph/SHAPE[:N]`: on the clone, at its reduced budget) (the
// same code the suite times), verifies it, and runs N of its iterations
// (a Kairo `iter()`, a molBench call, one cellx build + batch, one sBench
// or dynamic-graph run) inside one InstructionRegion named after the shape:
//   valgrind --tool=callgrind --collect-atstart=no --dump-instr=no \
//     .build/release/graph-probe deepPropagation:20
// Each dump's instruction total divided by N is instructions per iteration.
// A PERF scenario's name (`"PERF-13 deep-chain settle:4"`) runs that probe
// of `storefront --suite perf-scenarios` the same way (`probeScenario`).
// The argument `clock` prints the core's clock estimated by a chain of
// dependent adds (`ClockEstimate`): time × clock is cycles, and instructions
// ÷ cycles the instructions per cycle the suite's times imply.
import Foundation
import GraphShapes
import GraphSuite
import Measure

@MainActor
func probe(_ name: String, _ steps: Int) -> String? {
    if let scenario = CogScenarioProbes.named(name) { return probeScenario(scenario, steps) }
    // `stategraph/diamond` runs the clone's case; a bare shape name, Cog's.
    let parts = name.split(separator: "/", maxSplits: 1).map(String.init)
    let (runtime, shape) = parts.count == 2 ? (parts[0], parts[1]) : ("cog", name)
    guard let adapter = [GraphAdapter.cog, .stategraph].first(where: { $0.runtime == runtime }) else {
        return "unknown runtime"
    }
    guard let benchCase = adapter.cases().first(where: { $0.shape == shape }) else { return "unknown shape" }
    let instance = benchCase.prepare()
    if let failure = instance.verify() { return failure }
    InstructionRegion.measure(name) {
        for _ in 0..<steps {
            instance.prepareSample?()
            instance.iteration()
        }
    }
    return instance.sampledMismatch()
}

/// A PERF scenario probe (`"PERF-11 one key, 1 pinned:4"`): N runs in a
/// dropped region (`InstructionRegion.discarded`), then N in a region named after it, then N runs of its reference, if it has one, in
/// `NAME/reference`, as `storefront --suite perf-scenarios` counts them.
@MainActor
func probeScenario(_ scenario: ScenarioProbe, _ steps: Int) -> String? {
    let instance = scenario.make()
    if let failure = instance.verify() { return failure }
    InstructionRegion.discarded { for _ in 0..<steps { instance.run() } }
    InstructionRegion.measure(scenario.name) {
        for _ in 0..<steps { instance.run() }
    }
    if let reference = instance.reference {
        InstructionRegion.discarded { for _ in 0..<steps { reference.run() } }
        InstructionRegion.measure(scenario.name + "/reference") {
            for _ in 0..<steps { reference.run() }
        }
    }
    return instance.verify()
}

let requested = Array(CommandLine.arguments.dropFirst())
guard !requested.isEmpty else {
    print(
        "usage: graph-probe [stategraph/]SHAPE[:STEPS]... | clock (a graph-suite shape name, as --shape takes it)")
    exit(1)
}
for argument in requested {
    if argument == "clock" {
        guard let gigahertz = ClockEstimate.gigahertz() else {
            print("graph-probe: clock: unavailable: the add chain is written for x86_64 and arm64 only")
            exit(1)
        }
        print(String(format: "clock: %.2f GHz (a chain of dependent adds, fastest of 5)", gigahertz))
        continue
    }
    let parts = argument.split(separator: ":", maxSplits: 1)
    let steps = parts.count > 1 ? Int(parts[1]) ?? 1 : 1
    if let failure = MainActor.assumeIsolated({ probe(String(parts[0]), steps) }) {
        print("graph-probe: \(argument): \(failure)")
        exit(1)
    }
}
