import Cog
import CogTesting
import Workload

/// The `cog` port: the Storefront on Cog, used as its design documents tell
/// an app to use it. Each action is one named op (one turn); each view
/// reads its screen's cog through `cogs[...]`, so Observation tracks exactly
/// the states it shows and Cog notifies only views whose value changed.
@MainActor
public final class CogPort: StorefrontPort {
    public nonisolated static let name = "cog"

    /// One runtime per session. The production `Cogs.assemble` may run once
    /// per process; the benchmark starts a fresh session per iteration, so it
    /// builds each runtime with the testing constructor: the same class and
    /// graph, without claiming the app's assembly slot.
    let cogs: Cogs
    private let service: StorefrontService

    // Debug builds' invariant check after every turn stays off: it would
    // count as the port's work in the debug tests' malloc and render counts.
    public convenience init(service: StorefrontService, fault: Fault?) {
        self.init(service: service, cogs: Cogs.forTesting(checkingInvariants: false))
    }

    /// A port whose grace periods run on `graceClock`, so a test can let
    /// them pass and see what Cog releases.
    public convenience init(service: StorefrontService, graceClock: TestClock) {
        self.init(service: service, cogs: Cogs.forTesting(clock: graceClock, checkingInvariants: false))
    }

    private init(service: StorefrontService, cogs: Cogs) {
        self.service = service
        self.cogs = cogs
        cogs.connect(to: service)
    }

    /// States holding a row in the runtime, and states waiting for their
    /// grace period to end (for lifetime tests).
    public var liveStateCount: Int { cogs.debugLiveRowCount }
    public var statesInGrace: Int { cogs.debugPendingGraceTimerCount }

    /// Cog's selector runs so far.
    public var recomputations: Int? { cogs.debugRecomputeCount }

    public func perform(_ action: UserAction) {
        switch action {
        case .launch: launch()
        case .selectCategory(let category): cogs.selectCategory(category)
        case .setPage(let page): cogs.showPage(page)
        case .setQuery(let query): cogs.search(query)
        case .setInStockOnly(let only): cogs.showInStockOnly(only)
        case .setPriceRange(let minimum, let maximum): cogs.limitPrice(minimum: minimum, maximum: maximum)
        case .setMinimumRating(let tenths): cogs.requireRating(tenths)
        case .setSort(let order): cogs.sort(by: order)
        case .openProduct(let id): acknowledgeAnswer(to: cogs.openProduct(id))
        case .closeProduct: cogs.closeProduct()
        case .addToCart(let id): cogs.addToCart(id)
        case .setQuantity(let id, let quantity): cogs.setQuantity(id, to: quantity)
        case .updateStock(let updates): cogs.updateStock(updates)
        case .setSale(let category, let percent): cogs.setSale(category: category, percent: percent)
        case .applyCoupon(let code): acknowledgeAnswer(to: cogs.applyCoupon(code))
        case .setZip(let zip): acknowledgeAnswer(to: cogs.enterZip(zip))
        case .placeOrder: placeOrder()
        }
    }

    // MARK: Requests

    /// The harness's signal (not part of an app): once the service has
    /// delivered the answer to `handle`'s request and Cog has published or
    /// dropped it, tell the service which. Cog decides; the port only
    /// reports, from Cog's own end-of-work callback, so the signal costs no
    /// task of its own (the other ports acknowledge inline, in the task
    /// that awaited the answer).
    private func acknowledgeAnswer(to handle: CogRefresh?) {
        guard let handle else { return }
        let service = self.service
        handle.onWorkEnded { outcome in
            switch outcome {
            case .success, .failure: service.acknowledge(.applied)
            case .superseded, .released, .withdrawn: service.acknowledge(.rejected)
            }
        }
    }

    /// Loading the catalog writes sources (the catalog and every product's
    /// stock, which the inventory burst later writes too), so it is an op
    /// that awaits the service, not an async cog.
    private func launch() {
        Task {
            cogs.loadCatalog(try await service.loadCatalog())
            service.acknowledge(.applied)
        }
    }

    /// Placing an order is a command, not a value to keep current: the op
    /// records it and clears the cart in one turn, and the confirmation is
    /// the op's second turn.
    private func placeOrder() {
        let checkout = cogs.peek(checkoutCog)
        guard checkout.ready, let total = checkout.totalCents else { return }
        let number = cogs.peek(ordersCog).count + 1
        cogs.placeOrder(number: number, totalCents: total)
        Task {
            _ = try await service.placeOrder(number: number, totalCents: total)
            cogs.confirmOrder(number)
            service.acknowledge(.applied)
        }
    }

    // MARK: Views

    public func render(_ view: ViewID) -> Screen {
        switch view {
        case .header: .header(cogs[headerCog])
        case .grid: .grid(cogs[gridCog])
        case .card(let id): .card(cogs[cardCogs[id]]!)
        case .facets: .facets(cogs[facetsCog])
        case .cart: .cart(cogs[cartCog])
        case .detail: .detail(cogs[detailScreenCog])
        case .checkout: .checkout(cogs[checkoutCog])
        case .recommendations: .recommendations(RecommendationScreen(items: cogs[recommendationsCog]))
        }
    }
}
