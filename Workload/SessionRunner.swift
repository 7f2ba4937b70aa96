import Observation
import Synchronization

/// Runs one port's headless views the way SwiftUI runs view bodies: each
/// view renders inside `withObservationTracking`; a change to anything it
/// read marks it invalidated; after each action or delivery settles, every
/// invalidated view renders once and is re-armed. The grid mounts one card
/// per listed product; a card that leaves the grid is unmounted, and a late
/// change notice for it is ignored.
@MainActor
public final class SessionRunner<Port: StorefrontPort> {
    public let service: StorefrontService
    public let port: Port
    /// What each mounted view last showed.
    public private(set) var shown: [ViewID: Screen] = [:]
    /// Mounted views in render order: fixed views, cards after the grid.
    public private(set) var mounted: [ViewID] = []
    public private(set) var renderCount = 0
    private let invalidated = InvalidationSet()

    public convenience init(catalog: Catalog, fault: Fault? = nil) {
        self.init(catalog: catalog) { service in Port(service: service, fault: fault) }
    }

    /// A session whose port `makePort` builds, for tests that configure a
    /// port beyond the protocol's initializer.
    public init(catalog: Catalog, makePort: (StorefrontService) -> Port) {
        service = StorefrontService(catalog: catalog)
        port = makePort(service)
        for view in ViewID.fixed { render(view) }
        remount()
    }

    /// Applies one action, waits until the port has sent every request the
    /// action makes (`expectedIssued` in all), then re-renders what changed.
    /// With `patience` (the gate's runs) a request that never comes stops
    /// the wait instead of hanging it.
    public func perform(_ action: UserAction, expectedIssued: Int, patience: StorefrontService.Patience? = nil) async {
        port.perform(action)
        await service.waitUntilIssued(expectedIssued, patience: patience)
        refresh()
    }

    /// Delivers one pending response, re-renders what changed, and returns
    /// the port's outcome (nil when, given `patience`, it never answered).
    @discardableResult
    public func deliver(_ sequence: Int, patience: StorefrontService.Patience? = nil) async -> StorefrontService
        .Outcome?
    {
        let outcome = await service.deliver(sequence, patience: patience)
        refresh()
        return outcome
    }

    /// Renders `view` without tracking, as a freshly created view would.
    public func renderFresh(_ view: ViewID) -> Screen {
        port.render(view)
    }

    private func refresh() {
        let marked = invalidated.drain()
        guard !marked.isEmpty else { return }
        var fresh: Set<ViewID> = []
        if marked.contains(.grid) {
            render(.grid)
            fresh = remount()
            fresh.insert(.grid)
        }
        for view in mounted where marked.contains(view) && !fresh.contains(view) { render(view) }
    }

    /// Mounts a card for every product the grid lists and unmounts the
    /// rest; returns the views it mounted (and so rendered).
    @discardableResult
    private func remount() -> Set<ViewID> {
        let next = ViewID.mounted(gridIDs: shown[.grid]?.gridIDs ?? [])
        let nextSet = Set(next)
        for view in mounted where !nextSet.contains(view) { shown[view] = nil }
        mounted = next
        var added: Set<ViewID> = []
        for view in next where shown[view] == nil {
            render(view)
            added.insert(view)
        }
        return added
    }

    private func render(_ view: ViewID) {
        let set = invalidated
        let screen = withObservationTracking {
            port.render(view)
        } onChange: {
            set.insert(view)
        }
        shown[view] = screen
        renderCount += 1
    }
}

/// Views marked by Observation's change callbacks, which are `@Sendable`
/// and may in principle run on any thread.
final class InvalidationSet: Sendable {
    private let views = Mutex<Set<ViewID>>([])

    func insert(_ view: ViewID) {
        _ = views.withLock { $0.insert(view) }
    }

    func drain() -> Set<ViewID> {
        views.withLock { views in
            defer { views.removeAll(keepingCapacity: true) }
            return views
        }
    }
}
