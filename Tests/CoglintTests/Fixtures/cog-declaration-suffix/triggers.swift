// coglint-fixture: triggers
// expect: 9:5 cog-declaration-suffix
// expect: 11:5 cog-declaration-suffix
// expect: 13:13 cog-declaration-suffix
// expect: 15:5 cog-declaration-suffix
// expect: 17:5 cog-declaration-suffix
import Cog

let isSunny = Cog<Bool> { c in false }
// A keyless declaration ends in singular Cog, not Cogs.
let isNiceOutsideCogs = Cog<Bool> { c in true }
// Qualifiers go before the suffix.
private let _weatherCogLoader = Cog<Int>.Manual { 0 }
// A box ends in plural Cogs.
let heatAdvisoryCog = CogBox<Bool, String> { c, zip in false }
// Module qualification and `.init` with an annotation are recognized too.
let forecasts: Cog.CogBox<Int, String>.Async? = .init(default: 0) { c, zip in .run { 1 } }
