// coglint-fixture: passes
import Cog
import SwiftUI

// A view reads the runtime from the environment and takes plain values.
struct WeatherCard: View {
    @Environment(\.cogs) private var cogs
    let zip: String

    var body: some View { Text(cogs[weatherReportCogs[zip]]) }
}

// Non-view composition points may receive the runtime directly.
struct WeatherExporter {
    let cogs: Cogs
    init(cogs: Cogs) { self.cogs = cogs }
}
