// expected-error: has no member 'debugHistory'
// Type-checks in debug builds (the harness control); a release build has no history at all.
import Cog
import CogTesting

@MainActor
func readHistory(_ cogs: Cogs) -> Int {
    cogs.debugHistory.count + cogs.debugRecentTurnNames.count
}
