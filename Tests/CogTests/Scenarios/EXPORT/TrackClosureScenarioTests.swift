import Cog
import CogTesting
import Testing

private let _selectedCog = Cog<Int>.Manual { 0 }

extension CogOps {
    fileprivate func select(_ index: Int) { turn(_selectedCog, to: index) }
}

/// `c.track { … }`, the closure form: what its closure reads is tracked,
/// with the key-path form's boundary, coalescing and re-arm.
@MainActor
@Suite(.timeLimit(.minutes(10)))
struct TrackClosureScenarioTests {
    @Test(
        "EXPORT-13 the closure form delivers the newest post-mutation value and coalesces each boundary",
        arguments: CogTrackBackend.allCases)
    func newestValueCoalesced(backend: CogTrackBackend) async {
        let (cogs, m) = Cogs.forTracking(backend)
        let profile = Profile()
        let runs = RunCounter()
        let seen = Recorder<String>()
        m.run { c in
            runs.bump()
            seen.append(c.track { "\(profile.name) of \(profile.city)" })
        }
        let probe = cogs.debugTrack
        for round in 1...3 {
            profile.name = "a\(round)"
            profile.city = "b\(round)"
            profile.name = "c\(round)"
            #expect(runs.count == round, "nothing propagates before the boundary")
            await probe.waitForPropagations(round)
            #expect(probe.propagationCount == round)
            #expect(runs.count == 1 + round)
        }
        #expect(seen.values == ["Ada of London", "c1 of b1", "c2 of b2", "c3 of b3"])
    }

    @Test("EXPORT-13 the closure form tracks only what its closure reads", arguments: CogTrackBackend.allCases)
    func onlyWhatTheClosureReads(backend: CogTrackBackend) async {
        let (cogs, m) = Cogs.forTracking(backend)
        let profile = Profile()
        let names = Recorder<String>()
        let cities = Recorder<String>()
        m.run { c in names.append(c.track { profile.name.uppercased() }) }
        m.run { c in cities.append(c.track(profile, \.city)) }
        let probe = cogs.debugTrack
        profile.city = "Paris"
        await probe.waitForPropagations(1)
        #expect(probe.propagationCount == 1)
        #expect(names.values == ["ADA"])
        profile.name = "Grace"
        await probe.waitForPropagations(2)
        #expect(names.values == ["ADA", "GRACE"])
        #expect(cities.values == ["London", "Paris"])
    }

    @Test("EXPORT-13 the closure form re-arms after each change like the key-path form")
    func closureFormRearms() async {
        let (cogs, m) = Cogs.forTracking(.withObservationTracking)
        let profile = Profile()
        let seen = Recorder<String>()
        m.run { c in seen.append(c.track { profile.name }) }
        let probe = cogs.debugTrack
        for (index, name) in ["Grace", "Edsger"].enumerated() {
            profile.name = name
            profile.name = name + "!"
            await probe.waitForRearms(index + 1)
            #expect(probe.propagationCount == index + 1)
            #expect(seen.values.last == name + "!")
        }
        #expect(seen.values == ["Ada", "Grace!", "Edsger!"])
    }

    @Test(
        "EXPORT-13 a closure that captures another object after a rerun follows that object, not the old one",
        arguments: CogTrackBackend.allCases)
    func followsTheObjectOfTheLatestRun(backend: CogTrackBackend) async {
        let (cogs, m) = Cogs.forTracking(backend)
        let profiles = [Profile(name: "Ada"), Profile(name: "Grace")]
        let seen = Recorder<String>()
        m.run { c in
            let profile = profiles[c[_selectedCog]]
            seen.append(c.track { profile.name })
        }
        let probe = cogs.debugTrack
        cogs.select(1)
        #expect(seen.values == ["Ada", "Grace"])
        profiles[1].name = "Grace 2"
        await probe.waitForPropagations(1)
        #expect(seen.values == ["Ada", "Grace", "Grace 2"])
        // The old object's change is queued first: an arm of the earlier
        // run still live would propagate it before the new object's.
        profiles[0].name = "Ada 2"
        profiles[1].name = "Grace 3"
        await probe.waitForPropagations(2)
        #expect(probe.propagationCount == 2, "only the selected object's changes propagated")
        #expect(seen.values == ["Ada", "Grace", "Grace 2", "Grace 3"])
        #expect(probe.liveObservationCount == 1)
    }
}
