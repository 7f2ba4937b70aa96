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
