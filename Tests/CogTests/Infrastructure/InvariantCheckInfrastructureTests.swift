#if DEBUG
    import Cog
    import CogTesting
    import Testing

    private let _priceCog = Cog<Int>.Manual(name: "price") { 10 }
    private let _quantityCogs = CogBox<Int, Int>.Manual(name: "quantity") { _ in 1 }
    private let lineTotalCogs = CogBox<Int, Int>(name: "lineTotal") { c, line in c[_priceCog] * c[_quantityCogs[line]] }
    private let orderTotalCog = Cog<Int>(name: "orderTotal") { c in
        c[lineTotalCogs[0]] + c[lineTotalCogs[1]] + c[lineTotalCogs[2]]
    }

    /// The graph's invariant check (issue 40): a test runtime checks after
    /// every turn, so every scenario test runs it; these show it holds on a
    /// graph that grew, moved and shrank, and that it is live: each
    /// invariant broken by hand is named, and a turn over a broken graph
    /// traps.
    @MainActor
    struct InvariantCheckInfrastructureTests {
        /// A UI root (`orderTotal`) over three keyed lines and a source.
        private func pricedOrder() -> Cogs {
            let cogs = Cogs.forTesting(clock: TestClock())
            #expect(cogs[orderTotalCog] == 30)
            return cogs
        }

        @Test("a test runtime checks after every turn, and a graph that grew, changed and shrank breaks nothing")
        func holdsThroughTurns() {
            let cogs = pricedOrder()
            #expect(cogs.debugChecksInvariantsAfterEveryTurn)
            #expect(cogs.debugInvariantViolations == [])
            for quantity in 2...5 {
                cogs.turn { c in
                    c[_quantityCogs[quantity % 3]] = quantity
                    c[_priceCog] = quantity * 10
                }
                #expect(cogs.debugInvariantViolations == [])
            }
            #expect(cogs[orderTotalCog] == 50 * (4 + 5 + 3))
            cogs.discard(orderTotalCog)
            #expect(cogs.debugInvariantViolations == [])
        }

        @Test(
            "each invariant broken by hand is named by the check",
            arguments: [
                (DebugInvariantBreakage.queuedWithoutQueue, "is marked queued but is in no queue"),
                (.dependencyEdgeWithoutBackLink, "does not link back"),
                (.staleHotRoot, "is settled by every flush but is stale after one"),
            ])
        func brokenInvariantIsNamed(breakage: DebugInvariantBreakage, phrase: String) {
            let cogs = pricedOrder()
            #expect(cogs.debugBreakInvariant(breakage, at: orderTotalCog))
            let found = cogs.debugInvariantViolations
            #expect(found.contains { $0.contains(phrase) && $0.contains("orderTotal") }, "\(found)")
        }

        @Test("a turn that ends over a broken graph traps, naming the broken invariant")
        func turnOverBrokenGraphTraps() async {
            let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                await MainActor.run {
                    let cogs = Cogs.forTesting(clock: TestClock())
                    _ = cogs[orderTotalCog]
                    _ = cogs.debugBreakInvariant(.queuedWithoutQueue, at: orderTotalCog)
                    cogs.turn { c in c[_quantityCogs[7]] = 2 }
                }
            }
            let message = result?.standardErrorContent.text ?? ""
            #expect(message.contains("invariants do not hold after a turn"), "\(message)")
            #expect(message.contains("'orderTotal' (node"), "\(message)")
        }

        @Test("a runtime built to measure its own work does not check")
        func measuringRuntimeDoesNotCheck() {
            #expect(!Cogs.forTesting(checkingInvariants: false).debugChecksInvariantsAfterEveryTurn)
        }
    }
#endif
