// coglint-fixture: passes
import Cog
import SwiftUI

// Services and mechanisms are built before assembly; the local only
// reaches its retention.
@main
struct WeatherApp: App {
    private let cogs: Cogs

    init() {
        let notifier = Notifier.live
        let mechanism = WeatherMechanism(notifier: notifier)
        let cogs = Cogs.assemble(mechanisms: [mechanism])
        self.cogs = cogs
    }

    var body: some Scene {
        WindowGroup { RootScene().cogEnvironment(cogs) }
    }
}

// Direct retention.
struct TrailsApp: App {
    private let cogs: Cogs
    init() { cogs = Cogs.assemble(mechanisms: [TrailsMechanism()]) }
    var body: some Scene { WindowGroup { Text("Trails") } }
}
