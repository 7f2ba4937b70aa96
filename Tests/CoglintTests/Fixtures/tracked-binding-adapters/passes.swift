// coglint-fixture: passes
import Cog
import SwiftUI

// The adapter: a tracked getter and a named-op setter, on Cogs.
extension Cogs {
    var zipBinding: Binding<String?> {
        Binding(get: { self[zipCog] }, set: { self.selectZip($0) })
    }
    // A setter may peek.
    var countBinding: Binding<Int> {
        Binding(get: { self[countCog] }, set: { self.setCount($0 + self.peek(offsetCog)) })
    }
    // A binding built by a factory is outside the rule.
    var noteBinding: Binding<String> { makeBinding(peek(noteCog)) }
}

struct ZipField: View {
    @Environment(\.cogs) private var cogs
    @State private var isEditing = false
    var body: some View {
        // A view calls the adapter, and binds its own state as it likes.
        TextField("ZIP", value: cogs.zipBinding, format: .zipCode)
        Toggle("Editing", isOn: Binding(get: { isEditing }, set: { isEditing = $0 }))
    }
}

// A view whose View conformance is written in another file is invisible here.
extension WeatherCard {
    var alerts: some View {
        Toggle("Alerts", isOn: Binding(get: { cogs[alertsCog] }, set: { cogs.setAlerts($0) }))
    }
}
