// A small program for profiling Cog's core under callgrind: each argument
// `SHAPE[:N]` prepares the graph suite's case of that shape on Cog (the
// same code the suite times), verifies it, and runs N of its iterations
// (a Kairo `iter()`, a molBench call, one cellx build + batch, one sBench
// or dynamic-graph run) inside one InstructionRegion named after the shape:
//   valgrind --tool=callgrind --collect-atstart=no --dump-instr=no \
//     .build/release/graph-probe deepPropagation:20
// Each dump's instruction total divided by N is instructions per iteration.
// The argument `clock` prints the core's clock estimated by a chain of
// dependent adds (`ClockEstimate`): time × clock is cycles, and instructions
// ÷ cycles the instructions per cycle the suite's times imply.
import Foundation
import GraphShapes
import Measure

@MainActor
func probe(_ name: String, _ steps: Int) -> String? {
    guard let benchCase = GraphBench.cases(runtimes: ["cog"]).first(where: { $0.shape == name }) else {
        return "unknown shape"
    }
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

let requested = Array(CommandLine.arguments.dropFirst())
guard !requested.isEmpty else {
    print("usage: graph-probe SHAPE[:STEPS]... | clock (a graph-suite shape name, as --shape takes it)")
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
