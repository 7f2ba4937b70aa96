import GraphShapes
import Cog

/// dynamicBench: W sources, then L−1 layers of W computeds, each reading n
/// nodes of the previous layer; a fraction of them read dynamically. One
/// effect reads the chosen leaves.
@MainActor
struct DynamicGraph {
    struct Parameters {
        var width: Int
        var totalLayers: Int
        var staticFraction: Double
        var sources: Int
        var readFraction: Double
    }

    let harness = ReactiveHarness()
    let sources: [Cog<Double>.Manual]
    let readLeaves: [Cog<Double>]
    let parameters: Parameters
    private(set) var dynamicNodes = 0

    init(_ parameters: Parameters) {
        self.parameters = parameters
        let harness = harness
        var nodeTypes = SeededRandom(seed: "seed")
        var leafPicks = SeededRandom(seed: "seed")
        sources = (0..<parameters.width).map { harness.signal(Double($0)) }
        var previous: [CogReference<Double>] = sources.map { $0.cogReference }
        var layers: [[Cog<Double>]] = []
        for _ in 1..<parameters.totalLayers {
            var layer: [Cog<Double>] = []
            for node in 0..<parameters.width {
                let inputs = (0..<parameters.sources).map { previous[(node + $0) % parameters.width] }
                let isStatic = nodeTypes.next() < parameters.staticFraction
                if !isStatic { dynamicNodes += 1 }
                layer.append(Self.node(inputs, isStatic: isStatic, in: harness))
            }
            layers.append(layer)
            previous = layer.map { $0.cogReference }
        }
        var leaves = layers.last ?? []
        let skip = Int((Double(parameters.width) * (1 - parameters.readFraction)).rounded())
        for _ in 0..<skip {
            leaves.remove(at: Int(leafPicks.next() * Double(leaves.count)))
        }
        readLeaves = leaves
        // A deep lattice is settled from the source end first: a cold read
        // from its leaves would nest past Cog's limit (GRAPH-14). Shallow
        // ones stay lazy, as the reference counts them.
        if layers.count > 64 {
            for layer in layers { for node in layer { _ = harness.read(node) } }
        }
        let chosen = readLeaves
        harness.effect { c in for leaf in chosen { _ = c[leaf] } }
    }

    private static func node(_ inputs: [CogReference<Double>], isStatic: Bool, in harness: ReactiveHarness) -> Cog<Double> {
        if isStatic {
            return harness.computed { c in
                var sum = 0.0
                for input in inputs { sum += c[input] }
                return sum
            }
        }
        return harness.computed { c in
            let first = c[inputs[0]]
            var sum = first
            let tail = inputs.dropFirst()
            let skipped = first.truncatingRemainder(dividingBy: 2) == 1
                ? Int(first.truncatingRemainder(dividingBy: Double(tail.count))) : -1
            for (offset, input) in tail.enumerated() where offset != skipped {
                sum += c[input]
            }
            return sum
        }
    }

    /// One benchmark run: write one source per iteration, read every leaf,
    /// and return the last iteration's leaf sum.
    func run(iterations: Int) -> Double {
        var sum = 0.0
        for i in 0..<iterations {
            let source = sources[i % parameters.width]
            harness.batch { c in c[source] = Double(i + i % parameters.width) }
            sum = readLeaves.reduce(0) { $0 + harness.read($1) }
        }
        return sum
    }
}
