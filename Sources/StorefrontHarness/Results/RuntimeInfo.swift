import Workload

/// What a results document says about each runtime it measured: which
/// version, from where, built how, in which idiom, and how many statements
/// its port writes by hand. Schema 5 added it.
package struct RuntimeInfo: Codable, Equatable {
    package var name: String
    package var version: String
    package var source: String
    package var idiom: String
    /// A build setting an app would not get (`Runtime.buildVariant`).
    package var buildVariant: String? = nil
    /// Statements marked `HAND-WRITTEN` in the port's folder; absent where
    /// the sources were not on the machine that ran.
    package var handWrittenStatements: Int? = nil
    /// The port's last independent review (`PortReview`); absent for a
    /// port never reviewed and in records before 2026-12-07.
    package var review: Review? = nil

    package struct Review: Codable, Equatable {
        package var round: Int
        package var date: String
        /// Suite → the round's largest finding, percent of its instructions.
        package var largestFindingPercent: [String: Double]
    }

    package init(
        name: String, version: String, source: String, idiom: String, buildVariant: String? = nil,
        handWrittenStatements: Int? = nil
    ) {
        self.name = name
        self.version = version
        self.source = source
        self.idiom = idiom
        self.buildVariant = buildVariant
        self.handWrittenStatements = handWrittenStatements
    }

    package init(_ runtime: Runtime, handWrittenStatements: Int?) {
        name = runtime.name
        version = runtime.version
        source = runtime.source
        idiom = runtime.idiom
        buildVariant = runtime.buildVariant
        self.handWrittenStatements = handWrittenStatements
        review = runtime.review.map {
            Review(round: $0.round, date: $0.date, largestFindingPercent: $0.largestFinding)
        }
    }

    /// "cog", or "cog+CompactArena" for a build an app would not get: the
    /// key a runtime's numbers are pinned and compared under.
    package var buildKey: String { buildVariant.map { "\(name)+\($0)" } ?? name }
}

extension ResultsDocument {
    /// This document's entry for `runtime`, if it names one.
    package func info(_ runtime: String) -> RuntimeInfo? { lineup?.first { $0.name == runtime } }

    /// Hand-written statements per runtime, where counted.
    package var handWrittenStatements: [String: Int]? {
        let counted = (lineup ?? []).compactMap { info in info.handWrittenStatements.map { (info.name, $0) } }
        return counted.isEmpty ? nil : Dictionary(counted, uniquingKeysWith: { first, _ in first })
    }
}

extension RuntimeInfo.Review {
    /// "round 5 (2026-12-07): at most 1.8% (session)".
    var summary: String {
        guard let largest = largestFindingPercent.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }) else {
            return "round \(round) (\(date)): no finding"
        }
        return "round \(round) (\(date)): at most \(String(format: "%.2f", largest.value))% (\(largest.key))"
    }
}

extension ResultsDocument {
    /// One line per measured runtime on how far its last independent review
    /// says its numbers could still move; nil when the document predates
    /// reviews being recorded.
    var remainingUncertaintyLines: [String]? {
        guard let lineup, lineup.contains(where: { $0.review != nil }) else { return nil }
        return lineup.map { info in
            "\(info.name): " + (info.review.map(\.summary) ?? "not reviewed")
        }
    }

    /// What the remaining-uncertainty lines mean, for every report.
    static let remainingUncertaintyNote =
        "Remaining uncertainty: the largest single finding of each port's last review round (a fresh expert in "
        + "its runtime, who had not seen earlier findings), as a share of that suite's instructions; an expert "
        + "could still move the port's numbers by about this much (Runtimes/README.md)."
}
