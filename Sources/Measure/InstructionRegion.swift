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
    /// The name of the dumps `discarded` writes; `CallgrindRunner` drops them.
    public static let discardedDumpName = "measure-discarded-region"

    public static func begin() {
        guard isCollecting else { return }
        cmeasure_callgrind_zero_stats()
        cmeasure_callgrind_toggle_collect()
    }

    /// Runs `body` collected and throws its dump away, so that a region of
    /// the same work after it counts calls exactly. Callgrind counts a
    /// call even while collection is off, but writes, and resets, a call
    /// count only with a block that ran while collecting; zeroing the stats
    /// does not reset it either. So a region's first dump of a call site
    /// also holds every call made there outside any region (seen: 1,008
    /// retains charged to four turns that made 150, the rest from the
    /// set-up's 1,000 reads). Instruction counts are not affected.
    public static func discarded(_ body: () throws -> Void) rethrows {
        try measure(discardedDumpName, body)
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
