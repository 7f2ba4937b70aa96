// coglint-fixture: passes
import Cog

// Assembly hidden in a factory, and an App conformance written in another
// file, are invisible to a syntax-only linter: accepted misses.
extension WeatherApp {
    init(factory: () -> Cogs) {
        let cogs = factory()
        cogs.selectZip("12345")
        self.init(cogs: cogs)
    }
}

struct TodoApp {
    let cogs: Cogs
    init() {
        let cogs = Cogs.assemble(mechanisms: [])
        cogs.selectZip("12345")
        self.cogs = cogs
    }
}
