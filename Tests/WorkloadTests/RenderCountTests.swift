import BuiltInRuntimes
import CogPort
import MemoizedPort
import ObservablePort
import StateGraphPort
import Testing
import Workload

/// Render counts are the harness's own, so they are exact and the same on
/// every run. The benchmark reports them per port; these pin them, so a
/// change to a port's views or a runtime's invalidation shows up here first.
@MainActor
@Suite("Render counts")
struct RenderCountTests {
    static let catalog = Catalog(scale: .small)
    static let schedule = SessionSchedule(catalog: catalog)

    private func renders<Port: StorefrontPort>(_: Port.Type, _ steps: [SessionSchedule.Step]) async -> Int {
        let session = SessionRunner<Port>(catalog: Self.catalog)
        await session.play(steps)
        return session.renderCount
    }

    /// Seven fixed views, then the grid, its 24 cards and the facets once
    /// the catalog arrives: no port may render a view whose screen did not
    /// depend on the catalog (the stategraph port's empty recommendations
    /// panel once read the product list and rendered a 34th time).
    @Test("a cold start renders the same 33 views in every port of the lineup")
    func coldStart() async {
        let launch = Self.schedule.phases[0].steps
        for runtime in Runtime.builtIn {
            #expect(await renders(runtime.port, launch) == 33, "\(runtime)")
        }
    }

    /// The whole session at small scale. Cog and the memoized port cut off
    /// equal values down to each view's screen (the memoized cards read a
    /// cached badge, the header a cached item count), so both render
    /// exactly the compute control's count of changed screens; the uncached
    /// port re-renders every reader of a changed source; the stategraph port
    /// sends its change notice before a value is compared (805 since its
    /// recommendations panel became one screen node that hears stock only
    /// through the sold-out list: a walked candidate's stock change no
    /// longer re-renders it).
    @Test("the whole session renders an exact count per port")
    func session() async {
        let steps = Self.schedule.phases.flatMap(\.steps)
        #expect(await renders(CogPort.self, steps) == 764)
        #expect(await renders(MemoizedPort.self, steps) == 764)
        #expect(await renders(ObservablePort.self, steps) == 806)
        #expect(await renders(StateGraphPort.self, steps) == 805)
    }
}
