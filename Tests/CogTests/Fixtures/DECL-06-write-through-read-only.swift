// expected-error: requires that 'CogReference<Int>' conform to 'CogWritable'
import Cog

private let _countCog = Cog<Int>.Manual { 0 }
let countCog = _countCog.readOnly

@MainActor
func sneakyWrite(_ cogs: Cogs) {
    cogs.turn { c in c[countCog] = 1 }
}
