// coglint-fixture: triggers
// expect: 11:15 no-cogs-in-view-init
// expect: 12:32 no-cogs-in-view-init
// expect: 14:16 no-cogs-in-view-init
// expect: 14:33 no-cogs-in-view-init
// expect: 18:32 no-cogs-in-view-init
import Cog
import SwiftUI

struct WeatherCard: View {
    let cogs: Cogs
    var fallback: Optional<Cog.Cogs>

    init(cogs: Cogs?, fallback: Cogs? = nil) {
        self.cogs = cogs!
        self.fallback = fallback
    }
    func forward(to runtimes: [Cogs]) {}
    var body: some View { Text("Weather") }
}
