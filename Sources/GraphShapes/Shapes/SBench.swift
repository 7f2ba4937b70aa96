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
                for source in sources { _ = A.get(source, in: r) }
            }
        } else {
            for _ in 0..<effectCount {
                a.effect { r in
                    runs.bump()
                    _ = A.get(sources[0], in: r)
                }
            }
        }
        let first = sources[0]
        return ({ for i in 0..<writes { a.batch { w in a.write(first, i, in: w) } } }, runs)
    }
}

/// sBench's create microbenchmarks (reference §1.4): on a fresh graph,
/// create 100,000 signals, or create effects over prepared sources, each
/// effect running once as it is created. `AtoB` names A sources read by
/// each effect (`NtoOne`) or B effects reading each source (`oneToN`);
/// every case but createSignals and 0to1 makes 100,000 edges. As in the
/// original, the sources of a createComputations case are made before the
/// timed part (`prepare`), the effects inside it (`create`).
public enum SBenchCreate: String, CaseIterable, Sendable {
    case signals = "createSignals"
    case zeroToOne = "0to1", oneToOne = "1to1", twoToOne = "2to1", fourToOne = "4to1", thousandToOne = "1000to1"
    case oneToTwo = "1to2", oneToFour = "1to4", oneToEight = "1to8", oneToThousand = "1to1000"

    /// The reference's COUNT.
    public static let count = 100_000

    /// Sources read by each effect and effects reading each source.
    public var fan: (readsPerEffect: Int, effectsPerSource: Int) {
        switch self {
        case .signals, .zeroToOne: (0, 0)
        case .oneToOne: (1, 1)
        case .twoToOne: (2, 1)
        case .fourToOne: (4, 1)
        case .thousandToOne: (1000, 1)
        case .oneToTwo: (1, 2)
        case .oneToFour: (1, 4)
        case .oneToEight: (1, 8)
        case .oneToThousand: (1, 1000)
        }
    }

    /// Signals created beforehand (createComputations) or in the timed part (createSignals).
    public func sources(count: Int = Self.count) -> Int {
        switch self {
        case .signals: count
        case .zeroToOne: 0
        default: fan.effectsPerSource == 1 ? count : count / fan.effectsPerSource
        }
    }

    /// Effects created, each running once: 100,000 for 0to1 and the
    /// `oneToN` cases, 100,000 ÷ N for the `NtoOne` cases.
    public func effects(count: Int = Self.count) -> Int {
        switch self {
        case .signals: 0
        case .zeroToOne: count
        default: fan.readsPerEffect == 1 ? count : count / fan.readsPerEffect
        }
    }

    /// Dependency edges the effects make (0 for createSignals and 0to1).
    public func edges(count: Int = Self.count) -> Int { effects(count: count) * fan.readsPerEffect }

    public var title: String { self == .signals ? rawValue : "createComputations \(rawValue)" }

    /// A prepared case: `create` is the timed part; afterwards `effectRuns`
    /// counts every effect run (each must have run exactly once) and
    /// `reads` every source read inside an effect.
    @MainActor
    public final class Prepared<A: ReactiveAdapter> where A.Value == Int {
        public let adapter: A
        public let effectRuns = RunCounter()
        public let reads = RunCounter()
        public private(set) var signals: [A.Signal] = []
        let benchmark: SBenchCreate
        let count: Int

        init(_ adapter: A, _ benchmark: SBenchCreate, count: Int) {
            self.adapter = adapter
            self.benchmark = benchmark
            self.count = count
            if benchmark != .signals {
                let made = benchmark.sources(count: count)
                signals.reserveCapacity(made)
                for j in 0..<made { signals.append(adapter.signal(j)) }
            }
        }

        /// The timed part.
        public func create() {
            let a = adapter
            switch benchmark {
            case .signals:
                signals.reserveCapacity(count)
                for j in 0..<count { signals.append(a.signal(j)) }
            case .zeroToOne:
                let runs = effectRuns
                for _ in 0..<count { a.effect { _ in runs.bump() } }
            default:
                let (readsPerEffect, effectsPerSource) = benchmark.fan
                let (runs, reads) = (effectRuns, reads)
                if effectsPerSource == 1 {
                    for e in 0..<benchmark.effects(count: count) {
                        let mine = Array(signals[(e * readsPerEffect)..<((e + 1) * readsPerEffect)])
                        a.effect { r in
                            runs.bump()
                            for source in mine { _ = A.get(source, in: r) }
                            reads.count &+= mine.count
                        }
                    }
                } else {
                    for source in signals {
                        for _ in 0..<effectsPerSource {
                            a.effect { r in
                                runs.bump()
                                _ = A.get(source, in: r)
                                reads.bump()
                            }
                        }
                    }
                }
            }
        }

        /// What differed from the expected counts after `create`, if anything.
        public func mismatch() -> String? {
            let effects = benchmark.effects(count: count)
            if effectRuns.count != effects { return "effect runs: expected \(effects), got \(effectRuns.count)" }
            let edges = benchmark.edges(count: count)
            if reads.count != edges { return "tracked reads: expected \(edges), got \(reads.count)" }
            if benchmark == .signals, signals.count != count {
                return "signals: expected \(count), got \(signals.count)"
            }
            return nil
        }
    }

    /// Untimed set-up on a fresh graph of `adapter`'s runtime.
    @MainActor
    public func prepare<A: ReactiveAdapter>(_ adapter: A, count: Int = Self.count) -> Prepared<A> where A.Value == Int {
        Prepared(adapter, self, count: count)
    }
}
