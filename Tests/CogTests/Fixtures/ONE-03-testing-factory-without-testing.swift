// expected-error: type 'Cogs' has no member 'forTesting'
import Cog

@MainActor
func makeSecondGraph() -> Cogs {
    Cogs.forTesting()
}
