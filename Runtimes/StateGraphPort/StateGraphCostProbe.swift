import Foundation
import Measure
import Observation
import StateGraph
import Workload

/// Measures the stategraph clone against the cost table of the runtime it
/// copies (swift-state-graph 0.27.0, see the reference's §7): time per
/// operation as the median over repeated batches, and mallocs per operation
/// counted exactly on this thread.
///
/// It runs on the main actor because every changed write hops there through
/// `Task.immediate`: on the main actor that hop runs at once, as it did when
/// the original was measured; elsewhere the Tasks would pile up unrun.
enum StateGraphCostProbe {
    struct Row: Sendable {
        var operation: String
        /// Median batch time divided by the batch size.
        var nanosecondsPerOperation: Double
        /// Allocations in one batch divided by the batch size.
        var mallocsPerOperation: Double
    }

    /// Enough batches to steady the median on a shared 2-core machine.
    private static let plan = SamplingPlan(warmup: 5, iterations: 40, minimumSeconds: 0.25)

    @MainActor
    static func run() -> [Row] {
        var rows = [Row]()

        // The first timed row would otherwise also pay for the core
        // clocking up and the code and caches warming.
        let stored = Stored(wrappedValue: 0)
        let warmUpEnd = Stopwatch.now() &+ 300_000_000
        while Stopwatch.now() < warmUpEnd {
            blackHole(stored.wrappedValue)
        }
        rows.append(
            measure("stored read", batch: 2_000) {
                blackHole(stored.wrappedValue)
            })

        let source = Stored(wrappedValue: 0)
        let cached = Computed(rule: { _ in source.wrappedValue &+ 1 })
        blackHole(cached.wrappedValue)
        rows.append(
            measure("computed cached read", batch: 2_000) {
                blackHole(cached.wrappedValue)
            })

        // A different value each time, and nothing reads the node.
        let written = Stored(wrappedValue: 0)
        var next = 0
        rows.append(
            measure("changed write, no dependents", batch: 1_000) {
                next &+= 1
                written.wrappedValue = opaqueIdentity(next)
            })

        let same = Stored(wrappedValue: 7)
        rows.append(
            measure("equal write", batch: 5_000) {
                same.wrappedValue = opaqueIdentity(7)
            })

        let upstream = Stored(wrappedValue: 0)
        let dependent = Computed(rule: { _ in upstream.wrappedValue &* 2 })
        blackHole(dependent.wrappedValue)
        var counter = 0
        rows.append(
            measure("write + re-read of one dependent", batch: 500) {
                counter &+= 1
                upstream.wrappedValue = opaqueIdentity(counter)
                blackHole(dependent.wrappedValue)
            })

        // The node dies at the end of each operation, so its edge is
        // detached again and `input` does not grow.
        let input = Stored(wrappedValue: 1)
        rows.append(
            measure("computed create + first read", batch: 500) {
                let node = Computed(rule: { _ in input.wrappedValue &+ 1 })
                blackHole(node.wrappedValue)
            })

        var seed = 0
        rows.append(
            measure("Stored init (+ deinit)", batch: 1_000) {
                seed &+= 1
                blackHole(Stored(wrappedValue: opaqueIdentity(seed)))
            })
        rows.append(
            measure("Computed init (+ deinit)", batch: 1_000) {
                blackHole(Computed(rule: { _ in input.wrappedValue }))
            })

        rows += perRead(storedRead: rows[0])
        rows += breakdown()
        return rows
    }

    /// One recompute of a rule that reads its input nine times minus one
    /// that reads it once, over eight: what each extra read inside a rule
    /// costs (the read itself, its new edge appended to both arrays, and the
    /// edge's removal at the next recompute). The edge's share is that minus
    /// a plain stored read.
    @MainActor
    private static func perRead(storedRead: Row) -> [Row] {
        let source = Stored(wrappedValue: 0)
        let readsOnce = Computed(rule: { _ in source.wrappedValue })
        let readsNineTimes = Computed(rule: { _ in
            var sum = 0
            for _ in 0..<9 { sum &+= source.wrappedValue }
            return sum
        })
        blackHole(readsOnce.wrappedValue)
        blackHole(readsNineTimes.wrappedValue)
        var value = 0
        // Each write dirties both nodes; each run re-reads one, the other
        // stays dirty and costs the next write nothing. The two variants are
        // timed in alternating batches and differenced pair by pair, so drift
        // on the shared machine cancels instead of landing in the difference.
        let batch = 200
        func once() {
            value &+= 1
            source.wrappedValue = opaqueIdentity(value)
            blackHole(readsOnce.wrappedValue)
        }
        func nine() {
            value &+= 1
            source.wrappedValue = opaqueIdentity(value)
            blackHole(readsNineTimes.wrappedValue)
        }
        for _ in 0..<batch { once(); nine() }
        var differences = [Double]()
        let deadline = Stopwatch.now() &+ UInt64(plan.minimumSeconds * 1e9)
        while differences.count < plan.iterations * 2 || Stopwatch.now() < deadline {
            let single = Stopwatch.time { for _ in 0..<batch { once() } }
            let multiple = Stopwatch.time { for _ in 0..<batch { nine() } }
            differences.append((multiple - single) / Double(batch) / 8)
        }
        let singleCounts = AllocationCounter.count(.thread) { for _ in 0..<batch { once() } }
        let multipleCounts = AllocationCounter.count(.thread) { for _ in 0..<batch { nine() } }
        let perRead = Row(
            operation: "extra read inside a rule (9 vs 1, /8)",
            nanosecondsPerOperation: SampleSummary(differences).median,
            mallocsPerOperation: (Double(multipleCounts.allocations) - Double(singleCounts.allocations)) / Double(batch)
                / 8
        )
        let perEdge = Row(
            operation: "edge alone (that minus a stored read)",
            nanosecondsPerOperation: perRead.nanosecondsPerOperation - storedRead.nanosecondsPerOperation,
            mallocsPerOperation: perRead.mallocsPerOperation - storedRead.mallocsPerOperation
        )
        return [perRead, perEdge]
    }

    /// The mechanisms the reference names as a read's and a write's main
    /// costs, measured alone so the README can attribute differences.
    @MainActor
    private static func breakdown() -> [Row] {
        let registrar = ObservationRegistrar()
        let lock = NSRecursiveLock()
        return [
            measure("  part: probe loop + opaqueIdentity", batch: 5_000) {
                blackHole(opaqueIdentity(7))
            },
            measure("  part: NSRecursiveLock lock + unlock", batch: 5_000) {
                lock.lock()
                lock.unlock()
            },
            measure("  part: generic key-path literal", batch: 2_000) {
                blackHole(unspecializedKeyPath(Int.self))
            },
            measure("  part: registrar.access (incl. key path)", batch: 2_000) {
                unspecializedAccess(registrar, Int.self)
            },
            measure("  part: threadDictionary String-key miss", batch: 2_000) {
                blackHole(Thread.current.threadDictionary["StateGraph.currentNode"])
            },
            measure("  part: Task.immediate MainActor hop", batch: 2_000) {
                Task.immediate { @MainActor in blackHole(0) }
            },
        ]
    }

    /// Times `batch` runs of `body` per sample, then counts one more batch's
    /// allocations (after the warm-up, so lazy one-time set-up is excluded).
    @MainActor
    private static func measure(_ name: String, batch: Int, _ body: () -> Void) -> Row {
        let samples = plan.sample {
            for _ in 0..<batch { body() }
        }
        let counts = AllocationCounter.count(.thread) {
            for _ in 0..<batch { body() }
        }
        return Row(
            operation: name,
            nanosecondsPerOperation: SampleSummary(samples).median / Double(batch),
            mallocsPerOperation: Double(counts.allocations) / Double(batch)
        )
    }

    /// The rows as an aligned text table.
    static func table(_ rows: [Row]) -> String {
        let width = max(rows.map(\.operation.count).max() ?? 0, "operation".count)
        func pad(_ text: String, _ count: Int) -> String {
            text + String(repeating: " ", count: max(0, count - text.count))
        }
        var lines = [pad("operation", width) + "   ns/op   mallocs/op"]
        for row in rows {
            let ns = String(format: "%7.0f", row.nanosecondsPerOperation)
            let mallocs = String(format: "%10.2f", row.mallocsPerOperation)
            lines.append(pad(row.operation, width) + " " + ns + "   " + mallocs)
        }
        return lines.joined(separator: "\n")
    }

    /// What the registration hands `storefront --probe stategraph`.
    static let costProbe = CostProbe(
        summary: "the clone's primitive costs: reads, writes, nodes, edges",
        table: { table(run()) })
}

/// Observation subject for the breakdown rows, generic like the nodes' own.
private struct ProbeSubject<Owner>: Observable {
    var wrappedValue: Void { () }
}

// These two stay generic in the optimized binary, as the node code does in
// its own module, so the key path is instantiated at run time on every call.
@_semantics("optimize.sil.specialize.generic.never") @inline(never)
private func unspecializedKeyPath<T>(_: T.Type) -> AnyKeyPath {
    \ProbeSubject<T>.wrappedValue
}

@_semantics("optimize.sil.specialize.generic.never") @inline(never)
private func unspecializedAccess<T>(_ registrar: ObservationRegistrar, _: T.Type) {
    registrar.access(ProbeSubject<T>(), keyPath: \ProbeSubject<T>.wrappedValue)
}
