import Measure
import Workload

/// One port's cost for one kind of action in the interactions cycle
/// (`RuntimeResult.actionKinds`): the samples of that kind's actions only,
/// their summary, the factor against the fastest port for the same kind,
/// and what those actions allocated in the counted cycle.
struct ActionKindResult: Codable, Equatable {
    /// An `ActionKind` raw value: quantity, filter-on, filter-off, page or other.
    var kind: String
    /// Actions of this kind in one cycle.
    var actionsPerCycle: Int
    var wallNanoseconds: WallTime
    /// Every timed action of this kind, iteration by iteration and process
    /// after process, so two ports' samples pair up the way their
    /// whole-cycle samples do.
    var samplesNanoseconds: [Double]
    /// How many of `samplesNanoseconds` each process took; absent for one.
    var samplesPerProcess: [Int]? = nil
    /// Allocations by this kind's actions in the counted cycle.
    var mallocsPerCycle: UInt64
    var bytesPerCycle: UInt64
    var mallocsPerAction: Double
    var factorVsFastest: Factor? = nil
    /// Callgrind instructions per action of this kind, from one play of the
    /// cycle with a region around each action (absent in records before
    /// 2026-12-03).
    var instructionsPerAction: Reading? = nil
    /// Callgrind's retain and release calls per action of this kind, from
    /// the same play (absent in records before schema 6).
    var retainsPerAction: Reading? = nil
    var releasesPerAction: Reading? = nil
}

extension ActionKindResult {
    /// Splits one port's interactions measurements by kind. `samples` holds
    /// one sample per action, whole cycles of `cycle` in order (what the
    /// interactions plan appends); `allocations` holds one count per action
    /// of one counted cycle. Kinds come in the order they first appear.
    /// Each process's samples are whole cycles and are split on their own.
    static func split(samples: ProcessSamples, allocations: [AllocationCounts], cycle: [UserAction])
        -> [ActionKindResult]
    {
        precondition(
            !cycle.isEmpty && samples.processes.allSatisfy { $0.count % cycle.count == 0 }
                && allocations.count == cycle.count,
            "interactions samples must be whole cycles, with one allocation count per action of a cycle")
        let kinds = cycle.map(ActionKind.init)
        return ActionKind.kinds(in: cycle).map { kind in
            let positions = kinds.indices.filter { kinds[$0] == kind }
            let taken = ProcessSamples(
                samples.processes.map { process in
                    process.indices.filter { kinds[$0 % cycle.count] == kind }.map { process[$0] }
                })
            let mallocs = positions.reduce(0) { $0 + allocations[$1].allocations }
            return ActionKindResult(
                kind: kind.rawValue,
                actionsPerCycle: positions.count,
                wallNanoseconds: WallTime(taken),
                samplesNanoseconds: taken.all,
                samplesPerProcess: taken.processes.count > 1 ? taken.processes.map(\.count) : nil,
                mallocsPerCycle: mallocs,
                bytesPerCycle: positions.reduce(0) { $0 + allocations[$1].bytesRequested },
                mallocsPerAction: Double(mallocs) / Double(positions.count))
        }
    }

    /// The samples, regrouped by process; nil when they do not fit the
    /// counts (an edited file).
    var processSamples: ProcessSamples? {
        ProcessSamples.regrouped(samplesNanoseconds, counts: samplesPerProcess ?? [samplesNanoseconds.count])
    }

    /// The kinds any of `results` has, in the order they first appear (the
    /// cycle's order), for tables and rows that go kind by kind.
    static func kinds(in results: [RuntimeResult]) -> [String] {
        var kinds: [String] = []
        for kind in results.flatMap({ $0.actionKinds ?? [] }).map(\.kind) where !kinds.contains(kind) {
            kinds.append(kind)
        }
        return kinds
    }

    /// Each port's instructions per action of `kind` as a factor of the
    /// fewest among `results`, by port; empty when none was counted.
    static func instructionFactors(_ results: [RuntimeResult], kind: String) -> [String: Double] {
        ReportRenderer.factorsOfFewest(
            results.compactMap { result in
                result.actionKinds?.first { $0.kind == kind }?.instructionsPerAction?.value.map { (result.runtime, $0) }
            })
    }

    /// Whether any of `results` has a kind with instructions counted: the
    /// per-kind tables add their instruction columns only then.
    static func instructionsCounted(in results: [RuntimeResult]) -> Bool {
        results.contains { $0.actionKinds?.contains { $0.instructionsPerAction?.value != nil } ?? false }
    }

    /// Fills each kind's `factorVsFastest` against the port whose median for
    /// that kind is lowest: a port fast over the whole cycle may still be
    /// the slow one at a single kind.
    static func compareWithFastest(_ results: inout [RuntimeResult]) {
        for kind in kinds(in: results) {
            let entries = results.compactMap { $0.actionKinds?.first { $0.kind == kind } }
            guard let fastest = entries.min(by: { $0.wallNanoseconds.median < $1.wallNanoseconds.median }) else {
                continue
            }
            for port in results.indices {
                guard let index = results[port].actionKinds?.firstIndex(where: { $0.kind == kind }) else { continue }
                guard let samples = results[port].actionKinds![index].processSamples,
                    let fastestSamples = fastest.processSamples
                else { continue }
                results[port].actionKinds![index].factorVsFastest =
                    Factor(PairedComparison(samples, against: fastestSamples))
            }
        }
    }
}
