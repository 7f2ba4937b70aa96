/// sBench's update microbenchmarks: batched writes of 0, 1, 2, … to source 0
/// of a fresh graph whose effects read the sources directly. The first
/// write (0, the starting value) changes nothing, hence the "− 1"s.
public enum SBenchUpdate: String, CaseIterable, Sendable {
    case oneToOne = "1to1", twoToOne = "2to1", fourToOne = "4to1", thousandToOne = "1000to1"
    case oneToTwo = "1to2", oneToFour = "1to4", oneToThousand = "1to1000"

    /// Sources, effects, and writes per run.
    public var shape: (sources: Int, effects: Int, writes: Int) {
        switch self {
        case .oneToOne: (1, 1, 400_000)
        case .twoToOne: (2, 1, 200_000)
        case .fourToOne: (4, 1, 100_000)
        case .thousandToOne: (1000, 1, 400)
        case .oneToTwo: (1, 2, 100_000)
        case .oneToFour: (1, 4, 100_000)
        case .oneToThousand: (1, 1000, 10_000)
        }
    }

    /// Effect reruns in one run on a fresh graph (the reference's numbers).
    public var expectedReruns: Int {
        let (_, effects, writes) = shape
        return (writes - 1) * effects
    }

    /// Reruns for `writes` writes on a fresh graph.
    public func expectedReruns(writes: Int) -> Int { (writes - 1) * shape.effects }

    /// A fresh graph: returns the timed writes (`writes`, default the
    /// published number), and the effect counter.
    @MainActor
    public func build<A: ReactiveAdapter>(_ a: A, writes: Int? = nil) -> (writes: () -> Void, effectRuns: RunCounter)
    where A.Value == Int {
        let (sourceCount, effectCount, published) = shape
        let writes = writes ?? published
        let sources = (0..<sourceCount).map { a.signal($0) }
        let runs = RunCounter()
        if effectCount == 1 {
            a.effect { r in
                runs.bump()
                for source in sources { _ = a.get(source, in: r) }
            }
        } else {
            for _ in 0..<effectCount {
                a.effect { r in
                    runs.bump()
                    _ = a.get(sources[0], in: r)
                }
            }
        }
        let first = sources[0]
        return ({ for i in 0..<writes { a.batch { w in a.write(first, i, in: w) } } }, runs)
    }
}
