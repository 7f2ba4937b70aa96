/// A named group of measured regions.
package enum Suite: String, CaseIterable {
    case calibration
    case coldStart = "cold-start"
    case session
    case interactions
    case inventoryBurst = "inventory-burst"
    case funnelMemory = "funnel-memory"
    case crossRuntime = "cross-runtime"
    case computeControl = "compute-control"
    case graph
    case perfScenarios = "perf-scenarios"
    case growth

    package var summary: String {
        switch self {
        case .calibration: "known regions through every metric; expected counts are checked"
        case .coldStart: "phase 1 from nothing: build the runtime, load the catalog, render every view"
        case .session: "all eleven phases from a fresh runtime"
        case .interactions: "settled single actions on a warmed session (quantity, filter, page): cost per action"
        case .inventoryBurst:
            "phase 7 on a warmed session: one action with hundreds of stock updates, then single updates"
        case .funnelMemory: "browse, search, then open hundreds of products one by one: peak memory and what stays held"
        case .crossRuntime: "the full session for every port side by side, and each port's factor in every suite run"
        case .computeControl:
            "the session's changing screens computed with no runtime, each intermediate only when its inputs changed: the floor"
        case .graph: "the classic reactive-graph shapes on each runtime's core, counts verified before time"
        case .perfScenarios:
            "Cog's benchmark-mode scenarios (PERF-02, 03, 07, 11, 13): retains, releases, mallocs, notices and "
                + "memory per unit, values verified first"
        case .growth:
            "settled actions by kind, cold start and peak heap from 300 to 100,000 products and 4 to 400 cart "
                + "lines, gated at every size: each port's log-log slope and growth class"
        }
    }

    /// Suites that drive the runtime ports (and so run the gate first).
    /// The graph suite runs no Storefront gate: its gate is the count check.
    /// Neither does the perf-scenarios suite: each probe checks its own values.
    /// The growth suite drives the ports on catalogs of its own and gates
    /// each one itself.
    package var isRuntimeSuite: Bool {
        self != .calibration && self != .computeControl && self != .graph && self != .perfScenarios
            && self != .growth
    }

    /// Calibration regions; runtime suites are run by RuntimeSuiteRunner.
    package var regions: [Region] {
        switch self {
        case .calibration: CalibrationRegions.all
        case .coldStart, .session, .interactions, .inventoryBurst, .funnelMemory, .crossRuntime, .computeControl,
            .graph, .perfScenarios, .growth:
            []
        }
    }
}

/// One measured piece of work. `run` must be synchronous and repeatable;
/// `expectedAllocations`, when set, is checked against the malloc counter.
package struct Region {
    package let name: String
    package let summary: String
    let expectedAllocations: UInt64?
    let run: () -> Void
}
