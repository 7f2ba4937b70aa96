import Cog
import CogTesting
import Observation

/// One of Cog's benchmark-mode scenarios (the PERF group), built so that
/// `storefront --suite perf-scenarios` measures it and a test proves its
/// exact counts on the same code. `make` builds and warms a fresh graph; its
/// `run` does `unitsPerRun` units of the scenario's work (turns, nodes, a
/// whole graph).
public struct CogScenarioProbe: Sendable {
    /// The scenario's ID, `PERF-13`.
    public let id: String
    /// The probe's name, which begins with the ID: `PERF-13 deep-chain settle`.
    public let name: String
    public let summary: String
    /// What one unit is: `turn`, `node`, `graph`.
    public let unit: String
    /// Whether the probe's figure of merit is the memory one run holds at its peak.
    public let measuresMemory: Bool
    public let make: @MainActor @Sendable () -> CogScenarioInstance

    /// Every probe, in ID order.
    public static let all: [CogScenarioProbe] = [
        CogScenarioProbes.propagation, CogScenarioProbes.graphMemory, CogScenarioProbes.pinnedNotices,
        CogScenarioProbes.pinnedBeside(1), CogScenarioProbes.pinnedBeside(1_000), CogScenarioProbes.deepChain,
    ]

    public static func named(_ name: String) -> CogScenarioProbe? { all.first { $0.name == name } }
}

/// A built scenario. The runner calls `run` (and `reference.run`) only after
/// `make` warmed both, so first-use work (new rows, edges, boundaries,
/// runtime metadata) is not counted.
@MainActor
public final class CogScenarioInstance {
    public let unitsPerRun: Int
    public let run: () -> Void
    /// A shorter variant whose cost is subtracted, so a per-node figure
    /// excludes what a turn costs whatever its depth: per unit is
    /// (run − reference.run) / (unitsPerRun − reference.unitsPerRun).
    public let reference: CogScenarioInstance?
    /// One run with every boundary the scenario created watched by a
    /// counting observer: the label of each notice, in delivery order.
    /// Cog notifies a changed boundary whether or not anything watches it,
    /// so the observer counts the notices a pinned key costs; nil where the
    /// scenario reads nothing at the UI edge.
    public let noticesOfOneRun: (() -> [String])?
    /// Checks the values the runs left; a failure names what differs.
    public let verify: () -> String?

    init(
        unitsPerRun: Int, reference: CogScenarioInstance? = nil, noticesOfOneRun: (() -> [String])? = nil,
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

/// Watches UI reads the way SwiftUI does, one `withObservationTracking` per
/// read, re-armed for every run, and keeps the label of each notice.
@MainActor
final class NoticeLog {
    private(set) var labels: [String] = []

    /// Reads `read` at the UI edge under observation; a change to what it
    /// read appends `label`.
    func watch<Value>(_ label: String, _ read: () -> Value) {
        _ = withObservationTracking(read) { [weak self] in
            // Cog notifies from its flush, on the main actor.
            MainActor.assumeIsolated { self?.labels.append(label) }
        }
    }

    func take() -> [String] {
        defer { labels.removeAll(keepingCapacity: true) }
        return labels
    }
}
