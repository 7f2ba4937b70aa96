#if DEBUG
    import Cog
    import CogTesting
    import Observation
    import Testing

    private let _stockCogs = CogBox<Int, Int>.Manual { _ in 0 }
    private let _zipCog = Cog<Int>.Manual { 0 }

    @MainActor
    struct SeedAdversarialTests {
        @Test("SEED-03 seeding one box key dirties only that key's dependents")
        func seedDirtiesOnlyItsKey() {
            let runs = [RunCounter(), RunCounter()]
            let labelCogs = CogBox<String, Int> { c, key in
                runs[key].bump()
                return "\(key): \(c[_stockCogs[key]])"
            }
            let cogs = Cogs.forTesting()
            #expect(cogs.peek(labelCogs[0]) == "0: 0")
            #expect(cogs.peek(labelCogs[1]) == "1: 0")
            cogs.seed(_stockCogs[1], 4)
            #expect(cogs.peek(labelCogs[0]) == "0: 0")
            #expect(cogs.peek(labelCogs[1]) == "1: 4")
            #expect(runs[0].count == 1)
            #expect(runs[1].count == 2)
        }

        @Test("SEED-07 a turn that writes back the value a seed replaced is a real change: the view is notified once")
        func turnRestoringPreSeedValueNotifies() {
            let cogs = Cogs.forTesting()
            let view = HeadlessView()
            view.render { _ = cogs[_zipCog] }
            cogs.seed(_zipCog, 94110)
            #expect(view.notices.count == 0)
            cogs.turn(_zipCog, to: 0)
            #expect(view.notices.count == 1)
            #expect(cogs.peek(_zipCog) == 0)
        }

        @Test(
            "SEED-02 a seed between turns wakes no reaction; the next turn's reaction sees the turn's value, not the seed"
        )
        func seedBetweenTurnsIsQuiet() {
            let (cogs, m) = Cogs.forTestingWithController()
            let log = EventLog()
            m.run { c in log.append("zip \(c[_zipCog])") }
            cogs.turn(_zipCog, to: 1)
            let turns = cogs.debugCompletedTurnCount
            cogs.seed(_zipCog, 2)
            cogs.seed(_zipCog, 3)
            #expect(log.events == ["zip 0", "zip 1"])
            #expect(cogs.debugCompletedTurnCount == turns)
            cogs.turn(_zipCog, to: 4)
            #expect(log.events == ["zip 0", "zip 1", "zip 4"])
        }

        @Test("SEED-03 a seed equal to the value a turn published is no change: nothing downstream recomputes")
        func seedEqualToTurnedValue() {
            let runs = RunCounter()
            let labelCog = Cog<String> { c in
                runs.bump()
                return "zip \(c[_zipCog])"
            }
            let cogs = Cogs.forTesting()
            let view = HeadlessView()
            view.render { _ = cogs[labelCog] }
            cogs.turn(_zipCog, to: 7)
            view.render { _ = cogs[labelCog] }
            cogs.seed(_zipCog, 7)
            #expect(cogs.peek(labelCog) == "zip 7")
            #expect(runs.count == 2)
            #expect(view.notices.count == 1)
        }

        @Test("SEED-08 seeding from a UI notice delivered during a flush stops with a clear error")
        func seedFromNoticeTraps() async {
            let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                await MainActor.run {
                    let cogs = Cogs.forTesting(clock: TestClock())
                    withObservationTracking {
                        _ = cogs[_zipCog]
                    } onChange: {
                        MainActor.assumeIsolated { cogs.seed(_stockCogs[1], 9) }
                    }
                    cogs.turn(_zipCog, to: 1)
                }
            }
            #expect(result?.standardErrorContent.text.contains("seed is only for idle test setup") == true)
        }

        @Test("SEED-08 seeding from a controller's queued turn body, run at its FIFO place, stops with a clear error")
        func seedFromQueuedBodyTraps() async {
            let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                await MainActor.run {
                    let (cogs, m) = Cogs.forTestingWithController(clock: TestClock())
                    m.run { c in
                        if c[_zipCog] == 1 { m.turn("late") { _ in cogs.seed(_stockCogs[1], 9) } }
                    }
                    cogs.turn(_zipCog, to: 1)
                }
            }
            #expect(result?.standardErrorContent.text.contains("seed is only for idle test setup") == true)
        }
    }
#endif
