// coglint-fixture: passes
// role: test
import Cog
import CogTesting
import Testing

// Test targets may drive graph primitives directly.
@MainActor
@Test func zipStartsEmpty() {
    let cogs = Cogs.forTesting()
    cogs.turn { c in c[zipCog] = "12345" }
    _ = cogs.refresh(forecastCog)
}
