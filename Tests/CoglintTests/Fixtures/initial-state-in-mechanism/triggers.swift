// coglint-fixture: triggers
// expect: 17:9 initial-state-in-mechanism
// expect: 19:13 initial-state-in-mechanism
// expect: 20:19 initial-state-in-mechanism
// expect: 21:14 initial-state-in-mechanism
// expect: 21:19 primitives-only-in-ops
import Cog
import SwiftUI

@main
struct WeatherApp: App {
    private let cogs: Cogs

    // An op before retention, then a read, a helper and a primitive after it.
    init() {
        let cogs = Cogs.assemble(mechanisms: [WeatherMechanism()])
        cogs.selectZip("12345")
        self.cogs = cogs
        _ = cogs.peek(zipCog)
        configure(cogs)
        self.cogs.turn { c in c[_zipCog] = nil }
    }

    var body: some Scene {
        WindowGroup { RootScene().cogEnvironment(cogs) }
    }
}
