import Cog
import CogTesting
import Testing

/// The pre-iOS-26 path of `c.track`: one-shot `withObservationTracking`,
/// re-armed on the main actor after each observed change, then propagated.
/// The re-arm is acknowledged (`debugTrack.rearmCount`); a mutation made
/// inside the disarmed window before it is not promised (it is seen here
/// only because every mutation is on the main actor).
@MainActor
@Suite(.timeLimit(.minutes(10)))
struct TrackRearmScenarioTests {
    @Test(
        "EXPORT-11 the shim acknowledges each re-arm; a mutation after the acknowledgement propagates the newest value")
    func mutationAfterRearmPropagates() async {
        let (cogs, m) = Cogs.forTracking(.withObservationTracking)
        let profile = Profile()
        let seen = Recorder<String>()
        m.run { c in seen.append(c.track(profile, \.name)) }
        let probe = cogs.debugTrack
        #expect(probe.rearmCount == 0, "the first arm is the consumer's read, not a re-arm")
        for (index, name) in ["Grace", "Edsger", "Barbara"].enumerated() {
            profile.name = name
            await probe.waitForRearms(index + 1)
            #expect(probe.propagationCount == index + 1, "re-armed, then propagated, in one job")
            #expect(seen.values.last == name)
        }
        #expect(seen.values == ["Ada", "Grace", "Edsger", "Barbara"])
    }

    @Test("EXPORT-11 mutations before the re-arm combine into one re-arm and one propagation of the newest value")
    func mutationsBeforeRearmCombine() async {
        let (cogs, m) = Cogs.forTracking(.withObservationTracking)
        let profile = Profile()
        let runs = RunCounter()
        let seen = Recorder<String>()
        m.run { c in
            runs.bump()
            seen.append(c.track(profile, \.name))
        }
        let probe = cogs.debugTrack
        profile.name = "Grace"
        profile.name = "Edsger"
        profile.name = "Barbara"
        await probe.waitForRearms(1)
        #expect(probe.rearmCount == 1)
        #expect(probe.propagationCount == 1)
        #expect(runs.count == 2)
        #expect(seen.values == ["Ada", "Barbara"])
        profile.name = "Ada"
        await probe.waitForRearms(2)
        #expect(seen.values == ["Ada", "Barbara", "Ada"])
    }
}
