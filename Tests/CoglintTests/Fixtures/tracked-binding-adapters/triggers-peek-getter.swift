// coglint-fixture: triggers
// expect: 12:24 tracked-binding-adapters
// expect: 15:29 tracked-binding-adapters
// expect: 18:31 tracked-binding-adapters
// expect: 23:25 tracked-binding-adapters
import Cog
import SwiftUI

// Outside a view, a getter that peeks never tracks.
extension Cogs {
    var zipBinding: Binding<String?> {
        Binding(get: { peek(zipCog) }, set: { selectZip($0) })
    }
    var noteBinding: Binding<String> {
        Binding(get: { self.peek(noteCog) }, set: { saveNote($0) })
    }
    var forecastBinding: Binding<Int> {
        Binding(get: { status.peek(forecastCog).value }, set: { _ in })
    }
}

func alertsBinding(_ cogs: Cogs) -> Binding<Bool> {
    Binding(get: { cogs.peek(alertsCog) }, set: { cogs.setAlerts($0) })
}
