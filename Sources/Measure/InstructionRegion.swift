import CMeasure

/// Marks a region whose instructions callgrind should count.
///
/// Outside valgrind this only runs the body. Under
/// `valgrind --tool=callgrind --collect-atstart=no` it collects exactly the
/// body and dumps the count under `name`; `CallgrindRunner` adds up the dumps
/// per name. Regions must not nest: the inner toggle would stop the outer one.
public enum InstructionRegion {
    /// True when this process runs under valgrind and can mark regions.
    public static let isCollecting: Bool =
        cmeasure_callgrind_available() != 0 && cmeasure_running_on_valgrind() != 0

    /// Starts collecting; pair with `end(_:)`. For regions that suspend,
    /// such as a MainActor session, whose work all runs on one thread.
    public static func begin() {
        guard isCollecting else { return }
        cmeasure_callgrind_zero_stats()
        cmeasure_callgrind_toggle_collect()
    }

    /// Stops collecting and dumps the count under `name`.
    public static func end(_ name: String) {
        guard isCollecting else { return }
        cmeasure_callgrind_toggle_collect()
        cmeasure_callgrind_dump_stats_at(name)
    }

    public static func measure<Result>(_ name: String, _ body: () throws -> Result) rethrows -> Result {
        begin()
        defer { end(name) }
        return try body()
    }
}
