import Foundation
import Measure

/// Saved results to compare later runs with, under `Results/baselines/`.
/// A baseline keeps the whole results document, fingerprint included, so a
/// comparison on another machine or build can say so.
package enum Baselines {
    static func file(_ name: String, root: URL) throws -> URL {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
        guard let first = name.first, first.isLetter || first.isNumber, name.allSatisfy(allowed.contains) else {
            throw ToolFailure(
                .failure,
                "baseline name '\(name)' must start with a letter or digit and use only letters, digits, "
                    + "'.', '_' and '-' (it names Results/baselines/NAME.json)")
        }
        return root.appendingPathComponent("Results/baselines/\(name).json")
    }

    /// Fails, before any measuring, when `name` could not be saved: a name
    /// the tool does not accept, a directory where its file must go, or a
    /// saved baseline of that name when `replacing` was not asked for (a
    /// baseline is published data: replacing one silently would change what
    /// every later comparison is held to).
    package static func checkSavable(_ name: String, root: URL, replacing: Bool) throws {
        let destination = try file(name, root: root)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: destination.path, isDirectory: &isDirectory) else { return }
        if isDirectory.boolValue {
            throw ToolFailure(
                .failure,
                "cannot save baseline '\(name)': \(destination.path) is a directory; "
                    + "move it away or choose another name")
        }
        if !replacing {
            throw ToolFailure(
                .failure,
                "baseline '\(name)' is already saved at \(destination.path); choose another name, or add "
                    + "--replace-baseline to write over it")
        }
    }

    package static func save(_ document: ResultsDocument, as name: String, root: URL) throws -> URL {
        let destination = try file(name, root: root)
        return try RecordWriter.write(
            try ReportRenderer.encoder.encode(document),
            named: destination.lastPathComponent, in: destination.deletingLastPathComponent())
    }

    package static func load(_ name: String, root: URL) throws -> ResultsDocument {
        let source = try file(name, root: root)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: source.path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw ToolFailure(
                .failure,
                "baseline '\(name)': \(source.path) is a directory, not a saved baseline; "
                    + "move it away or choose another name")
        }
        guard let data = try? Data(contentsOf: source) else {
            let saved =
                (try? FileManager.default.contentsOfDirectory(atPath: source.deletingLastPathComponent().path))?
                .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted() ?? []
            throw ToolFailure(
                .baselineMissing,
                "no baseline named '\(name)' at \(source.path); saved: "
                    + (saved.isEmpty ? "none (save one with --baseline save NAME)" : saved.joined(separator: ", ")))
        }
        // The schema is read on its own first: an older document lacks keys
        // this one needs, and should be named as older, not as corrupt.
        if let schema = try? JSONDecoder().decode(SchemaOnly.self, from: data).schema,
            !ResultsDocument.readableSchemas.contains(schema)
        {
            throw ToolFailure(
                .failure,
                "baseline '\(name)' has schema \(schema); this tool reads "
                    + ResultsDocument.readableSchemas.sorted().joined(separator: " and ") + ": save it again")
        }
        let document: ResultsDocument
        do {
            document = try JSONDecoder().decode(ResultsDocument.self, from: data)
        } catch {
            throw ToolFailure(
                .failure,
                "baseline '\(name)' at \(source.path) is corrupt: \(DecodingProblem.words(error)); save it again")
        }
        if let problem = ResultsDocument.readBackProblem(in: data) {
            throw ToolFailure(
                .failure, "baseline '\(name)' at \(source.path) cannot be compared with: \(problem); save it again")
        }
        return document
    }

    private struct SchemaOnly: Decodable {
        var schema: String
    }

    /// Refuses, before measuring, a comparison that would compare nothing:
    /// a baseline of another workload (its times do not compare with this
    /// run's) or one holding none of the suites this run times. A check
    /// that compares nothing must not pass as one that found no regression.
    package static func checkComparable(_ baseline: ResultsDocument, name: String, options: Options) throws {
        let planned = WorkloadInfo(scale: options.scale, seed: options.seed)
        if !baseline.workload.isSameWorkload(as: planned) {
            throw ToolFailure(
                .failure,
                "baseline '\(name)' holds the \(baseline.workload.label) workload and this run would play the "
                    + "\(planned.label); their times do not compare, so the check would compare nothing: run "
                    + "with the baseline's --scale and --seed, or save a baseline of this workload")
        }
        let compared = baseline.suites.filter { $0.runtimes != nil || $0.probes != nil }.map(\.suite)
        let measured = options.suites.map(\.rawValue)
        if !measured.contains(where: compared.contains) {
            throw ToolFailure(
                .failure,
                "baseline '\(name)' times \(compared.isEmpty ? "no suite" : compared.joined(separator: ", ")) "
                    + "and this run measures \(measured.joined(separator: ", ")); the check would compare "
                    + "nothing: run a suite the baseline holds, or save a baseline of these suites")
        }
        // A shared suite compares nothing either when the baseline timed
        // none of the ports this run measures there.
        let chosen = Set(options.runtimes.map(\.name))
        let shared = baseline.suites.filter { measured.contains($0.suite) }
        let timedThere = shared.contains { suite in
            (suite.runtimes ?? []).contains { chosen.contains($0.runtime) && $0.samplesNanoseconds != nil }
                || (suite.probes ?? []).contains { $0.verified == "passed" && $0.samplesNanoseconds != nil }
        }
        if !timedThere {
            let held = Set(
                shared.flatMap { ($0.runtimes ?? []).filter { $0.samplesNanoseconds != nil }.map(\.runtime) })
            throw ToolFailure(
                .failure,
                "baseline '\(name)' times "
                    + (held.isEmpty ? "no port" : "only \(held.sorted().joined(separator: ", "))")
                    + " in \(shared.map(\.suite).joined(separator: ", ")) and this run measures "
                    + "\(options.runtimes.map(\.name).joined(separator: ", ")); the check would compare nothing: "
                    + "run a port the baseline holds, or save a baseline of these ports")
        }
    }

    /// The comparison's report lines and its regressions.
    package static func compare(
        _ current: ResultsDocument, with baseline: ResultsDocument, name: String,
        timeLimit: Double
    ) -> (lines: [String], regressions: [String]) {
        var lines: [String] = []
        var regressions: [String] = []
        if !baseline.environment.timesCompare(with: current.environment) {
            lines.append(
                "warning: baseline '\(name)' was recorded on \(baseline.environment.cpuModel), "
                    + "\(baseline.environment.logicalCores) cores, \(baseline.environment.buildConfiguration) build; "
                    + "times may not compare")
        }
        if !baseline.workload.isSameWorkload(as: current.workload) {
            lines.append(
                "warning: baseline '\(name)' ran the \(baseline.workload.label) workload, this run the "
                    + "\(current.workload.label); their times do not compare, so none are compared")
        }
        lines.append("against baseline '\(name)' (recorded \(baseline.recordedAt)):")
        for suite in current.suites {
            guard let old = baseline.suites.first(where: { $0.suite == suite.suite }) else { continue }
            for result in suite.runtimes ?? [] {
                guard let was = old.runtimes?.first(where: { $0.runtime == result.runtime }),
                    let now = result.wallNanoseconds, let then = was.wallNanoseconds,
                    let samples = result.processSamples, let baselineSamples = was.processSamples,
                    baseline.workload.isSameWorkload(as: current.workload)
                else { continue }
                // The baseline's processes are not this run's: each side is resampled alone.
                let comparison = PairedComparison(samples, against: baselineSamples, sameProcesses: false)
                var line =
                    "  \(suite.suite)/\(result.runtime): median \(ReportRenderer.duration(now.median)) vs "
                    + "\(ReportRenderer.duration(then.median)), \(ReportRenderer.factor(Factor(comparison)))"
                if let mallocs = result.mallocsPerIteration, let oldMallocs = was.mallocsPerIteration {
                    line += "; mallocs \(mallocs) vs \(oldMallocs)"
                }
                lines.append(line)
                if comparison.ratio > timeLimit, comparison.verdict == .higher {
                    regressions.append(
                        "\(suite.suite)/\(result.runtime) is \(String(format: "%.2f", comparison.ratio))× "
                            + "its baseline's median, above the limit of \(String(format: "%.2f", timeLimit))×")
                }
            }
        }
        let probes = compareProbes(current, with: baseline, timeLimit: timeLimit)
        return (lines + probes.lines, regressions + probes.regressions)
    }

    /// The factor a probe's count may exceed its baseline's by. Turn and
    /// node counts repeat exactly in every process of one build, so any
    /// increase is a regression (PERF-02's retains and releases, PERF-07's
    /// notices). Building a whole graph (PERF-03) does not: across
    /// processes of one build its heap peak read 150,216 to 155,368 B (3.4%)
    /// and its mallocs 302.5 to 303 and releases 5,914.75 to 5,915 per
    /// graph (presumably Swift's per-process hash seed), so its counts get 5%.
    static func tolerance(_ count: String, memory: Bool) -> Double {
        memory ? 1.05 : 1
    }

    /// The perf-scenarios probes against the baseline's, each count by
    /// `tolerance`, and a time per unit by the same rule as a port's.
    /// A debug build's counts do not compare with a release build's.
    static func compareProbes(
        _ current: ResultsDocument, with baseline: ResultsDocument, timeLimit: Double
    ) -> (lines: [String], regressions: [String]) {
        let old = baseline.suites.flatMap { $0.probes ?? [] }.filter { $0.verified == "passed" }
        let new = current.suites.flatMap { $0.probes ?? [] }.filter { $0.verified == "passed" }
        guard !old.isEmpty, !new.isEmpty else { return ([], []) }
        guard baseline.environment.buildConfiguration == current.environment.buildConfiguration else {
            return (
                [
                    "  perf-scenarios: not compared: the baseline is a \(baseline.environment.buildConfiguration) "
                        + "build, this run a \(current.environment.buildConfiguration) build, whose counts differ"
                ], []
            )
        }
        var lines: [String] = []
        var regressions: [String] = []
        for probe in new {
            guard let was = old.first(where: { $0.probe == probe.probe }) else { continue }
            var parts: [String] = []
            let before = Dictionary(was.counts.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
            for (name, value) in probe.counts {
                guard let now = value, let then = before[name] ?? nil else { continue }
                parts.append("\(name) \(ReportRenderer.perUnit(now)) vs \(ReportRenderer.perUnit(then))")
                if now > then * tolerance(name, memory: probe.peakHeapBytes != nil) + 0.001 {
                    regressions.append(
                        "perf-scenarios/\(probe.probe): \(name) \(ReportRenderer.perUnit(now)), above the "
                            + "baseline's \(ReportRenderer.perUnit(then))")
                }
            }
            if let samples = probe.samplesNanoseconds, let baselineSamples = was.samplesNanoseconds,
                !samples.isEmpty, !baselineSamples.isEmpty, baseline.environment.timesCompare(with: current.environment)
            {
                let comparison = PairedComparison(samples, against: baselineSamples)
                parts.insert("median per \(probe.unit) \(ReportRenderer.factor(Factor(comparison)))", at: 0)
                if comparison.ratio > timeLimit, comparison.verdict == .higher {
                    regressions.append(
                        "perf-scenarios/\(probe.probe) is \(String(format: "%.2f", comparison.ratio))× its "
                            + "baseline's median, above the limit of \(String(format: "%.2f", timeLimit))×")
                }
            }
            lines.append("  perf-scenarios/\(probe.probe): " + parts.joined(separator: "; "))
        }
        return (lines, regressions)
    }
}

extension EnvironmentFingerprint {
    /// Whether times taken in `other` compare with times taken here: the
    /// same processor model, core count and build configuration.
    func timesCompare(with other: EnvironmentFingerprint) -> Bool {
        cpuModel == other.cpuModel && logicalCores == other.logicalCores
            && buildConfiguration == other.buildConfiguration
    }
}
