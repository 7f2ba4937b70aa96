/// A runtime's benchmark-mode scenario (Cog's PERF group), which
/// `storefront --suite perf-scenarios` measures and a test proves exact
/// counts of on the same code. A runtime registers its probes with the
/// lineup (`Runtime.scenarioProbes`), so the harness runs them without
/// naming, or linking, the runtime. `make` builds and warms a fresh graph;
/// its `run` does `unitsPerRun` units of the scenario's work (turns, nodes,
/// a whole graph).
public struct ScenarioProbe: Sendable {
    /// The scenario's ID, `PERF-13`.
    public let id: String
    /// The probe's name, which begins with the ID: `PERF-13 deep-chain settle`.
    public let name: String
    public let summary: String
    /// What one unit is: `turn`, `node`, `graph`.
    public let unit: String
    /// Whether the probe's figure of merit is the memory one run holds at its peak.
    public let measuresMemory: Bool
    public let make: @MainActor @Sendable () -> ScenarioInstance

    public init(
        id: String, name: String, summary: String, unit: String, measuresMemory: Bool,
        make: @escaping @MainActor @Sendable () -> ScenarioInstance
    ) {
        self.id = id
        self.name = name
        self.summary = summary
        self.unit = unit
        self.measuresMemory = measuresMemory
        self.make = make
    }
}

/// A built scenario. The runner calls `run` (and `reference.run`) only after
/// `make` warmed both, so first-use work (new rows, edges, boundaries,
/// runtime metadata) is not counted.
@MainActor
public final class ScenarioInstance {
    public let unitsPerRun: Int
    public let run: () -> Void
    /// A shorter variant whose cost is subtracted, so a per-node figure
    /// excludes what a turn costs whatever its depth: per unit is
    /// (run − reference.run) / (unitsPerRun − reference.unitsPerRun).
    public let reference: ScenarioInstance?
    /// One run with every boundary the scenario created watched by a
    /// counting observer: the label of each notice, in delivery order; nil
    /// where the scenario reads nothing at the UI edge.
    public let noticesOfOneRun: (() -> [String])?
    /// Checks the values the runs left; a failure names what differs.
    public let verify: () -> String?

    public init(
        unitsPerRun: Int, reference: ScenarioInstance? = nil, noticesOfOneRun: (() -> [String])? = nil,
        verify: @escaping () -> String? = { nil }, run: @escaping () -> Void
    ) {
        self.unitsPerRun = unitsPerRun
        self.reference = reference
        self.noticesOfOneRun = noticesOfOneRun
        self.verify = verify
        self.run = run
    }

    /// Units one measured run adds over its reference.
    public var measuredUnits: Int { unitsPerRun - (reference?.unitsPerRun ?? 0) }
}
