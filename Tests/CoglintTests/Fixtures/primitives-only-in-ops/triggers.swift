// coglint-fixture: triggers
// expect: 16:32 primitives-only-in-ops
// expect: 21:13 primitives-only-in-ops
// expect: 25:20 primitives-only-in-ops
// expect: 26:26 primitives-only-in-ops
// expect: 31:11 primitives-only-in-ops
// expect: 32:24 primitives-only-in-ops
// expect: 38:15 primitives-only-in-ops
// expect: 41:33 primitives-only-in-ops
import Cog
import SwiftUI

struct CheckButton: View {
    @Environment(\.cogs) private var cogs
    var body: some View {
        Button("Check") { cogs.turn { c in c[_zipCog] = "12345" } }
    }
}

func launch(_ runtime: Cogs) {
    runtime.refresh(forecastCog)
}

extension Cogs {
    func reset() { turn(_zipCog, to: nil) }
    func reload() { self.refresh(forecastCog) }
}

struct WeatherMechanism: Mechanism {
    func operate(_ m: CogController) {
        m.refresh(forecastCog)
        m.run { c in c.refresh(forecastCog) }
    }
}

func boot() {
    let assembled = Cogs.assemble(mechanisms: [WeatherMechanism()])
    assembled.turn(_zipCog, to: "12345")
}

let echoCog = Cog<Int> { c in c.refresh(forecastCog); return 0 }
