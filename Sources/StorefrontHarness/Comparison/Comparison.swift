import Foundation
import Measure

/// Two results documents side by side (`storefront compare A B`): for every
/// entry both measured (a suite's port, an interactions action kind, a
/// graph shape, a calibration region, a perf-scenarios probe), B's median
/// as a factor of A's with its bootstrap interval where both have enough
/// samples, and their mallocs and instructions; for the growth suite, each
/// slope in A and B. A regression is marked by `--baseline compare`'s rule:
/// B's factor above the time limit (`Results/thresholds.json`'s
/// `relativeTimeLimit`, 1.25 without one) with its whole interval above 1.
package struct Comparison {
    /// Below this many samples on either side a bootstrap interval says
    /// nothing (the graph suite times stategraph once), so the factor is
    /// shown without one and never marked as a regression.
    static let minimumSamples = 5

    enum Verdict: String {
        case regression, slower, faster, same
        /// Neither side has a time to set against the other.
        case none
    }

    struct Row {
        var entry: String
        var before: Double?
        var after: Double?
        /// B against A; nil when either side lacks a time.
        var factor: Factor?
        var verdict = Verdict.none
        /// Per iteration, per cycle, or per unit for a probe.
        var mallocs: (before: Double?, after: Double?) = (nil, nil)
        var instructions: (before: Double?, after: Double?) = (nil, nil)
        /// Why a row has no factor: a side failed, or did not run it.
        var note: String?
    }

    struct SuiteRows {
        var suite: String
        var rows: [Row]
        /// The growth suite's slopes (`Comparison+Growth.swift`).
        var growth: [GrowthRow] = []

        var isEmpty: Bool { rows.isEmpty && growth.isEmpty }
    }

    let before: ComparedRun
    let after: ComparedRun
    let timeLimit: Double
    private(set) var warnings: [String] = []
    private(set) var suites: [SuiteRows] = []

    /// The suites both runs hold.
    package var sharedSuites: [String] {
        let old = Set(before.document.suites.map(\.suite))
        return after.document.suites.map(\.suite).filter(old.contains)
    }

    /// Rows where B's time was set against A's: zero means the comparison
    /// checked nothing (no entry timed on both sides), whatever it printed.
    package var comparedTimes: Int {
        suites.reduce(0) { count, suite in count + suite.rows.count { $0.factor?.value != nil } }
    }

    /// Times compare only when both ran the same workload.
    package var timesCompare: Bool { before.document.workload.isSameWorkload(as: after.document.workload) }

    package var regressions: [String] {
        suites.flatMap { suite in
            suite.rows.filter { $0.verdict == .regression }.map { row in
                "\(suite.suite)/\(row.entry) is \(String(format: "%.2f", row.factor?.value ?? 0))× A's median, above the "
                    + "limit of \(String(format: "%.2f", timeLimit))×"
            }
        }
    }

    package init(_ before: ComparedRun, _ after: ComparedRun, timeLimit: Double) {
        self.before = before
        self.after = after
        self.timeLimit = timeLimit
        let old = before.document, new = after.document
        if !old.environment.timesCompare(with: new.environment) {
            warnings.append(
                "A ran on \(old.environment.cpuModel), \(old.environment.logicalCores) cores, "
                    + "\(old.environment.buildConfiguration) build; B on \(new.environment.cpuModel), "
                    + "\(new.environment.logicalCores) cores, \(new.environment.buildConfiguration) build: times may not compare"
            )
        }
        if !timesCompare {
            warnings.append(
                "A ran the \(old.workload.label) workload, B the \(new.workload.label): their times do not "
                    + "compare, so no factor is computed and none is marked as a regression")
        }
        warnings += Self.runtimeChanges(old, new)
        var names = old.suites.map(\.suite)
        for suite in new.suites where !names.contains(suite.suite) { names.append(suite.suite) }
        suites = names.map { name in
            let a = old.suites.first { $0.suite == name }, b = new.suites.first { $0.suite == name }
            return SuiteRows(suite: name, rows: rows(a, b), growth: timesCompare ? Self.growthRows(a, b) : [])
        }
    }

    /// A runtime whose version, source or build differs between the runs:
    /// its rows then compare two different things.
    static func runtimeChanges(_ old: ResultsDocument, _ new: ResultsDocument) -> [String] {
        guard let oldLineup = old.lineup, let newLineup = new.lineup else { return [] }
        return newLineup.compactMap { after in
            guard let before = oldLineup.first(where: { $0.name == after.name }) else { return nil }
            var changed: [String] = []
            if before.version != after.version { changed.append("version \(before.version) → \(after.version)") }
            if before.source != after.source { changed.append("source \(before.source) → \(after.source)") }
            if before.buildKey != after.buildKey { changed.append("build \(before.buildKey) → \(after.buildKey)") }
            return changed.isEmpty ? nil : "\(after.name) changed between A and B: " + changed.joined(separator: ", ")
        }
    }

    private func rows(_ a: SuiteResult?, _ b: SuiteResult?) -> [Row] {
        entries(a, b, \.runtimes, key: \.runtime).map { old, new in portRow(old, new) }
            + actionKindRows(a?.runtimes ?? [], b?.runtimes ?? [])
            + entries(a, b, \.shapes, key: { "\($0.shape)/\($0.runtime)" }).map { old, new in shapeRow(old, new) }
            + entries(a, b, \.regions, key: \.region).map { old, new in regionRow(old, new) }
            + entries(a, b, \.probes, key: \.probe).map { old, new in probeRow(old, new) }
    }

    /// The entries of either side under `path`, paired by `key`, in A's order then B's.
    private func entries<Entry>(
        _ a: SuiteResult?, _ b: SuiteResult?, _ path: KeyPath<SuiteResult, [Entry]?>,
        key: (Entry) -> String
    ) -> [(Entry?, Entry?)] {
        let old = a?[keyPath: path] ?? [], new = b?[keyPath: path] ?? []
        var keys = old.map(key)
        for entry in new where !keys.contains(key(entry)) { keys.append(key(entry)) }
        return keys.map { name in (old.first { key($0) == name }, new.first { key($0) == name }) }
    }

    private func portRow(_ old: RuntimeResult?, _ new: RuntimeResult?) -> Row {
        var row = timed(
            old?.runtime ?? new?.runtime ?? "", old?.wallNanoseconds?.median, new?.wallNanoseconds?.median,
            old?.samplesNanoseconds, new?.samplesNanoseconds,
            processes: (old?.samplesPerProcess, new?.samplesPerProcess))
        row.mallocs = (old?.mallocsPerIteration.map { Double($0) }, new?.mallocsPerIteration.map { Double($0) })
        row.instructions = (old.flatMap(ReportRenderer.instructionCount), new.flatMap(ReportRenderer.instructionCount))
        row.note = missing(old, new) {
            $0.gate == "failed" ? "failed the gate: \($0.gateFailure ?? "no reason recorded")" : nil
        }
        return row
    }

    private func actionKindRows(_ old: [RuntimeResult], _ new: [RuntimeResult]) -> [Row] {
        return ActionKindResult.kinds(in: old + new).flatMap { kind in
            var ports = old.map(\.runtime)
            for result in new where !ports.contains(result.runtime) { ports.append(result.runtime) }
            return ports.compactMap { port -> Row? in
                let a = old.first { $0.runtime == port }?.actionKinds?.first { $0.kind == kind }
                let b = new.first { $0.runtime == port }?.actionKinds?.first { $0.kind == kind }
                guard a != nil || b != nil else { return nil }
                var row = timed(
                    "\(port)/\(kind)", a?.wallNanoseconds.median, b?.wallNanoseconds.median,
                    a?.samplesNanoseconds, b?.samplesNanoseconds,
                    processes: (a?.samplesPerProcess, b?.samplesPerProcess))
                row.mallocs = (a.map { Double($0.mallocsPerCycle) }, b.map { Double($0.mallocsPerCycle) })
                row.note = missing(a, b) { _ in nil }
                return row
            }
        }
    }

    private func shapeRow(_ old: GraphShapeResult?, _ new: GraphShapeResult?) -> Row {
        let name = old.map { "\($0.shape)/\($0.runtime)" } ?? new.map { "\($0.shape)/\($0.runtime)" } ?? ""
        var row = timed(
            name, old?.medianNanoseconds, new?.medianNanoseconds, old?.samplesNanoseconds, new?.samplesNanoseconds)
        row.mallocs = (old?.mallocsPerIteration.map { Double($0) }, new?.mallocsPerIteration.map { Double($0) })
        row.note = missing(old, new) {
            $0.verified == "passed" ? nil : "failed its count check: \($0.failure ?? "no reason recorded")"
        }
        return row
    }

    private func regionRow(_ old: CalibrationResult?, _ new: CalibrationResult?) -> Row {
        var row = timed(
            old?.region ?? new?.region ?? "", old?.wallNanoseconds.median, new?.wallNanoseconds.median,
            old?.samplesNanoseconds, new?.samplesNanoseconds)
        row.mallocs = (old.map { Double($0.allocations.allocations) }, new.map { Double($0.allocations.allocations) })
        row.instructions = (
            old?.counters["callgrind-instructions"]?.value, new?.counters["callgrind-instructions"]?.value
        )
        row.note = missing(old, new) { _ in nil }
        return row
    }

    /// A perf-scenarios probe: its time, mallocs and instructions per unit.
    private func probeRow(_ old: ScenarioProbeResult?, _ new: ScenarioProbeResult?) -> Row {
        let unit = old?.unit ?? new?.unit ?? "unit"
        var row = timed(
            "\(old?.probe ?? new?.probe ?? "") (per \(unit))", old?.wallNanoseconds?.median,
            new?.wallNanoseconds?.median, old?.samplesNanoseconds, new?.samplesNanoseconds)
        row.mallocs = (old?.mallocsPerUnit, new?.mallocsPerUnit)
        row.instructions = (old?.instructionsPerUnit?.value, new?.instructionsPerUnit?.value)
        row.note = missing(old, new) {
            $0.verified == "passed" ? nil : "failed its value check: \($0.failure ?? "no reason recorded")"
        }
        return row
    }

    /// Why a row has no factor: "only in A", "only in B", or a side's
    /// failure as `failure` words it ("failed in B: …").
    private func missing<Entry>(_ old: Entry?, _ new: Entry?, failure: (Entry) -> String?) -> String? {
        guard let old else { return "not in A" }
        guard let new else { return "not in B" }
        let failures = [("A", failure(old)), ("B", failure(new))].compactMap { side, reason in
            reason.map { "\(side) \($0)" }
        }
        return failures.isEmpty ? nil : failures.joined(separator: "; ")
    }

    /// A row's medians, and B's factor against A with its verdict when
    /// both have a time and the workloads match. `processes` holds each
    /// side's samples per process, where they came from several: the two
    /// runs' processes are independent, so each side is resampled alone.
    private func timed(
        _ entry: String, _ before: Double?, _ after: Double?, _ samplesBefore: [Double]?,
        _ samplesAfter: [Double]?, processes: ([Int]?, [Int]?) = (nil, nil)
    ) -> Row {
        var row = Row(entry: entry, before: before, after: after)
        guard timesCompare, let before, let after, before > 0 else { return row }
        let old = samplesBefore ?? [], new = samplesAfter ?? []
        guard old.count >= Self.minimumSamples, new.count >= Self.minimumSamples else {
            var factor = Factor(unavailable: "too few samples for an interval (\(old.count) and \(new.count))")
            factor.value = after / before
            row.factor = factor
            return row
        }
        guard let newSamples = ProcessSamples.regrouped(new, counts: processes.1 ?? [new.count]),
            let oldSamples = ProcessSamples.regrouped(old, counts: processes.0 ?? [old.count])
        else {
            var factor = Factor(unavailable: "the samples do not match their per-process counts")
            factor.value = after / before
            row.factor = factor
            return row
        }
        let comparison = PairedComparison(newSamples, against: oldSamples, sameProcesses: false)
        row.factor = Factor(comparison)
        switch comparison.verdict {
        case .higher: row.verdict = comparison.ratio > timeLimit ? .regression : .slower
        case .lower: row.verdict = .faster
        case .undecided: row.verdict = .same
        }
        return row
    }
}
