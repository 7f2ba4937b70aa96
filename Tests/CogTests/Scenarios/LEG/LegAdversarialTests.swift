import Cog
import CogTesting
import Testing

/// Where a nonisolated async function runs when an async cog's work body
/// (MainActor by default, ASYNC-15) awaits it: `#isolation` inside it.
nonisolated private func isolationSeenFromWork() async -> (any Actor)? {
    #isolation
}

@MainActor
struct LegAdversarialTests {
    /// The leg's NonisolatedNonsendingByDefault setting must reach code an
    /// app awaits from Cog's own work body, not only a plain test function:
    /// on, the nonisolated function stays on the caller's MainActor; off, it
    /// runs on no actor.
    @Test("LEG-02 a nonisolated async call from an async cog's work body runs where the leg's setting says")
    func workBodyCallSeesLegSetting() async {
        let work = ControlledWork<Int>()
        let seen = EventLog()
        let probeCog = Cog<Int>.Async(default: 0) { _ in
            .run {
                let isolation = await isolationSeenFromWork()
                seen.append(isolation.map { $0 === MainActor.shared ? "MainActor" : "other" } ?? "none")
                return try await work.run()
            }
        }
        let cogs = Cogs.forTesting(clock: TestClock())
        _ = cogs[probeCog]
        await work.started(1)
        await work.succeed(1, with: 1)
        let expected = BuildLeg.intended.nonisolatedNonsending ? "MainActor" : "none"
        #expect(seen.events == [expected], "leg \(BuildLeg.intended)")
    }
}
