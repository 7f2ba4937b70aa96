import Foundation
import Workload

/// The committed limits a run is held to (`Results/thresholds.json`): exact
/// malloc counts for the cuts the design documents gate, per scale, suite
/// and port; the work counts (renders, and recomputations where a runtime
/// counts them), held exactly both ways, so that a lost equality cut-off
/// fails like an extra malloc and work skipped out of sight fails too;
/// ceilings on peak and retained heap, so that memory freed late shows;
/// one-sided instruction ceilings (PERF-10); and the time ratio a baseline
/// comparison tolerates.
package struct Thresholds: Codable {
    /// For the reader of the file: one line per table saying what it holds
    /// (a single string is one line). The history is in docs/thresholds.md.
    var note: [String]
    /// A port is slower than its baseline when its median exceeds the
    /// baseline's by more than this factor.
    package var relativeTimeLimit: Double
    /// scale → suite → port → the highest mallocs per action allowed.
    var mallocsPerAction: [String: [String: [String: Double]]]
    /// scale → suite → port → the highest mallocs per iteration allowed.
    var mallocsPerIteration: [String: [String: [String: UInt64]]]
    /// scale → suite → port → the view renders one run takes, exactly.
    var renders: [String: [String: [String: Int]]] = [:]
    /// scale → suite → port → the recomputations one run takes, exactly.
    var recomputations: [String: [String: [String: Int]]] = [:]
    /// scale → suite → port → the highest peak of live heap bytes allowed.
    var peakLiveBytes: [String: [String: [String: Int64]]] = [:]
    /// scale → suite → port → the most heap bytes a run may leave held.
    var retainedBytes: [String: [String: [String: Int64]]] = [:]
    /// perf-scenarios probe → count (`mallocsPerUnit`, `retainsPerUnit`,
    /// `releasesPerUnit`, `noticesPerUnit`, `peakHeapBytes`) → the most one
    /// unit may cost. The probes do not depend on the workload's scale.
    var perfScenarios: [String: [String: Double]] = [:]
    /// scale → suite → port → the most callgrind instructions one iteration
    /// may take (PERF-10). The `cog` port built with the `CompactArena`
    /// trait has its own ceiling, under `cog+CompactArena`.
    var instructionsPerIteration: [String: [String: [String: UInt64]]] = [:]

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case note, relativeTimeLimit, mallocsPerAction, mallocsPerIteration, renders, recomputations, perfScenarios
        case instructionsPerIteration, peakLiveBytes, retainedBytes
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        note =
            try (try? container.decode(String.self, forKey: .note)).map { [$0] }
            ?? container.decode([String].self, forKey: .note)
        relativeTimeLimit = try container.decode(Double.self, forKey: .relativeTimeLimit)
        mallocsPerAction = try container.decode([String: [String: [String: Double]]].self, forKey: .mallocsPerAction)
        mallocsPerIteration = try container.decode(
            [String: [String: [String: UInt64]]].self, forKey: .mallocsPerIteration)
        // Work counts joined the file later; a file without them pins none.
        renders = try container.decodeIfPresent([String: [String: [String: Int]]].self, forKey: .renders) ?? [:]
        recomputations =
            try container.decodeIfPresent(
                [String: [String: [String: Int]]].self,
                forKey: .recomputations) ?? [:]
        peakLiveBytes =
            try container.decodeIfPresent([String: [String: [String: Int64]]].self, forKey: .peakLiveBytes) ?? [:]
        retainedBytes =
            try container.decodeIfPresent([String: [String: [String: Int64]]].self, forKey: .retainedBytes) ?? [:]
        perfScenarios = try container.decodeIfPresent([String: [String: Double]].self, forKey: .perfScenarios) ?? [:]
        instructionsPerIteration =
            try container.decodeIfPresent(
                [String: [String: [String: UInt64]]].self, forKey: .instructionsPerIteration) ?? [:]
    }

    /// The committed file under `root`, or `file` when one was named
    /// (`--thresholds FILE`).
    package static func load(root: URL?, file named: URL? = nil) throws -> Thresholds {
        guard let file = named ?? root.map(Self.file) else {
            throw ToolFailure(.failure, "--check-thresholds needs the package root or --thresholds FILE")
        }
        guard let thresholds = try loadIfPresent(file: file) else {
            throw ToolFailure(
                .failure,
                named == nil
                    ? "no thresholds file at \(file.path); --check-thresholds needs one"
                    : "--thresholds \(file.path) names no file; give the path of a thresholds JSON document")
        }
        return thresholds
    }

    /// The committed thresholds file, or nil when there is none.
    package static func loadIfPresent(root: URL) throws -> Thresholds? {
        try loadIfPresent(file: file(root))
    }

    /// The thresholds file, or nil when there is none; a file that is there
    /// but unreadable, malformed or out of range is an error, never ignored.
    private static func loadIfPresent(file: URL) throws -> Thresholds? {
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        guard let data = try? Data(contentsOf: file) else {
            throw ToolFailure(
                .failure, "\(file.path) cannot be read as a file; it must be the thresholds JSON document")
        }
        if let key = StrictJSON.duplicateKey(in: data) {
            throw ToolFailure(
                .failure,
                "\(file.path): \(key) is given twice; give each key once (readers differ on which value wins)")
        }
        if let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
            let known = Set(CodingKeys.allCases.map(\.rawValue))
            if let unknown = root.keys.sorted().first(where: { !known.contains($0) }) {
                throw ToolFailure(
                    .failure,
                    "\(file.path): unknown key '\(unknown)' (a pin under it would check nothing); the keys are "
                        + CodingKeys.allCases.map(\.rawValue).joined(separator: ", "))
            }
        }
        if let problem = wholeNumberProblem(in: data) { throw ToolFailure(.failure, "\(file.path): \(problem)") }
        let thresholds: Thresholds
        do {
            thresholds = try JSONDecoder().decode(Thresholds.self, from: data)
        } catch let DecodingError.typeMismatch(type, context), let DecodingError.valueNotFound(type, context) {
            let wanted =
                [UInt64.self, Int.self].contains { $0 == type } ? "a whole number ≥ 0" : DecodingProblem.kind(type)
            throw ToolFailure(
                .failure, "\(file.path): \(DecodingProblem.path(context.codingPath)) must be \(wanted)")
        } catch let DecodingError.dataCorrupted(context) where !context.codingPath.isEmpty {
            throw ToolFailure(
                .failure,
                "\(file.path): \(DecodingProblem.path(context.codingPath)) must be a whole number ≥ 0 or a number")
        } catch let DecodingError.keyNotFound(key, context) {
            throw ToolFailure(
                .failure,
                "\(file.path): \(DecodingProblem.path(context.codingPath + [key])) is missing; every thresholds file "
                    + "has note, relativeTimeLimit, mallocsPerAction and mallocsPerIteration")
        } catch {
            throw ToolFailure(
                .failure, "\(file.path) is not a valid thresholds file: \(DecodingProblem.words(error))")
        }
        guard thresholds.relativeTimeLimit >= 1, thresholds.relativeTimeLimit.isFinite else {
            throw ToolFailure(
                .failure,
                "\(file.path): relativeTimeLimit must be a factor of at least 1 "
                    + "(1.25 lets a port run 25% slower than its baseline), got \(thresholds.relativeTimeLimit)")
        }
        return thresholds
    }

    private static func file(_ root: URL) -> URL { root.appendingPathComponent("Results/thresholds.json") }

    /// The fields whose limits are whole counts.
    private static let wholeNumberFields = [
        "mallocsPerIteration", "renders", "recomputations", "instructionsPerIteration", "peakLiveBytes",
        "retainedBytes",
    ]

    /// The first limit of a whole-count field that is negative or not whole,
    /// by its path: the decoder itself would only call the file "not valid
    /// JSON" (Foundation on Linux reports a negative count that way).
    private static func wholeNumberProblem(in data: Data) -> String? {
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        func walk(_ value: Any, _ path: String) -> String? {
            if let table = value as? [String: Any] {
                for key in table.keys.sorted() {
                    if let problem = walk(table[key]!, path + "." + key) { return problem }
                }
                return nil
            }
            guard let number = value as? NSNumber else { return nil }
            let double = number.doubleValue
            // Every count is read as a signed or unsigned 64-bit integer;
            // past 2^63 the decoder could only call the file "not valid JSON".
            guard double >= 0, double == double.rounded(), double < 9_223_372_036_854_775_808 else {
                return "\(path) must be a whole number from 0 to 2^63 − 1, got \(number)"
            }
            return nil
        }
        for field in wholeNumberFields {
            if let table = root[field], let problem = walk(table, field) { return problem }
        }
        return nil
    }

    /// "mallocsPerIteration.small.session.cog".
    /// What makes these thresholds unable to check `options`' run, found
    /// before measuring: a name no scale, suite or runtime of the lineup
    /// has (such a pin would check nothing), a negative limit (every port
    /// would "regress"; 0 is a real pin: PERF-02 promises no malloc), or a pinned count this run will not
    /// take (instructions or retains without callgrind).
    package func problems(for options: Options) -> [String] {
        var found: [String] = []
        let scales = Set(Scale.allCases.map(\.rawValue))
        // The growth suite has no pins: its sizes are its own, not a scale's.
        let suites = Set(Suite.allCases.filter { $0 != .growth }.map(\.rawValue))
        let names = Set(options.lineup.map(\.name) + [Suite.computeControl.rawValue])
        func checkTable<Limit: Comparable & Numeric>(_ table: [String: [String: [String: Limit]]], _ field: String) {
            for (scale, bySuite) in table.sorted(by: { $0.key < $1.key }) {
                if !scales.contains(scale) { found.append("\(field): unknown scale '\(scale)'") }
                for (suite, byPort) in bySuite.sorted(by: { $0.key < $1.key }) {
                    if !suites.contains(suite) { found.append("\(field).\(scale): unknown suite '\(suite)'") }
                    for (port, limit) in byPort.sorted(by: { $0.key < $1.key }) {
                        let name = String(port.prefix { $0 != "+" })
                        if !names.contains(name) {
                            found.append("\(field).\(scale).\(suite): no runtime of this lineup is named '\(port)'")
                        }
                        // 0 is the strictest pin there is (none at all), never a typo's default.
                        if limit < 0 {
                            found.append("\(field).\(scale).\(suite).\(port): a limit cannot be negative, got \(limit)")
                        }
                    }
                }
            }
        }
        checkTable(mallocsPerAction, "mallocsPerAction")
        checkTable(mallocsPerIteration, "mallocsPerIteration")
        checkTable(renders, "renders")
        checkTable(recomputations, "recomputations")
        checkTable(instructionsPerIteration, "instructionsPerIteration")
        checkTable(peakLiveBytes, "peakLiveBytes")
        checkTable(retainedBytes, "retainedBytes")
        let probes = ScenarioSuiteRunner.probes(of: options.lineup).map(\.name)
        let probeCounts = ScenarioProbeResult.countNames
        for (probe, pins) in perfScenarios.sorted(by: { $0.key < $1.key }) {
            if !probes.contains(probe) {
                found.append(
                    "perfScenarios: no probe is named '\(probe)' (the probes: \(probes.joined(separator: ", ")))")
            }
            for (name, limit) in pins.sorted(by: { $0.key < $1.key }) {
                if !probeCounts.contains(name) {
                    found.append(
                        "perfScenarios.\(probe): no probe reports '\(name)' (the counts: "
                            + probeCounts.joined(separator: ", ") + ")")
                }
                if limit < 0 {
                    found.append("perfScenarios.\(probe).\(name): a limit cannot be negative, got \(limit)")
                }
            }
        }
        guard options.checkThresholds, !options.callgrind else { return found }
        let scale = options.scale.rawValue
        let chosen = Set(options.runtimes.map(\.name))
        let pinnedInstructions = options.suites.filter { suite in
            (instructionsPerIteration[scale]?[suite.rawValue] ?? [:]).keys.contains { key in
                chosen.contains(String(key.prefix { $0 != "+" }))
            }
        }
        if !pinnedInstructions.isEmpty {
            found.append(
                "instructions are pinned for \(pinnedInstructions.map(\.rawValue).joined(separator: ", ")) at "
                    + "\(scale) scale, which only --instructions callgrind counts: add it, or leave those suites out")
        }
        let countedByCallgrind: Set<String> = ["retainsPerUnit", "releasesPerUnit"]
        if options.suites.contains(.perfScenarios),
            perfScenarios.values.contains(where: { !countedByCallgrind.isDisjoint(with: $0.keys) })
        {
            found.append(
                "retains and releases of the perf-scenarios probes are pinned, which only --instructions "
                    + "callgrind counts: add it")
        }
        return found
    }

    /// The key a port's build-dependent limits (instructions, heap) are
    /// pinned under: the port's name, with its build variant for a build an
    /// app would not get (`cog+CompactArena`).
    private static func buildKey(runtime: String, document: ResultsDocument) -> String {
        document.info(runtime)?.buildKey ?? runtime
    }

    /// Every pinned count the document misses (a work count either way, a
    /// limit from above), as one line each.
    package func violations(in document: ResultsDocument) -> [String] {
        let scale = document.workload.scale
        var found: [String] = []
        for suite in document.suites {
            for result in suite.runtimes ?? [] where result.gate == "passed" {
                found += instructionViolations(result, suite: suite.suite, document: document)
                // Pins are written to four decimals; one more malloc per
                // run moves the per-action count far more than that.
                if let limit = mallocsPerAction[scale]?[suite.suite]?[result.runtime],
                    let actual = result.mallocsPerAction,
                    actual > limit + 0.001
                {
                    found.append(
                        "\(suite.suite)/\(result.runtime) at \(scale) scale: \(String(format: "%.2f", actual)) "
                            + "mallocs per action, above the pinned \(String(format: "%.2f", limit))")
                }
                if let limit = mallocsPerIteration[scale]?[suite.suite]?[result.runtime],
                    let actual = result.mallocsPerIteration, actual > limit
                {
                    found.append(
                        "\(suite.suite)/\(result.runtime) at \(scale) scale: \(actual) mallocs per iteration, "
                            + "above the pinned \(limit)")
                }
                let place = "\(suite.suite)/\(result.runtime) at \(scale) scale"
                if let pinned = renders[scale]?[suite.suite]?[result.runtime], let actual = result.renders,
                    actual != pinned
                {
                    found.append(
                        "\(place): \(actual) renders, \(actual > pinned ? "above" : "below") the pinned \(pinned) "
                            + (actual > pinned
                                ? "(a view re-rendered whose screen did not change?)"
                                : "(a view not re-rendered though its screen changed, or work skipped?)"))
                }
                if let pinned = recomputations[scale]?[suite.suite]?[result.runtime],
                    let actual = result.recomputations?.value.map({ Int($0) }), actual != pinned
                {
                    found.append(
                        "\(place): \(actual) recomputations, \(actual > pinned ? "above" : "below") the pinned "
                            + "\(pinned) "
                            + (actual > pinned
                                ? "(an equal value no longer cut off?)" : "(a value not recomputed though it changed?)")
                    )
                }
                // Another arena lays out other memory: its heap is its own.
                let build = Self.buildKey(runtime: result.runtime, document: document)
                let buildPlace = "\(suite.suite)/\(build) at \(scale) scale"
                if let limit = peakLiveBytes[scale]?[suite.suite]?[build], let actual = result.peakLiveBytes,
                    actual > limit
                {
                    found.append(
                        "\(buildPlace): \(actual) bytes of peak live heap, above the ceiling \(limit) "
                            + "(memory freed later than before?)")
                }
                if let limit = retainedBytes[scale]?[suite.suite]?[build], let actual = result.retainedBytes,
                    actual > limit
                {
                    found.append(
                        "\(buildPlace): \(actual) heap bytes still held after the run, above the ceiling \(limit) "
                            + "(state kept for screens that are gone?)")
                }
            }
        }
        for probe in document.suites.flatMap({ $0.probes ?? [] }) where probe.verified == "passed" {
            found += probeViolations(probe)
        }
        for suite in document.suites { found += Self.floorViolations(suite, scale: scale) }
        return found
    }

    /// A port that ran fewer instructions than the compute control played
    /// through the same view layer: the control is meant to be the least
    /// work the screens need, so a port below it shows a technique the
    /// control lacks (issue 55). Not a pin: it holds at every scale.
    static func floorViolations(_ suite: SuiteResult, scale: String) -> [String] {
        guard let control = suite.control, let floor = ReportRenderer.instructionCount(control) else { return [] }
        return (suite.runtimes ?? []).filter { $0.gate == "passed" }.compactMap { result in
            guard let counted = ReportRenderer.instructionCount(result), counted < floor else { return nil }
            return "\(suite.suite)/\(result.runtime) at \(scale) scale: \(UInt64(counted)) instructions, below the "
                + "compute control's \(UInt64(floor)) through the same view layer: the floor is not one (give the "
                + "control the technique this port uses)"
        }
    }

    /// A port's instructions per iteration above its PERF-10 ceiling, or
    /// not counted although a ceiling is pinned: an unchecked ceiling would
    /// let the cost regress unseen.
    private func instructionViolations(_ result: RuntimeResult, suite: String, document: ResultsDocument) -> [String] {
        let key = Self.buildKey(runtime: result.runtime, document: document)
        let scale = document.workload.scale
        guard let ceiling = instructionsPerIteration[scale]?[suite]?[key] else { return [] }
        guard let counted = result.counters?["callgrind-instructions"]?.value else {
            return [
                "\(suite)/\(key) at \(scale) scale: instructions per iteration are pinned at \(ceiling) but were "
                    + "not counted in this run (add --instructions callgrind)"
            ]
        }
        let actual = UInt64(counted)
        guard actual > ceiling else { return [] }
        return [
            "\(suite)/\(key) at \(scale) scale: \(actual) instructions per iteration, above the pinned ceiling "
                + "\(ceiling) (PERF-10)"
        ]
    }

    /// A pinned count the probe exceeds, or could not measure: a pin that
    /// goes unchecked would let the count regress unseen, so a count the run
    /// did not take (retains without callgrind) fails the check too.
    private func probeViolations(_ probe: ScenarioProbeResult) -> [String] {
        guard let pins = perfScenarios[probe.probe] else { return [] }
        let counts = Dictionary(probe.counts.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        return pins.sorted { $0.key < $1.key }.compactMap { name, limit in
            guard let known = counts[name] else {
                return "\(probe.probe): Results/thresholds.json pins '\(name)', which the probe does not report"
            }
            guard let actual = known else {
                return "\(probe.probe): \(name) is pinned at \(limit) but was not counted in this run "
                    + "(retains and releases need --instructions callgrind)"
            }
            guard actual > limit + 0.001 else { return nil }
            return "\(probe.probe): \(String(format: "%.2f", actual)) \(name), above the pinned "
                + String(format: "%.2f", limit)
        }
    }
}

/// A failure that ends the run with a specific exit code and message.
package struct ToolFailure: Error, CustomStringConvertible {
    package let code: ExitCode
    package let description: String

    package init(_ code: ExitCode, _ description: String) {
        self.code = code
        self.description = description
    }
}
