import Cog
import CogTesting
import Testing

/// `c.track` of an outside `@Observable` property (core design §8), on both
/// backends. A propagation boundary is one main-actor suspension after the
/// mutation; `debugTrack` counts the propagation turns, so each test awaits
/// exactly the boundary it caused instead of sleeping. The time limit only
/// turns a propagation that never comes into a failure. It is ten minutes,
/// not one, because these tests hop to the main actor, which the Storefront
/// suites' whole sessions hold for minutes at a time in a parallel debug
/// run: with one minute, a run of the whole suite failed twenty of them
/// while they waited their turn.
@MainActor
@Suite(.timeLimit(.minutes(10)))
struct TrackScenarioTests {
    @Test(
        "EXPORT-08 after each boundary a dependent returns the newest post-mutation value, never the pre-write one",
        arguments: CogTrackBackend.allCases)
    func newestAfterEachBoundary(backend: CogTrackBackend) async {
        let (cogs, m) = Cogs.forTracking(backend)
        let profile = Profile()
        let greetingCog = Cog<String> { c in "hi \(c.track(profile, \.name))" }
        let seen = Recorder<String>()
        m.run { c in seen.append(c[greetingCog]) }
        let probe = cogs.debugTrack
        for (index, name) in ["Grace", "Edsger", "Barbara"].enumerated() {
            profile.name = name
            #expect(seen.values.count == index + 1, "nothing propagates before the boundary")
            await probe.waitForPropagations(index + 1)
            #expect(cogs.peek(greetingCog) == "hi \(name)")
            #expect(seen.values.last == "hi \(name)")
        }
        #expect(seen.values == ["hi Ada", "hi Grace", "hi Edsger", "hi Barbara"], "no run saw a pre-write value")
        #expect(probe.propagationCount == 3)
        #if DEBUG
            #expect(cogs.debugRecentTurnNames == Array(repeating: "track(Profile)", count: 3), "each its own turn")
        #endif
    }

    @Test(
        "EXPORT-08 a dependent nobody observes stays lazy: it reruns at its next read after the boundary",
        arguments: CogTrackBackend.allCases)
    func lazyDependentReadsNewest(backend: CogTrackBackend) async {
        let (cogs, _) = Cogs.forTracking(backend)
        let profile = Profile()
        let runs = RunCounter()
        let greetingCog = Cog<String> { c in
            runs.bump()
            return "hi \(c.track(profile, \.name))"
        }
        #expect(cogs.peek(greetingCog) == "hi Ada")
        profile.name = "Grace"
        profile.name = "Edsger"
        await cogs.debugTrack.waitForPropagations(1)
        #expect(runs.count == 1, "the propagation marks it stale and runs nothing")
        #expect(cogs.peek(greetingCog) == "hi Edsger")
        #expect(runs.count == 2)
    }

    @Test(
        "EXPORT-08 a reaction that writes the model during the propagation's flush is followed to the newest value",
        arguments: CogTrackBackend.allCases)
    func writeFromTheFlushIsSeen(backend: CogTrackBackend) async {
        let (cogs, m) = Cogs.forTracking(backend)
        let profile = Profile()
        let seen = Recorder<String>()
        m.run { c in
            let name = c.track(profile, \.name)
            seen.append(name)
            // Normalises once: the write lands while its own change propagates.
            if name == "grace" { profile.name = "Grace" }
        }
        profile.name = "grace"
        await cogs.debugTrack.waitForPropagations(2)
        #expect(seen.values == ["Ada", "grace", "Grace"])
    }

    @Test(
        "EXPORT-10 changing another property of the tracked object recomputes no dependent",
        arguments: CogTrackBackend.allCases)
    func otherPropertyIsQuiet(backend: CogTrackBackend) async {
        let (cogs, m) = Cogs.forTracking(backend)
        let profile = Profile()
        let nameRuns = RunCounter()
        let shoutedCog = Cog<String> { c in
            nameRuns.bump()
            return c.track(profile, \.name).uppercased()
        }
        let names = Recorder<String>()
        let cities = Recorder<String>()
        m.run { c in names.append(c[shoutedCog]) }
        // The city's own input is the boundary this test awaits: its job
        // was queued by the same mutation a wrong name input would react to.
        m.run { c in cities.append(c.track(profile, \.city)) }
        let probe = cogs.debugTrack
        profile.city = "Paris"
        await probe.waitForPropagations(1)
        #expect(probe.propagationCount == 1, "only the city's input propagated")
        #expect(cities.values == ["London", "Paris"])
        #expect(nameRuns.count == 1)
        #expect(names.values == ["ADA"])
        profile.name = "Grace"
        await probe.waitForPropagations(2)
        #expect(nameRuns.count == 2)
        #expect(names.values == ["ADA", "GRACE"])
        #expect(cities.values == ["London", "Paris"])
    }

    @Test(
        "EXPORT-12 on the Observations path, synchronous mutations within one boundary coalesce: one recompute per boundary"
    )
    func observationsCoalescePerBoundary() async {
        let (cogs, m) = Cogs.forTracking(.observations)
        let profile = Profile()
        let runs = RunCounter()
        let shoutedCog = Cog<String> { c in
            runs.bump()
            return c.track(profile, \.name).uppercased()
        }
        let seen = Recorder<String>()
        m.run { c in seen.append(c[shoutedCog]) }
        let probe = cogs.debugTrack
        for round in 1...3 {
            profile.name = "a\(round)"
            profile.city = "elsewhere \(round)"
            profile.name = "b\(round)"
            profile.name = "c\(round)"
            await probe.waitForPropagations(round)
            // Any second propagation of this boundary would already have run:
            // its element was queued before this test resumed.
            #expect(probe.propagationCount == round)
            #expect(runs.count == 1 + round)
            #expect(seen.values.last == "C\(round)")
        }
        #expect(seen.values == ["ADA", "C1", "C2", "C3"])
        #expect(probe.rearmCount == 0, "the Observations path never re-arms")
    }
}
