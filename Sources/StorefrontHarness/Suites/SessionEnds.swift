import Verification
import Workload

/// The check every measured session ends with: its views show what the
/// shadow model shows at that point. The gate proves two whole sessions
/// per port; this proves every later one, so a port whose state leaks from
/// session to session is caught in whichever one it first shows, and its
/// numbers are dropped like a gate failure's.
@MainActor
package struct SessionEnds {
    let suite: Suite
    let expected: SessionSchedule.Checkpoint
    /// The first failure of each port that had one.
    package private(set) var failures: [Runtime: String] = [:]

    init(suite: Suite, expected: SessionSchedule.Checkpoint) {
        self.suite = suite
        self.expected = expected
    }

    func passing(_ runtime: Runtime) -> Bool { failures[runtime] == nil }

    /// Records a failure found elsewhere (another process's timing runs).
    mutating func fail(_ runtime: Runtime, _ failure: String) {
        if failures[runtime] == nil { failures[runtime] = failure }
    }

    /// Compares `session`'s views with the expected ones; `when` names the
    /// session ("timed iteration 3") for the failure.
    mutating func check(_ session: any PlayableSession, _ runtime: Runtime, when: String) {
        guard failures[runtime] == nil,
            let difference = expected.firstDifference(mounted: session.mounted, shown: session.shown)
        else { return }
        failures[runtime] =
            "\(runtime.name) ended a measured \(suite.rawValue) session (\(when)) showing other "
            + "screens than the shadow model: \(difference)"
    }
}
