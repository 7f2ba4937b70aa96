import Verification
import Workload

/// The check every measured session ends with: its views show what the
/// shadow model shows at that point. The gate proves two whole sessions
/// per port; this proves every later one, so a port whose state leaks from
/// session to session is caught in whichever one it first shows, and its
/// numbers are dropped like a gate failure's.
@MainActor
package struct EndOfSessionCheck {
    let suite: Suite
    let expected: SessionSchedule.Checkpoint
    /// The first failure of each player (port or control) that had one.
    package private(set) var failures: [Player: String] = [:]

    init(suite: Suite, expected: SessionSchedule.Checkpoint) {
        self.suite = suite
        self.expected = expected
    }

    func passing(_ player: Player) -> Bool { failures[player] == nil }

    /// Records a failure found elsewhere (another process's timing runs).
    mutating func fail(_ player: Player, _ failure: String) {
        if failures[player] == nil { failures[player] = failure }
    }

    /// Compares `session`'s views with the expected ones; `when` names the
    /// session ("timed iteration 3") for the failure.
    mutating func check(_ session: any PlayableSession, _ player: Player, when: String) {
        guard failures[player] == nil,
            let difference = expected.firstDifference(mounted: session.mounted, shown: session.shown)
        else { return }
        failures[player] =
            "\(player.name) ended a measured \(suite.rawValue) session (\(when)) showing other "
            + "screens than the shadow model: \(difference)"
    }
}
