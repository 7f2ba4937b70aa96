// coglint-fixture: triggers
// expect: 10:32 tracked-binding-adapters
// expect: 11:40 tracked-binding-adapters
import Cog
import SwiftUI

struct ZipField: View {
    @Environment(\.cogs) private var cogs
    var body: some View {
        TextField("ZIP", text: Binding(get: { cogs[zipTextCog] }, set: { cogs.enterZip($0) }))
        Toggle("Alerts", isOn: SwiftUI.Binding<Bool>(get: { self.cogs[alertsCog] }, set: { _ in }))
    }
}
