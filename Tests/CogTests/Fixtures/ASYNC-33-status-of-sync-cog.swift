// expected-error: conform to 'CogStatusReadable'
import Cog

private let _countCog = Cog<Int>.Manual { 0 }
let doubledCog = Cog<Int> { c in c[_countCog] * 2 }

@MainActor
func readStatus(_ cogs: Cogs) {
    _ = cogs.status[doubledCog]
}
