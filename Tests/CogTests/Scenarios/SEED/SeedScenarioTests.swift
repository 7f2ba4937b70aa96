#if DEBUG
    import Cog
    import CogTesting
    import Testing

    private let _zipCog = Cog<Int>.Manual { 0 }
    private let _weatherCog = Cog<String>.Manual { "cloudy" }
    private let isSunnyCog = Cog<Bool> { c in c[_weatherCog] == "sunny" }

    @MainActor
    private struct AlertMechanism: Mechanism {
        let alerts: EventLog
        func operate(_ m: CogController) {
            m.run { c in
                if c[isSunnyCog] { alerts.append("nice at \(m.peek(_zipCog))") }
            }
        }
    }

    extension CogOps {
        fileprivate func stubWeather(_ weather: String) { turn(_weatherCog, to: weather) }
    }

    @MainActor
    struct SeedScenarioTests {
        @Test("SEED-02 seeding is quiet: no turn lands in history and no reaction runs")
        func seedingIsQuiet() {
            let (cogs, m) = Cogs.forTestingWithController()
            let runs = RunCounter()
            m.run { c in
                runs.bump()
                _ = c[_zipCog]
            }
            let turns = cogs.debugCompletedTurnCount
            cogs.seed(_zipCog, 94110)
            #expect(cogs.debugCompletedTurnCount == turns)
            #expect(runs.count == 1)
            #expect(cogs.peek(_zipCog) == 94110)
        }

        @Test("SEED-03 a seed marks dependents dirty, and an equal seed is no change")
        func seedDirtiesDependents() {
            let runs = RunCounter()
            let labelCog = Cog<String> { c in
                runs.bump()
                return "zip \(c[_zipCog])"
            }
            let cogs = Cogs.forTesting()
            #expect(cogs.peek(labelCog) == "zip 0")
            cogs.seed(_zipCog, 10001)
            #expect(cogs.peek(labelCog) == "zip 10001")
            cogs.seed(_zipCog, 10001)
            #expect(cogs.peek(labelCog) == "zip 10001")
            #expect(runs.count == 2)
        }

        @Test("SEED-04 the alert story: seeded cloudy weather alerts nothing; a stubbed sunny turn alerts once")
        func alertStory() {
            let alerts = EventLog()
            let cogs = Cogs.forTesting(
                seeding: { seed in
                    seed[_zipCog] = 94110
                    seed[_weatherCog] = "cloudy"
                },
                mechanisms: [AlertMechanism(alerts: alerts)]
            )
            #expect(alerts.events.isEmpty)
            cogs.stubWeather("sunny")
            #expect(alerts.events == ["nice at 94110"])
        }

        @Test("SEED-07 seeding a UI-read source sends no notice; the next real turn notices the dirtied value")
        func seedSendsNoNotice() {
            let cogs = Cogs.forTesting()
            let view = HeadlessView()
            view.render { _ = cogs[isSunnyCog] }
            cogs.seed(_weatherCog, "sunny")
            #expect(view.notices.count == 0)
            cogs.turn(_zipCog, to: 1)
            #expect(view.notices.count == 1)
            #expect(cogs[isSunnyCog])
        }

        @Test("SEED-08 seeding inside a turn body stops with a clear error")
        func seedInsideTurnTraps() async {
            let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                await MainActor.run {
                    let cogs = Cogs.forTesting(clock: TestClock())
                    cogs.turn { _ in cogs.seed(_zipCog, 1) }
                }
            }
            #expect(result?.standardErrorContent.text.contains("seed is only for idle test setup") == true)
        }

        @Test("SEED-08 seeding from a computing selector stops with a clear error")
        func seedFromSelectorTraps() async {
            let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                await MainActor.run {
                    let cogs = Cogs.forTesting(clock: TestClock())
                    let seedingCog = Cog<Int> { c in
                        cogs.seed(_zipCog, 2)
                        return c[_zipCog]
                    }
                    _ = cogs.peek(seedingCog)
                }
            }
            let message = result?.standardErrorContent.text ?? ""
            #expect(message.contains("was called inside a turn, selector or reaction"))
            #expect(message.contains("seed is only for idle test setup"))
        }

        @Test("SEED-08 seeding from a reaction stops with a clear error")
        func seedFromReactionTraps() async {
            let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                await MainActor.run {
                    let (cogs, m) = Cogs.forTestingWithController()
                    // Its first run, at registration: the context is idle,
                    // but a reaction is computing.
                    m.run { c in
                        _ = c[_zipCog]
                        cogs.seed(_weatherCog, "rain")
                    }
                }
            }
            let message = result?.standardErrorContent.text ?? ""
            #expect(message.contains("was called inside a turn, selector or reaction"))
            #expect(message.contains("seed is only for idle test setup"))
        }
    }
#endif
