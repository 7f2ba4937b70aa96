import Cog
import CogTesting
import Testing

private let _showCog = Cog<Bool>.Manual { true }

extension CogOps {
    fileprivate func show(_ shown: Bool) { turn(_showCog, to: shown) }
}

/// A tracked input observes only while something reads it: the last
/// consumer dropping it (a rerun that no longer reads it, a retired
/// reaction, a released whileObserved cog) or runtime teardown stops the
/// observation, ends its task and releases the model it held.
@MainActor
@Suite(.timeLimit(.minutes(10)))
struct TrackLifetimeScenarioTests {
    @Test(
        "EXPORT-08 lifetime: a consumer that stops reading an input stops its observation and releases the model",
        arguments: CogTrackBackend.allCases)
    func droppedDependencyStops(backend: CogTrackBackend) async {
        let (cogs, m) = Cogs.forTracking(backend)
        let holder = ProfileHolder(Profile())
        weak let weakProfile = holder.profile
        let seen = Recorder<String>()
        m.run { c in
            guard c[_showCog], let profile = holder.profile else { return }
            seen.append(c.track(profile, \.name))
        }
        holder.profile = nil
        let probe = cogs.debugTrack
        #expect(weakProfile != nil, "the observing input holds the model")
        #expect(probe.liveObservationCount == 1)
        #expect(probe.currentObserverTaskCount == (backend == .observations ? 1 : 0))
        cogs.show(false)
        #expect(probe.liveObservationCount == 0, "stopped by the run that dropped it")
        #expect(probe.currentObserverTaskCount == 0)
        await probe.waitUntilReleased()
        #expect(probe.runningObserverTaskCount == 0)
        #expect(weakProfile == nil)
        #expect(seen.values == ["Ada"])
    }

    @Test(
        "EXPORT-08 lifetime: a dropped input no longer propagates; reading it again observes afresh",
        arguments: CogTrackBackend.allCases)
    func droppedInputIsQuietUntilReadAgain(backend: CogTrackBackend) async {
        let (cogs, m) = Cogs.forTracking(backend)
        let profile = Profile()
        let seen = Recorder<String>()
        m.run { c in
            guard c[_showCog] else { return seen.append("hidden") }
            seen.append(c.track(profile, \.name))
        }
        let probe = cogs.debugTrack
        cogs.show(false)
        profile.name = "Grace"
        cogs.show(true)
        #expect(seen.values == ["Ada", "hidden", "Grace"])
        profile.name = "Edsger"
        await probe.waitForPropagations(1)
        #expect(probe.propagationCount == 1, "the stopped observation propagated nothing")
        #expect(seen.values == ["Ada", "hidden", "Grace", "Edsger"])
    }

    @Test("EXPORT-08 lifetime: a retired reaction stops its observation", arguments: CogTrackBackend.allCases)
    func retiredReactionStops(backend: CogTrackBackend) async {
        let (cogs, m) = Cogs.forTracking(backend)
        let holder = ProfileHolder(Profile())
        weak let weakProfile = holder.profile
        let seen = Recorder<String>()
        m.scope(_showCog) { child in
            child.run { c in
                guard let profile = holder.profile else { return }
                seen.append(c.track(profile, \.name))
            }
        }
        holder.profile = nil
        let probe = cogs.debugTrack
        #expect(probe.liveObservationCount == 1)
        cogs.show(false)
        #expect(probe.liveObservationCount == 0)
        await probe.waitUntilReleased()
        #expect(probe.runningObserverTaskCount == 0)
        #expect(weakProfile == nil)
    }

    @Test(
        "EXPORT-08 lifetime: a whileObserved cog released after its grace period stops its observation",
        arguments: CogTrackBackend.allCases)
    func releasedCogStops(backend: CogTrackBackend) async {
        let clock = TestClock()
        let (cogs, _) = Cogs.forTracking(backend, clock: clock, grace: .seconds(5))
        let holder = ProfileHolder(Profile())
        weak let weakProfile = holder.profile
        let nameCog = Cog<String> { c in
            guard let profile = holder.profile else { return "" }
            return c.track(profile, \.name)
        }
        #expect(cogs.peek(nameCog) == "Ada")
        holder.profile = nil
        let probe = cogs.debugTrack
        #expect(probe.liveObservationCount == 1, "an unobserved cog keeps its inputs through its grace period")
        clock.advance(by: .seconds(5))
        #expect(probe.liveObservationCount == 0)
        await probe.waitUntilReleased()
        #expect(weakProfile == nil)
    }

    @Test(
        "EXPORT-08 lifetime: consumers of one object and key path share one observation until the last one leaves",
        arguments: CogTrackBackend.allCases)
    func consumersShareOneObservation(backend: CogTrackBackend) async {
        let (cogs, m) = Cogs.forTracking(backend)
        let profile = Profile()
        let hidden = Recorder<String>()
        let shown = Recorder<String>()
        m.run { c in
            guard c[_showCog] else { return }
            hidden.append(c.track(profile, \.name))
        }
        m.run { c in shown.append(c.track(profile, \.name)) }
        let probe = cogs.debugTrack
        #expect(probe.liveObservationCount == 1)
        cogs.show(false)
        #expect(probe.liveObservationCount == 1, "the other consumer still reads it")
        profile.name = "Grace"
        await probe.waitForPropagations(1)
        #expect(shown.values == ["Ada", "Grace"])
        #expect(hidden.values == ["Ada"])
    }

    @Test(
        "EXPORT-13 lifetime: a closure re-armed on every run keeps one observation and one observer task",
        arguments: CogTrackBackend.allCases)
    func closureRearmsKeepOneObservation(backend: CogTrackBackend) async {
        let (cogs, m) = Cogs.forTracking(backend)
        let profile = Profile()
        let counterCog = Cog<Int>.Manual { 0 }
        m.run { c in _ = (c[counterCog], c.track { profile.name }) }
        for count in 1...20 { cogs.turn(counterCog, to: count) }
        let probe = cogs.debugTrack
        #expect(probe.liveObservationCount == 1)
        #expect(probe.currentObserverTaskCount == (backend == .observations ? 1 : 0))
        await probe.waitUntilReleased()
        #expect(probe.runningObserverTaskCount == probe.currentObserverTaskCount)
    }

    @Test(
        "EXPORT-08 lifetime: teardown stops every observation; observer tasks end and models are released",
        arguments: CogTrackBackend.allCases)
    func teardownStopsEverything(backend: CogTrackBackend) async {
        var profile: Profile? = Profile()
        weak let weakProfile = profile
        var cogs: Cogs? = Cogs.forTracking(backend).cogs
        let probe = cogs!.debugTrack
        let nameCog = Cog<String> { [weak profile] c in profile.map { c.track($0, \.name) } ?? "" }
        let cityCog = Cog<String> { [weak profile] c in profile.map { p in c.track { p.city } } ?? "" }
        #expect(cogs!.peek(nameCog) == "Ada")
        #expect(cogs!.peek(cityCog) == "London")
        profile = nil
        #expect(probe.liveObservationCount == 2)
        #expect(weakProfile != nil)
        let (acknowledged, acknowledge) = AsyncStream.makeStream(of: Void.self)
        cogs!.debugOnTeardown { acknowledge.yield() }
        cogs = nil
        var acknowledgements = acknowledged.makeAsyncIterator()
        _ = await acknowledgements.next()
        #expect(probe.liveObservationCount == 0)
        #expect(weakProfile == nil, "released by teardown, before its acknowledgement")
        await probe.waitUntilReleased()
        #expect(probe.runningObserverTaskCount == 0)
    }
}
