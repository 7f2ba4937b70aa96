import Cog
import CogTesting
import Testing

private let _smuggledTargetCog = Cog<Int>.Manual(name: "smuggledTarget") { 0 }

@MainActor
private final class WriterBox {
    var writer: CogWriter?
    nonisolated init() {}
}

private let smuggledWriter = WriterBox()

private let smugglingCog = Cog<Int>(name: "smuggling") { c in
    smuggledWriter.writer?[_smuggledTargetCog] = 1
    return 0
}

/// Guards around the writer that no scenario names directly.
@MainActor
struct WriterGuardInfrastructureTests {
    @Test("a live writer used from inside a selector traps instead of staging a write")
    func writerInsideSelectorTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let cogs = Cogs.forTesting(clock: TestClock())
                cogs.turn { c in
                    smuggledWriter.writer = c
                    _ = cogs.peek(smugglingCog)
                }
            }
        }
        #expect(
            result?.standardErrorContent.text.contains(
                "a writer was used while automatic cog 'smuggling' was computing") == true)
    }
}
