// coglint-fixture: passes
import Cog
import SwiftUI

// Ops wrap the primitives; nested writer work stays inside them.
extension CogOps {
    func selectZip(_ zip: String?) { turn(_zipCog, to: zip) }

    func reloadForecast() -> CogRefresh {
        turn { c in
            c[_zipCog] = nil
            turn { c in c[_noteCog] = "" }
        }
        return refresh(forecastCog)
    }
}

struct CheckButton: View {
    @Environment(\.cogs) private var cogs
    var body: some View {
        Button("Check") { cogs.selectZip("12345") }
    }
}

// A `turn` or `refresh` on something that is not the graph is not a primitive.
func rotate(_ page: Page) {
    page.turn()
    page.refresh()
}

// A primitive's own implementation delegates to the runtime's.
extension CogController {
    func refresh(_ reference: some CogStatusReadable) -> CogRefresh {
        cogs.refresh(reference, owner: self)
    }
}
