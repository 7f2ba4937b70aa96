// expected-error: has no member 'seed'
// Type-checks in debug builds (the harness control); a release build has no way to seed.
import Cog
import CogTesting

private let _levelCog = Cog<Int>.Manual { 0 }

@MainActor
func seedLevel(_ cogs: Cogs) {
    cogs.seed(_levelCog, 3)
}
