import Cog
import CogTesting
import Testing

private let _readerSourceCog = Cog<Int>.Manual(name: "readerSource") { 0 }

/// A selector's reader is valid only during the run that created it. The
/// reader holds its family unretained and checks its run by stamp, so these
/// pin both traps: the runtime still alive (the state is named), and the
/// runtime already torn down (nothing freed is touched).
@MainActor
struct ReaderLifetimeScenarioTests {
    @Test("a reader used after its run traps, naming the state and saying to read only inside the selector")
    func escapedReaderTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                var escaped: CogReader<Int>?
                let leakyCog = Cog<Int>(name: "leaky") { c in
                    escaped = c
                    return c[_readerSourceCog]
                }
                let cogs = Cogs.forTesting(clock: TestClock())
                _ = cogs.peek(leakyCog)
                _ = escaped?[_readerSourceCog]
            }
        }
        let message = result?.standardErrorContent.text ?? ""
        #expect(message.contains("the reader of 'leaky' was used outside the selector run that created it"))
        #expect(message.contains("Read through c only inside the selector body"))
    }

    @Test("a reader used after its runtime was torn down traps without naming freed state")
    func readerOutlivingItsRuntimeTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                var escaped: CogReader<Int>?
                let leakyCog = Cog<Int>(name: "leaky") { c in
                    escaped = c
                    return c[_readerSourceCog]
                }
                do {
                    let cogs = Cogs.forTesting(clock: TestClock())
                    _ = cogs.peek(leakyCog)
                }
                _ = escaped?[_readerSourceCog]
            }
        }
        let message = result?.standardErrorContent.text ?? ""
        #expect(message.contains("the reader of a state of a runtime that no longer exists was used outside"))
    }

    @Test("a reader stays usable across nested runs of other states within its own run")
    func readerSurvivesNestedRuns() {
        let innerCog = Cog<Int> { c in c[_readerSourceCog] + 1 }
        let outerCog = Cog<Int> { c in
            let first = c[innerCog]  // a nested run of innerCog in the middle of this one
            return first + c[_readerSourceCog] + (c.curr ?? 0)
        }
        let cogs = Cogs.forTesting()
        #expect(cogs.peek(outerCog) == 1)
        cogs.turn { c in c[_readerSourceCog] = 5 }
        #expect(cogs.peek(outerCog) == 6 + 5 + 1)
    }
}
