import Cog
import CogTesting
import Testing

private let _rerunSourceCog = Cog<Int>.Manual(name: "rerunSource") { 0 }

/// Every link reads the link below it first and the source second, so a
/// write to the source makes every link DIRTY, and reading the top link
/// reruns each link inside the rerun of the one above: the nesting that
/// `Graph.nestingLimit` bounds once every link has a value.
private let rerunChainCogs: CogBox<Int, Int> = CogBox(name: "rerunChain") { c, link in
    link == 0 ? c[_rerunSourceCog] : c[rerunChainCogs[link - 1]] + c[_rerunSourceCog]
}

/// Computes links 0 through `top` from the bottom up, so no read nests a
/// first run, then writes the source so that every link must rerun.
@MainActor
private func warmChainWithStaleLinks(through top: Int, in cogs: Cogs) {
    for link in 0...top { _ = cogs.peek(rerunChainCogs[link]) }
    cogs.turn { c in c[_rerunSourceCog] = 1 }
}

/// The bound on reruns nested through reads (1,024), which no scenario
/// names; GRAPH-14 proves the bound on first runs.
@MainActor
struct RerunNestingInfrastructureTests {
    @Test("a read may nest the reruns of 1,024 stale links")
    func rerunsWithinLimit() {
        let cogs = Cogs.forTesting()
        warmChainWithStaleLinks(through: 1023, in: cogs)
        // link k = (k + 1) × source once every link reads the new value.
        #expect(cogs.peek(rerunChainCogs[1023]) == 1024)
    }

    @Test("the 1,025th nested rerun fails, naming the innermost links and the way out")
    func rerunsBeyondLimitTrap() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let cogs = Cogs.forTesting(clock: TestClock())
                warmChainWithStaleLinks(through: 1024, in: cogs)
                _ = cogs.peek(rerunChainCogs[1024])
            }
        }
        let message = result?.standardErrorContent.text ?? ""
        #expect(message.contains("a read nested more than 1024 automatic computations"))
        #expect(message.contains("rerunChain[0] ← rerunChain[1] ← rerunChain[2]"))
        #expect(message.contains("Read the chain from its source end first, or make it shorter"))
    }
}
