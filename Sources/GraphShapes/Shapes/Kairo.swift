/// The eight Kairo shapes of js-reactivity-benchmark at their published
/// sizes. `build` wires the graph; `iter` is one call of the original's
/// `iter()`, with its assertions recorded by the graph's checker.
public enum KairoShape: String, CaseIterable, Sendable {
    case avoidablePropagation, broadPropagation, deepPropagation, diamond
    case mux, repeatedObservers, triangle, unstable

    /// Runs during construction (effects run once when created).
    public var buildCounts: RunCounts {
        switch self {
        case .avoidablePropagation: RunCounts(computed: 5, effects: 1)
        case .broadPropagation: RunCounts(computed: 100, effects: 50)
        case .deepPropagation: RunCounts(computed: 50, effects: 1)
        case .diamond: RunCounts(computed: 6, effects: 1)
        case .mux: RunCounts(computed: 201, effects: 100)
        case .repeatedObservers: RunCounts(computed: 1, effects: 1)
        case .triangle: RunCounts(computed: 10, effects: 1)
        case .unstable: RunCounts(computed: 2, effects: 1)
        }
    }

    /// The steady counts a runtime must show. They are the reference's,
    /// except under `.everyPendingSource` (the stategraph clone, its README
    /// item 4): a rule pulls every pending incoming edge's source before it
    /// reruns and never drops a dependency, so in `unstable` the branch not
    /// taken (double or inverse) is recomputed too: comp 302 instead of 202
    /// (measured, and checked like any other count). Under
    /// `.firstChangedSourceSparingRestored` (Cog), `double` does not rerun
    /// when the head goes back to 1 (written at the start of the
    /// iteration, when `double` last ran): comp 201, double 50.
    public func steadyCounts(_ rule: PullRule) -> RunCounts {
        if rule == .everyPendingSource, self == .unstable { return RunCounts(computed: 302, effects: 101) }
        if rule == .firstChangedSourceSparingRestored, self == .unstable {
            return RunCounts(computed: 201, effects: 101)
        }
        return steadyCounts
    }

    /// Runs in one `iter()` after an earlier one (the reference's steady state).
    public var steadyCounts: RunCounts {
        switch self {
        case .avoidablePropagation: RunCounts(computed: 2002, effects: 0)
        case .broadPropagation: RunCounts(computed: 5100, effects: 2550)
        case .deepPropagation: RunCounts(computed: 2550, effects: 51)
        case .diamond: RunCounts(computed: 3006, effects: 501)
        case .mux: RunCounts(computed: 1836, effects: 18)
        case .repeatedObservers: RunCounts(computed: 101, effects: 101)
        case .triangle: RunCounts(computed: 1010, effects: 101)
        case .unstable: RunCounts(computed: 202, effects: 101)
        }
    }

    @MainActor
    public func build<A: ReactiveAdapter>(_ a: A) -> ShapeGraph where A.Value == Int {
        let graph = ShapeGraph()
        let iter: @MainActor () -> Void
        switch self {
        case .avoidablePropagation: iter = Self.avoidable(a, graph)
        case .broadPropagation: iter = Self.broad(a, graph)
        case .deepPropagation: iter = Self.deep(a, graph)
        case .diamond: iter = Self.diamond(a, graph)
        case .mux: iter = Self.mux(a, graph)
        case .repeatedObservers: iter = Self.repeated(a, graph)
        case .triangle: iter = Self.triangle(a, graph)
        case .unstable: iter = Self.unstable(a, graph)
        }
        graph.iter = iter
        return graph
    }
}

/// A built graph: its step, its counters and its checker.
@MainActor
public final class ShapeGraph {
    public let computedRuns = RunCounter()
    public let effectRuns = RunCounter()
    public let check = Checker()
    /// One step of the shape (one Kairo `iter()`, one molBench call).
    public internal(set) var iter: @MainActor () -> Void = {}
    /// Checks what the last `iter()` left, for a shape whose original
    /// asserts nothing inside its timed call (molBench); the Kairo shapes'
    /// originals assert inside `iter()`, so theirs stay there.
    public internal(set) var checkLast: @MainActor () -> Void = {}
    /// The counter the original asserts inside `iter()`.
    let effectsSeen = RunCounter()

    init() {}

    /// All runs so far; right after `build` these are the build counts.
    public var counts: RunCounts { RunCounts(computed: computedRuns.count, effects: effectRuns.count) }

    /// Runs done by `body`.
    public func counting(_ body: () -> Void) -> RunCounts {
        let before = counts
        body()
        return RunCounts(computed: counts.computed - before.computed, effects: counts.effects - before.effects)
    }
}

/// `busy()`: a 100-step loop standing in for expensive work, kept opaque
/// so the optimizer cannot fold it.
@inline(never)
func busy() {
    var a = 0
    for _ in 0..<100 { a = opaque(a &+ 1) }
}

@inline(never)
func opaque(_ value: Int) -> Int { value }

// Each computed body bumps `computedRuns` itself, so a run is one closure
// call, as in the original (a counting wrapper around the body cost every
// runtime a second call per run).
@MainActor
extension KairoShape {
    /// An effect that reads `node` and bumps the counter the shape asserts.
    private static func countingEffect<A: ReactiveAdapter>(_ a: A, _ g: ShapeGraph, _ node: A.Computed)
    where A.Value == Int {
        let runs = g.effectRuns
        let seen = g.effectsSeen
        a.effect { r in
            runs.bump()
            _ = A.get(node, in: r)
            seen.bump()
        }
    }

    static func avoidable<A: ReactiveAdapter>(_ a: A, _ g: ShapeGraph) -> @MainActor () -> Void where A.Value == Int {
        let computedRuns = g.computedRuns
        let head = a.signal(0)
        let c1 = a.computed(.structural) { r in
            computedRuns.bump(); return A.get(head, in: r)
        }
        let c2 = a.computed(.structural) { r in
            computedRuns.bump()
            _ = A.get(c1, in: r)
            return 0
        }
        let c3 = a.computed(.structural) { r in
            computedRuns.bump()
            busy()
            return A.get(c2, in: r) + 1
        }
        let c4 = a.computed(.structural) { r in
            computedRuns.bump(); return A.get(c3, in: r) + 2
        }
        let c5 = a.computed(.structural) { r in
            computedRuns.bump(); return A.get(c4, in: r) + 3
        }
        let runs = g.effectRuns
        a.effect { r in
            runs.bump()
            _ = A.get(c5, in: r)
            busy()
        }
        let check = g.check
        return {
            a.batch { w in a.write(head, 1, in: w) }
            check.expect(a.read(c5), 6, "c5")
            for i in 0..<1000 {
                a.batch { w in a.write(head, i, in: w) }
                check.expect(a.read(c5), 6, "c5")
            }
        }
    }

    static func broad<A: ReactiveAdapter>(_ a: A, _ g: ShapeGraph) -> @MainActor () -> Void where A.Value == Int {
        let computedRuns = g.computedRuns
        let head = a.signal(0)
        var last: A.Computed?
        for i in 0..<50 {
            let current = a.computed(.structural) { r in
                computedRuns.bump(); return A.get(head, in: r) + i
            }
            let next = a.computed(.structural) { r in
                computedRuns.bump(); return A.get(current, in: r) + 1
            }
            countingEffect(a, g, next)
            last = next
        }
        let tip = last!
        let (check, seen) = (g.check, g.effectsSeen)
        return {
            a.batch { w in a.write(head, 1, in: w) }
            seen.count = 0
            for i in 0..<50 {
                a.batch { w in a.write(head, i, in: w) }
                check.expect(a.read(tip), i + 50, "last")
            }
            check.expect(seen.count, 2500, "effect counter")
        }
    }

    static func deep<A: ReactiveAdapter>(_ a: A, _ g: ShapeGraph) -> @MainActor () -> Void where A.Value == Int {
        let computedRuns = g.computedRuns
        let head = a.signal(0)
        var current = a.computed(.structural) { r in
            computedRuns.bump(); return A.get(head, in: r) + 1
        }
        for _ in 1..<50 {
            let previous = current
            current = a.computed(.structural) { r in
                computedRuns.bump(); return A.get(previous, in: r) + 1
            }
        }
        let tip = current
        countingEffect(a, g, tip)
        let (check, seen) = (g.check, g.effectsSeen)
        return {
            a.batch { w in a.write(head, 1, in: w) }
            seen.count = 0
            for i in 0..<50 {
                a.batch { w in a.write(head, i, in: w) }
                check.expect(a.read(tip), 50 + i, "c50")
            }
            check.expect(seen.count, 50, "effect counter")
        }
    }

    static func diamond<A: ReactiveAdapter>(_ a: A, _ g: ShapeGraph) -> @MainActor () -> Void where A.Value == Int {
        let computedRuns = g.computedRuns
        let head = a.signal(0)
        let arms = (0..<5).map { _ in
            a.computed(.structural) { r in
                computedRuns.bump(); return A.get(head, in: r) + 1
            }
        }
        // The original maps the arms to their values and reduces the array
        // (`current.map(read).reduce(+)`), one fresh array per run.
        let sum = a.computed(.structural) { r in
            computedRuns.bump()
            return arms.map { A.get($0, in: r) }.reduce(0, +)
        }
        countingEffect(a, g, sum)
        let (check, seen) = (g.check, g.effectsSeen)
        return {
            a.batch { w in a.write(head, 1, in: w) }
            check.expect(a.read(sum), 10, "sum")
            seen.count = 0
            for i in 0..<500 {
                a.batch { w in a.write(head, i, in: w) }
                check.expect(a.read(sum), (i + 1) * 5, "sum")
            }
            check.expect(seen.count, 500, "effect counter")
        }
    }

    static func mux<A: ReactiveAdapter>(_ a: A, _ g: ShapeGraph) -> @MainActor () -> Void where A.Value == Int {
        let computedRuns = g.computedRuns
        let heads = (0..<100).map { _ in a.signal(0) }
        // The original's mux builds a fresh index→value object of the heads
        // on every run (`Object.fromEntries(heads.map(read).entries())`): an
        // array of the values, then a 100-key map. A graph here holds one
        // value type, so mux builds the same two things a Swift app would, an
        // array of the heads' values and an `[Int: Int]` from its indices,
        // hands the map to the splits through a box and returns a new version
        // (a fresh map is never equal); each split reads mux and takes its
        // entry. Same edges, same counts, and the allocations of a fresh
        // array and dictionary per run, where the original allocates its
        // array and object.
        let map = MuxMap()
        let mux = a.computed(.never) { r in
            computedRuns.bump()
            let values = heads.map { A.get($0, in: r) }
            map.entries = Dictionary(uniqueKeysWithValues: zip(values.indices, values))
            map.version &+= 1
            return map.version
        }
        let splits = heads.indices.map { index in
            a.computed(.structural) { r in
                computedRuns.bump()
                _ = A.get(mux, in: r)
                return map.entries[index]!
            }
        }
        let plus = splits.map { split in
            a.computed(.structural) { r in
                computedRuns.bump(); return A.get(split, in: r) + 1
            }
        }
        let runs = g.effectRuns
        for node in plus {
            a.effect { r in
                runs.bump()
                _ = A.get(node, in: r)
            }
        }
        let check = g.check
        return {
            for i in 0..<10 {
                a.batch { w in a.write(heads[i], i, in: w) }
                check.expect(a.read(plus[i]), i + 1, "plus[\(i)]")
            }
            for i in 0..<10 {
                a.batch { w in a.write(heads[i], i * 2, in: w) }
                check.expect(a.read(plus[i]), i * 2 + 1, "plus[\(i)]")
            }
        }
    }

    static func repeated<A: ReactiveAdapter>(_ a: A, _ g: ShapeGraph) -> @MainActor () -> Void where A.Value == Int {
        let computedRuns = g.computedRuns
        let head = a.signal(0)
        let current = a.computed(.structural) { r in
            computedRuns.bump()
            var result = 0
            for _ in 0..<30 { result += A.get(head, in: r) }
            return result
        }
        countingEffect(a, g, current)
        let (check, seen) = (g.check, g.effectsSeen)
        return {
            a.batch { w in a.write(head, 1, in: w) }
            check.expect(a.read(current), 30, "current")
            seen.count = 0
            for i in 0..<100 {
                a.batch { w in a.write(head, i, in: w) }
                check.expect(a.read(current), i * 30, "current")
            }
            check.expect(seen.count, 100, "effect counter")
        }
    }

    static func triangle<A: ReactiveAdapter>(_ a: A, _ g: ShapeGraph) -> @MainActor () -> Void where A.Value == Int {
        let computedRuns = g.computedRuns
        let head = a.signal(0)
        var links: [A.Computed] = []
        links.append(
            a.computed(.structural) { r in
                computedRuns.bump(); return A.get(head, in: r) + 1
            })
        for _ in 2...10 {
            let previous = links[links.count - 1]
            links.append(
                a.computed(.structural) { r in
                    computedRuns.bump(); return A.get(previous, in: r) + 1
                })
        }
        // list = [head, c1…c9]; c10 exists but nothing reads it. Like the
        // original, sum maps the list to its values and reduces that array
        // (one fresh array per run), and each `iter()` recounts the expected
        // constant 1 + 2 + … + width with a map and a reduce.
        let list: [TriangleMember<A.Signal, A.Computed>] = [.signal(head)] + links.prefix(9).map { .computed($0) }
        let sum = a.computed(.structural) { r in
            computedRuns.bump()
            return list.map { member in
                switch member {
                case .signal(let signal): A.get(signal, in: r)
                case .computed(let computed): A.get(computed, in: r)
                }
            }.reduce(0, +)
        }
        countingEffect(a, g, sum)
        let (check, seen) = (g.check, g.effectsSeen)
        let width = 10
        return {
            let constant = (0..<width).map { $0 + 1 }.reduce(0, +)
            a.batch { w in a.write(head, 1, in: w) }
            check.expect(a.read(sum), constant, "sum")
            seen.count = 0
            for i in 0..<100 {
                a.batch { w in a.write(head, i, in: w) }
                check.expect(a.read(sum), constant - width + i * width, "sum")
            }
            check.expect(seen.count, 100, "effect counter")
        }
    }

    static func unstable<A: ReactiveAdapter>(_ a: A, _ g: ShapeGraph) -> @MainActor () -> Void where A.Value == Int {
        let computedRuns = g.computedRuns
        let head = a.signal(0)
        let double = a.computed(.structural) { r in
            computedRuns.bump(); return A.get(head, in: r) * 2
        }
        let inverse = a.computed(.structural) { r in
            computedRuns.bump(); return -A.get(head, in: r)
        }
        let current = a.computed(.structural) { r in
            computedRuns.bump()
            var result = 0
            for _ in 0..<20 {
                result += A.get(head, in: r) % 2 == 1 ? A.get(double, in: r) : A.get(inverse, in: r)
            }
            return result
        }
        countingEffect(a, g, current)
        let (check, seen) = (g.check, g.effectsSeen)
        return {
            a.batch { w in a.write(head, 1, in: w) }
            check.expect(a.read(current), 40, "current")
            seen.count = 0
            for i in 0..<100 {
                a.batch { w in a.write(head, i, in: w) }
            }
            check.expect(seen.count, 100, "effect counter")
        }
    }
}

/// The index→value map mux hands its splits.
@MainActor
final class MuxMap {
    var entries: [Int: Int] = [:]
    var version = 0
    init() {}
}

/// One entry of triangle's list: the head signal or one of the chain's computeds.
enum TriangleMember<Signal, Computed> {
    case signal(Signal)
    case computed(Computed)
}
