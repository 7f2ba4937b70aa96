/// dynamicBench: W sources, then L−1 layers of W computeds, each reading n
/// nodes of the previous layer; a fraction of them read dynamically. One
/// effect reads the chosen leaves. Values are `Double`, as in JavaScript,
/// and sums add in the reference's order so they match bit for bit.
@MainActor
public final class DynamicGraph<A: ReactiveAdapter> where A.Value == Double {
    public typealias Parameters = DynamicParameters

    public let adapter: A
    public let parameters: Parameters
    public let graph = ShapeGraph()
    public let sources: [A.Signal]
    public let readLeaves: [A.Computed]
    public private(set) var dynamicNodes = 0
    public private(set) var computedNodes = 0

    public init(_ adapter: A, _ parameters: Parameters) {
        self.adapter = adapter
        self.parameters = parameters
        let (a, runs) = (adapter, graph.computedRuns)
        var nodeTypes = SeededRandom(seed: "seed")
        var leafPicks = SeededRandom(seed: "seed")
        sources = (0..<parameters.width).map { adapter.signal(Double($0)) }
        var previous: [ShapeNode<A>] = sources.map { .signal($0) }
        var layers: [[A.Computed]] = []
        for _ in 1..<parameters.totalLayers {
            var layer: [A.Computed] = []
            for node in 0..<parameters.width {
                let inputs = (0..<parameters.sources).map { previous[(node + $0) % parameters.width] }
                // One draw per node, even when every node is static.
                let isStatic = nodeTypes.next() < parameters.staticFraction
                if !isStatic { dynamicNodes += 1 }
                layer.append(a.computed(.structural, Self.body(inputs, isStatic: isStatic, runs)))
            }
            computedNodes += layer.count
            layers.append(layer)
            previous = layer.map { .computed($0) }
        }
        var leaves = layers.last ?? []
        let skip = Int((Double(parameters.width) * (1 - parameters.readFraction)).rounded())
        for _ in 0..<skip {
            leaves.remove(at: Int(leafPicks.next() * Double(leaves.count)))
        }
        readLeaves = leaves
        // A deep lattice is settled from the source end first: a cold read
        // from its leaves would nest past Cog's first-run limit (docs/cog.md).
        // Shallow ones stay lazy, as the reference counts them.
        if layers.count > 64 {
            for layer in layers { for node in layer { _ = a.read(node) } }
        }
        let chosen = readLeaves
        let effects = graph.effectRuns
        a.effect { r in
            effects.bump()
            for leaf in chosen { _ = A.get(leaf, in: r) }
        }
    }

    private static func body(
        _ inputs: [ShapeNode<A>], isStatic: Bool, _ runs: RunCounter
    ) -> @MainActor (inout A.Reader) -> Double {
        if isStatic {
            return { r in
                runs.bump()
                var sum = 0.0
                for input in inputs { sum += input.get(r) }
                return sum
            }
        }
        return { r in
            runs.bump()
            let first = inputs[0].get(r)
            var sum = first
            let tailCount = inputs.count - 1
            let skipped =
                first.truncatingRemainder(dividingBy: 2) == 1
                ? Int(first.truncatingRemainder(dividingBy: Double(tailCount))) : -1
            for offset in 0..<tailCount where offset != skipped {
                sum += inputs[offset + 1].get(r)
            }
            return sum
        }
    }

    /// One benchmark run: write one source per iteration, read every leaf,
    /// and return the last iteration's leaf sum.
    public func run(iterations: Int) -> Double {
        var sum = 0.0
        let width = parameters.width
        for i in 0..<iterations {
            let source = sources[i % width]
            adapter.batch { w in adapter.write(source, Double(i + i % width), in: w) }
            sum = 0
            for leaf in readLeaves { sum += adapter.read(leaf) }
        }
        return sum
    }
}

/// A node a shape reads that may be either kind.
public enum ShapeNode<A: ReactiveAdapter> {
    case signal(A.Signal)
    case computed(A.Computed)

    @MainActor @inline(__always)
    func get(_ r: A.Reader) -> A.Value {
        switch self {
        case .signal(let s): A.get(s, in: r)
        case .computed(let c): A.get(c, in: r)
        }
    }

    @MainActor
    func read(_ a: A) -> A.Value {
        switch self {
        case .signal(let s): a.read(s)
        case .computed(let c): a.read(c)
        }
    }
}

/// The six published configurations with their steady-state results.
public struct DynamicConfiguration: Sendable {
    public let title: String
    public let parameters: DynamicParameters
    public let iterations: Int
    public let expectedSum: Double
    /// Computed runs in one run after three warm-up runs.
    public let expectedCount: Int
    /// Effect runs in that run: a write that reaches no read leaf runs none.
    public let expectedEffects: Int

    public static let all: [DynamicConfiguration] = [
        .init(
            title: "2-10x5 - lazy80%",
            parameters: .init(width: 10, totalLayers: 5, staticFraction: 1, sources: 2, readFraction: 0.2),
            iterations: 600_000, expectedSum: 19_199_968, expectedCount: 3_480_000, expectedEffects: 480000),
        .init(
            title: "6-10x10 - dyn25% - lazy80%",
            parameters: .init(width: 10, totalLayers: 10, staticFraction: 0.75, sources: 6, readFraction: 0.2),
            iterations: 15_000, expectedSum: 302_310_782_860, expectedCount: 1_155_000, expectedEffects: 15000),
        .init(
            title: "4-1000x12 - dyn5%",
            parameters: .init(width: 1000, totalLayers: 12, staticFraction: 0.95, sources: 4, readFraction: 1),
            iterations: 7000, expectedSum: 29_355_933_696_000, expectedCount: 1_463_000, expectedEffects: 7000),
        .init(
            title: "25-1000x5",
            parameters: .init(width: 1000, totalLayers: 5, staticFraction: 1, sources: 25, readFraction: 1),
            iterations: 3000, expectedSum: 1_171_484_375_000, expectedCount: 732_000, expectedEffects: 3000),
        .init(
            title: "3-5x500",
            parameters: .init(width: 5, totalLayers: 500, staticFraction: 1, sources: 3, readFraction: 1),
            iterations: 500, expectedSum: 3.0239642676898464e241, expectedCount: 1_246_500, expectedEffects: 500),
        .init(
            title: "6-100x15 - dyn50%",
            parameters: .init(width: 100, totalLayers: 15, staticFraction: 0.5, sources: 6, readFraction: 1),
            iterations: 2000, expectedSum: 15_664_996_402_790_400, expectedCount: 1_078_000, expectedEffects: 2000),
    ]
}

/// A dynamic graph's shape.
public struct DynamicParameters: Sendable {
    public var width: Int
    public var totalLayers: Int
    public var staticFraction: Double
    public var sources: Int
    public var readFraction: Double

    public init(width: Int, totalLayers: Int, staticFraction: Double, sources: Int, readFraction: Double) {
        self.width = width
        self.totalLayers = totalLayers
        self.staticFraction = staticFraction
        self.sources = sources
        self.readFraction = readFraction
    }
}
