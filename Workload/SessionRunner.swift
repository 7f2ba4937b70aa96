/// Runs one port's session: actions and deliveries go to the port and the
/// service, and after each one settles its `ViewLayer` re-renders what
/// changed.
@MainActor
public final class SessionRunner<Port: SessionPort> {
    public let service: StorefrontService
    public let port: Port
    private let views: ViewLayer<Port>

    /// A session whose port `makePort` builds, for tests that configure a
    /// port beyond the protocol's initializer.
    public init(catalog: Catalog, makePort: (StorefrontService) -> Port) {
        service = StorefrontService(catalog: catalog)
        port = makePort(service)
        views = ViewLayer(port: port)
    }

    public var renderCount: Int { views.renderCount }

    /// Mounted views in render order: fixed views, cards after the grid.
    public var mounted: [ViewID] { views.mounted }

    /// What each mounted view last showed.
    public var shown: [ViewID: Screen] { views.shown }

    /// Applies one action, waits until the port has sent every request the
    /// action makes (`expectedIssued` in all), then re-renders what changed.
    /// With `patience` (the gate's runs) a request that never comes stops
    /// the wait instead of hanging it.
    public func perform(_ action: UserAction, expectedIssued: Int, patience: StorefrontService.Patience? = nil) async {
        port.perform(action)
        await service.waitUntilIssued(expectedIssued, patience: patience)
        views.refresh()
    }

    /// Delivers one pending response, re-renders what changed, and returns
    /// the port's outcome (nil when, given `patience`, it never answered).
    @discardableResult
    public func deliver(_ sequence: Int, patience: StorefrontService.Patience? = nil) async -> StorefrontService
        .Outcome?
    {
        let outcome = await service.deliver(sequence, patience: patience)
        views.refresh()
        return outcome
    }

    /// Renders `view` without tracking, as a freshly created view would.
    public func renderFresh(_ view: ViewID) -> Screen {
        port.render(view)
    }
}

extension SessionRunner where Port: StorefrontPort {
    public convenience init(catalog: Catalog, fault: Fault? = nil) {
        self.init(catalog: catalog) { service in Port(service: service, fault: fault) }
    }
}
