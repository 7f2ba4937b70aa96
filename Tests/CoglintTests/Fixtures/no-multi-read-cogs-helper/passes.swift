// coglint-fixture: passes
import Cog
import SwiftUI

extension Cogs {
    // One read: a thin accessor.
    var currentZip: String? { self[currentZipCog] }

    // Reads inside nested closures run later, on their own.
    var currentZipBinding: Binding<String?> {
        Binding(get: { self[currentZipCog] }, set: { self.selectZip($0) })
    }

    // Members returning nothing, or a view, are not derived values.
    func logWeather() {
        print(self[currentZipCog] ?? "", self[isNiceOutsideHereCog])
    }

    func weatherBadge() -> some View {
        Text("\(self[currentZipCog] ?? "") \(self[isNiceOutsideHereCog])")
    }

    func weatherRow() -> any View {
        Text("\(self[currentZipCog] ?? "") \(self[isNiceOutsideHereCog])")
    }
}

// Helpers outside extension Cogs and CogOps are outside the rule.
struct WeatherSummary {
    let cogs: Cogs
    var line: String { "\(cogs[currentZipCog] ?? "") \(cogs[isNiceOutsideHereCog])" }
}

// Repackaging through another helper needs data flow to see: accepted.
extension CogOps {
    func zipAndNiceness() -> (String?, Bool) {
        (currentZip(), isNiceOutside())
    }
}
