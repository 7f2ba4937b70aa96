// expected-error: value of type 'Cogs' has no member 'run'
import Cog

@MainActor
func register(_ cogs: Cogs) {
    cogs.run { _ in }
}
