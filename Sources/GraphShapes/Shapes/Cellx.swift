/// cellx: four sources, then L layers of four computeds over the previous
/// layer, with one effect per computed. One run builds the graph, reads the
/// last layer, writes all four sources in one batch and reads it again.
public enum Cellx {
    public static let sizes = [1000, 2500, 5000]

    /// The last layer before and after the batch, from the reference's table.
    public static func expected(layers: Int) -> (before: [Int], after: [Int]) {
        switch layers {
        case 1000, 2500: ([-3, -6, -2, 2], [-2, -4, 2, 3])
        case 5000: ([2, 4, -1, -6], [-2, 1, -4, -4])
        default: (simulate(layers, [1, 2, 3, 4]), simulate(layers, [4, 3, 2, 1]))
        }
    }

    /// The layer map on plain integers: what any size must produce.
    public static func simulate(_ layers: Int, _ start: [Int]) -> [Int] {
        var m = start
        for _ in 0..<layers { m = [m[1], m[0] - m[2], m[1] + m[3], m[2]] }
        return m
    }

    /// Every node runs once in the build and once in the batch.
    public static func counts(layers: Int) -> RunCounts { RunCounts(computed: 4 * layers, effects: 4 * layers) }

    public struct Outcome: Equatable, Sendable {
        public var before: [Int]
        public var after: [Int]
        public var build: RunCounts
        public var batch: RunCounts
    }

    /// One cellx run on a fresh graph of `a`'s runtime.
    @MainActor
    public static func run<A: ReactiveAdapter>(_ a: A, layers: Int) -> Outcome where A.Value == Int {
        let g = ShapeGraph()
        let runs = g.computedRuns
        let effects = g.effectRuns
        let start = [1, 2, 3, 4].map { a.signal($0) }
        var m: [ShapeNode<A>] = start.map { .signal($0) }
        for _ in 0..<layers {
            let (p1, p2, p3, p4) = (m[0], m[1], m[2], m[3])
            let layer = [
                a.computed(.structural) { r in
                    runs.bump(); return p2.get(r)
                },
                a.computed(.structural) { r in
                    runs.bump(); return p1.get(r) - p3.get(r)
                },
                a.computed(.structural) { r in
                    runs.bump(); return p2.get(r) + p4.get(r)
                },
                a.computed(.structural) { r in
                    runs.bump(); return p3.get(r)
                },
            ]
            for node in layer {
                a.effect { r in
                    effects.bump()
                    _ = A.get(node, in: r)
                }
            }
            m = layer.map { .computed($0) }
        }
        let build = g.counts
        let last = m
        let before = last.map { $0.read(a) }
        let batch = g.counting {
            a.batch { w in
                for (index, value) in [4, 3, 2, 1].enumerated() { a.write(start[index], value, in: w) }
            }
        }
        let after = last.map { $0.read(a) }
        return Outcome(before: before, after: after, build: build, batch: batch)
    }
}
