import Observation

/// The compute control played as a port: the same session, service and
/// view layer as every runtime's port, with the control's least work
/// behind `render`.
///
/// It has no runtime to find out what changed: the plan it is made from
/// (`ComputeControl`, worked out untimed) names the views each event
/// changes, and after each event the port tells exactly those views, and
/// nothing else, through one Observation signal per view. A view's render
/// then builds its screen from `ComputeControlState`, whose intermediates
/// are recomputed at most once per event and only where an input changed.
/// Its requests are real: the service answers them off the main actor and
/// the port pays the hop back, as every port does. The answer's value is
/// the shadow model's own (the service computes the same from the same
/// rules), so the control applies it where a port would decode it.
///
/// The difference between this and `ComputeControl.run()`, which builds the
/// same screens with no view layer, service or main actor, is what the
/// harness's plumbing costs any port (`docs/storefront.md`).
@MainActor
public final class ControlPort: SessionPort {
    private let service: StorefrontService
    private let plan: ComputeControl
    private var state: ComputeControlState
    /// Events (actions and deliveries) finished so far: the plan's index.
    private var events = 0
    private let fixedSignals: [ViewSignal]
    /// Per product id, made when its card first renders: a card never shown
    /// has no view to tell.
    private var cardSignals: [ViewSignal?] = []

    public init(service: StorefrontService, plan: ComputeControl) {
        self.service = service
        self.plan = plan
        state = ComputeControlState(serving: plan.catalog)
        fixedSignals = ViewID.fixed.map { _ in ViewSignal() }
        assert(ViewID.fixed.indices.allSatisfy { Self.slot(of: ViewID.fixed[$0]) == $0 })
    }

    public func perform(_ action: UserAction) {
        let issuedBefore = state.shadow.expectedRequests.count
        state.apply(action)
        for sequence in issuedBefore..<state.shadow.expectedRequests.count { send(sequence) }
        eventEnded()
    }

    public func render(_ view: ViewID) -> Screen {
        signal(for: view).read()
        return state.render(view)
    }

    /// The control counts screens, not derived values.
    public var recomputations: Int? { nil }

    /// Sends request `sequence` the way a port does, and applies its answer
    /// once the service delivers it.
    private func send(_ sequence: Int) {
        let request = state.shadow.expectedRequests[sequence]
        let service = self.service
        Task {
            // A failure is an answer too: the shadow applies it as one.
            switch request {
            case .catalog: _ = try? await service.loadCatalog()
            case .productDetail(let id): _ = try? await service.productDetail(id)
            case .validateCoupon(let code): _ = try? await service.validateCoupon(code)
            case .shippingQuote(let zip): _ = try? await service.shippingQuote(zip: zip)
            case .placeOrder(let number, let total):
                _ = try? await service.placeOrder(number: number, totalCents: total)
            }
            let applied = state.deliver(sequence)
            eventEnded()
            service.acknowledge(applied ? .applied : .rejected)
        }
    }

    private func eventEnded() {
        for view in plan.viewsToTell(after: events) {
            switch view {
            case .card(let id): cardSignals[id]!.changed()
            default: fixedSignals[Self.slot(of: view)].changed()
            }
        }
        events += 1
    }

    /// A fixed view's place in `ViewID.fixed`.
    private static func slot(of view: ViewID) -> Int {
        switch view {
        case .header: 0
        case .grid: 1
        case .facets: 2
        case .cart: 3
        case .detail: 4
        case .checkout: 5
        case .recommendations: 6
        case .card: preconditionFailure("a card has a signal of its own")
        }
    }

    private func signal(for view: ViewID) -> ViewSignal {
        guard case .card(let id) = view else { return fixedSignals[Self.slot(of: view)] }
        if id >= cardSignals.count {
            cardSignals.append(contentsOf: repeatElement(nil, count: id + 1 - cardSignals.count))
        }
        if let signal = cardSignals[id] { return signal }
        let signal = ViewSignal()
        cardSignals[id] = signal
        return signal
    }
}

/// One view's change notice: reading it subscribes the view's render, and
/// `changed` re-renders it. Written against the registrar directly, with
/// its key path formed once, as the cheapest notice Observation allows
/// (the technique Cog's boundary uses): the macro's accessor forms the key
/// path on every read, and the control is the floor.
nonisolated final class ViewSignal: Observable, @unchecked Sendable {
    // @unchecked: the registrar is Sendable and the class holds nothing else.
    private let registrar = ObservationRegistrar()
    /// The observed property: a stand-in for "this view's screen".
    private let screen: UInt8 = 0
    // nonisolated(unsafe): a key path is immutable once formed.
    nonisolated(unsafe) private static let screenKeyPath: KeyPath<ViewSignal, UInt8> = \.screen

    func read() { registrar.access(self, keyPath: Self.screenKeyPath) }

    func changed() {
        registrar.willSet(self, keyPath: Self.screenKeyPath)
        registrar.didSet(self, keyPath: Self.screenKeyPath)
    }
}
