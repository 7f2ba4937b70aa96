// expected-error: initializer is inaccessible due to 'package' protection level
import Cog

@MainActor
func makeSecondGraph() -> Cogs {
    Cogs()
}
