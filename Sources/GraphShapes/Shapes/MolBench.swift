/// One of D's five objects (`{ x }` in the original).
public struct MolItem: Equatable, Sendable {
    public var x: Int
}

/// molBench's values: numbers, and D's fresh five-element array of
/// objects. One enum lets the whole graph hold one value type.
public enum MolValue: Equatable, Sendable {
    case number(Int)
    case items([MolItem])

    @inline(__always) var number: Int {
        if case .number(let n) = self { return n }
        preconditionFailure("molBench read an array as a number")
    }

    @inline(__always) var items: [MolItem] {
        if case .items(let xs) = self { return xs }
        preconditionFailure("molBench read a number as an array")
    }
}

/// molBench: two sources, five computeds (C–G), three effects (H–J); the
/// cost is `hard`, a recursive fib(16).
///
/// Equality of D: JavaScript sees a fresh array every time (identity), so
/// D always propagates and the reference counts comp 9. With structural
/// `==` D's array is equal across the two batches, F stops and comp is 7.
/// The suite runs every runtime with `.identity`, the semantics the
/// published times were taken with; tests check both.
public enum MolBench {
    public enum Semantics: String, CaseIterable, Sendable {
        case identity, structural

        /// The counts a runtime must show: the reference's, and one
        /// computed run more per call under `.everyPendingSource` (the
        /// stategraph clone, measured): a rule pulls every pending incoming
        /// edge's source before it reruns (the clone's README, item 4),
        /// where alien-signals reruns G as soon as its first dependency (C)
        /// turns out changed.
        public func steadyCounts(_ rule: PullRule) -> RunCounts {
            var counts = steadyCounts
            if rule == .everyPendingSource { counts.computed += 1 }
            return counts
        }

        /// The reference's counts (alien-signals, Reactively, Preact).
        public var steadyCounts: RunCounts {
            switch self {
            case .identity: RunCounts(computed: 9, effects: 4)
            case .structural: RunCounts(computed: 7, effects: 4)
            }
        }
    }

    public static let buildCounts = RunCounts(computed: 5, effects: 3)
    /// What H and I push in every call, in order.
    public static let expectedResults = [3204, 1607, 3201, 1604]

    @inline(never)
    static func fib(_ n: Int) -> Int { n < 2 ? 1 : fib(n - 1) + fib(n - 2) }

    static func hard(_ n: Int) -> Int { n + fib(16) }

    @MainActor
    public static func build<A: ReactiveAdapter>(_ a: A, _ semantics: Semantics) -> ShapeGraph
    where A.Value == MolValue {
        let g = ShapeGraph()
        let runs = g.computedRuns
        func computed(_ equality: Equality = .structural, _ body: @escaping @MainActor (A.Reader) -> Int) -> A.Computed
        {
            a.computed(equality) { r in
                runs.bump()
                return .number(body(r))
            }
        }
        let sourceA = a.signal(.number(0))
        let sourceB = a.signal(.number(0))
        let c = computed { r in A.get(sourceA, in: r).number % 2 + A.get(sourceB, in: r).number % 2 }
        // As in the original, D maps `numbers` to five fresh objects and
        // reads A and B once per object (five tracked reads of each).
        let numbers = Array(0..<5)
        let d = a.computed(semantics == .identity ? .never : .structural) { r in
            runs.bump()
            return .items(
                numbers.map { i in
                    MolItem(x: i + A.get(sourceA, in: r).number % 2 - A.get(sourceB, in: r).number % 2)
                })
        }
        let e = computed { r in
            hard(A.get(c, in: r).number + A.get(sourceA, in: r).number + A.get(d, in: r).items[0].x)
        }
        let f = computed { r in
            let x = A.get(d, in: r).items[2].x
            return hard(x != 0 ? x : A.get(sourceB, in: r).number)
        }
        // G reads C twice, as the original's `C + (C || E % 2) + …` does.
        let gNode = computed { r in
            let first = A.get(c, in: r).number
            let second = A.get(c, in: r).number
            let either = second != 0 ? second : A.get(e, in: r).number % 2
            return first + either + A.get(d, in: r).items[4].x + A.get(f, in: r).number
        }
        let results = MolResults()
        let effects = g.effectRuns
        a.effect { r in
            effects.bump()
            results.values.append(hard(A.get(gNode, in: r).number))
        }
        a.effect { r in
            effects.bump()
            results.values.append(A.get(gNode, in: r).number)
        }
        a.effect { r in
            effects.bump()
            results.values.append(hard(A.get(f, in: r).number))
        }
        var call = 0
        let check = g.check
        // The original's call asserts nothing; the result list is checked
        // after a call, outside the timed one (`ShapeGraph.checkLast`).
        g.checkLast = { check.expect(results.values, expectedResults, "results") }
        g.iter = {
            results.values.removeAll(keepingCapacity: true)
            let i = call
            call += 1
            a.batch { w in
                a.write(sourceB, .number(1), in: w)
                a.write(sourceA, .number(1 + 2 * i), in: w)
            }
            a.batch { w in
                a.write(sourceA, .number(2 + 2 * i), in: w)
                a.write(sourceB, .number(2), in: w)
            }
        }
        return g
    }
}

/// What molBench's effects push.
@MainActor
final class MolResults {
    var values: [Int] = []
    init() { values.reserveCapacity(8) }
}
