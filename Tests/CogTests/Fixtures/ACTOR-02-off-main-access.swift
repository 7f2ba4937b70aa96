// expected-error: main actor-isolated
import Cog

private let _countCog = Cog<Int>.Manual { 0 }

nonisolated func readFromBackground(_ cogs: Cogs) {
    _ = cogs.peek(_countCog)
}
