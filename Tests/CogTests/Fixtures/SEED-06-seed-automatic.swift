// expected-error: instance method 'seed' requires that 'Cog<Bool>' conform to 'CogWritable'
// expected-error-release: value of type 'Cogs' has no member 'seed'
import Cog
import CogTesting

private let _weatherCog = Cog<String>.Manual { "cloudy" }
let isSunnyCog = Cog<Bool> { c in c[_weatherCog] == "sunny" }

// Debug builds: seed requires a CogWritable reference. Release builds have no seed at all.
@MainActor
func seedAutomatic(_ cogs: Cogs) {
    cogs.seed(isSunnyCog, true)
}
