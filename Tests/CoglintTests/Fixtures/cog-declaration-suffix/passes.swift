// coglint-fixture: passes
import Cog

let isSunnyCog = Cog<Bool> { c in false }
let isNiceOutsideCogs = CogBox<Bool, String> { c, zip in true }
private let _weatherServiceLoaderCog = Cog<Int>.Manual { 0 }
let weatherServiceLoaderCog = _weatherServiceLoaderCog.readOnly
let forecastCogs: Cog.CogBox<Int, String>.Async? = .init(default: 0) { c, zip in .run { 1 } }
// A value read from the graph uses a plain domain name.
func render(_ cogs: Cogs) -> Bool {
    let isSunny = cogs[isSunnyCog]
    return isSunny
}
