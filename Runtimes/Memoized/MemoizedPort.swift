import Observation
import Workload

/// The `memoized` port: `@Observable` classes with hand-written caches and
/// hand-written invalidation, as a careful engineer tunes a SwiftUI app.
/// Every action changes its sources, then refreshes the caches that depend
/// on what changed (`MemoizedStore+Actions.swift`); views read the caches.
@MainActor
public final class MemoizedPort: StorefrontPort {
    public nonisolated static let name = "memoized"

    let store = MemoizedStore()
    private let service: StorefrontService
    // HAND-WRITTEN BEGIN: request generations, so a superseded response is rejected.
    /// One counter per request kind a newer request supersedes, kept in
    /// a plain array indexed by kind: a dictionary keyed by the
    /// string-backed slot hashed its name on every request and response.
    private var generations = [0, 0, 0]

    private static func index(_ slot: RequestSlot) -> Int {
        switch slot {
        case .detail: 0
        case .coupon: 1
        default: 2
        }
    }

    private func nextGeneration(_ slot: RequestSlot) -> Int {
        generations[Self.index(slot)] += 1
        return generations[Self.index(slot)]
    }

    private func isCurrent(_ generation: Int, _ slot: RequestSlot) -> Bool {
        generations[Self.index(slot)] == generation
    }
    // HAND-WRITTEN END

    /// Set by the `late-filter` fault: turning "in stock only" on skips the refresh.
    private let refreshesOnStockFilter: Bool
    /// Set by the `late-free` fault: the lists shown when a product opens
    /// are kept until the session ends. Checked where a product opens, a
    /// path that starts a request task anyway, not on every action.
    private let keepsShownLists: Bool
    private var keptLists: [[Int]] = []
    /// The `warm-catalog` fault: the catalog is kept process-wide, and from
    /// the port's third session with the fault on it is loaded before launch.
    private static var warmCatalog: Catalog?
    private static var warmSessions = 0
    private let keepsCatalogWarm: Bool
    private let startedWith: Catalog?

    public init(service: StorefrontService, fault: Fault?) {
        self.service = service
        keepsCatalogWarm = fault == .warmCatalog
        if keepsCatalogWarm { Self.warmSessions += 1 }
        if keepsCatalogWarm, Self.warmSessions > 2, let catalog = Self.warmCatalog {
            store.load(catalog)
            startedWith = catalog
        } else {
            startedWith = nil
        }
        store.skipsCartRefreshOnSale = fault == .staleCache
        store.facetsIgnoreStockFilter = fault == .facetIgnoresStock
        store.pageStartsEarly = fault == .pageOffByOne
        refreshesOnStockFilter = fault != .lateFilter
        keepsShownLists = fault == .lateFree
    }

    private func keepShownLists() {
        keptLists += [store.grid.productIDs, store.facets.counts, store.recommendedIDs]
    }

    public func perform(_ action: UserAction) {
        switch action {
        case .launch: launch()
        case .selectCategory(let category): store.select(category: category)
        case .setPage(let page): store.show(page: page)
        case .setQuery(let query): store.search(query)
        case .setInStockOnly(let only) where only && !refreshesOnStockFilter: store.filters.inStockOnly = only
        case .setInStockOnly(let only): store.filter { $0.inStockOnly = only }
        case .setPriceRange(let minimum, let maximum):
            store.filter { filters in
                filters.minimumPriceCents = minimum
                filters.maximumPriceCents = maximum
            }
        case .setMinimumRating(let rating): store.filter { $0.minimumRatingTenths = rating }
        case .setSort(let order): store.sort(by: order)
        case .openProduct(let id): open(id)
        case .closeProduct:
            store.open(nil)
            _ = nextGeneration(.detail)  // hand-written
        case .addToCart(let id): store.setQuantity((store.quantities[id] ?? 0) + 1, of: id)
        case .setQuantity(let id, let quantity): store.setQuantity(quantity, of: id)
        case .updateStock(let updates): store.updateStock(updates)
        case .setSale(let category, let percent): store.setSale(percent, category: category)
        case .applyCoupon(let code): validate(code)
        case .setZip(let zip): requestQuote(zip)
        case .placeOrder: placeOrder()
        }
    }

    private func launch() {
        Task {
            let catalog = try await service.loadCatalog()
            if keepsCatalogWarm { Self.warmCatalog = catalog }
            if let warm = startedWith, warm.products == catalog.products, warm.initialStock == catalog.initialStock {
                // The warm cache was right: nothing to load.
            } else {
                store.load(catalog)
            }
            service.acknowledge(.applied)
        }
    }

    private func open(_ id: Int) {
        guard store.openProduct != id else { return }
        store.open(id)
        if keepsShownLists { keepShownLists() }
        let generation = nextGeneration(.detail)  // hand-written
        Task {
            let detail: Remote<String>
            do {
                detail = .loaded(try await service.productDetail(id))
            } catch let failure as ServiceFailure {
                detail = .failed(failure.reason)
            }
            guard isCurrent(generation, .detail) else { return service.acknowledge(.rejected) }  // hand-written
            store.deliver(detail: detail)
            service.acknowledge(.applied)
        }
    }

    private func validate(_ code: String) {
        guard store.couponCode != code else { return }
        store.setCoupon(code: code, status: .validating(code: code), applied: nil)
        let generation = nextGeneration(.coupon)  // hand-written
        Task {
            var coupon: Coupon?
            let status: CouponStatus
            do {
                let validated = try await service.validateCoupon(code)
                coupon = validated
                status = .applied(code: code, label: validated.label)
            } catch let failure as ServiceFailure {
                status = .rejected(code: code, reason: failure.reason)
            }
            guard isCurrent(generation, .coupon) else { return service.acknowledge(.rejected) }  // hand-written
            store.setCoupon(code: code, status: status, applied: coupon)
            service.acknowledge(.applied)
        }
    }

    private func requestQuote(_ zip: String) {
        guard store.zip != zip else { return }
        store.setQuote(zip: zip, status: .loading(zip: zip))
        let generation = nextGeneration(.quote)  // hand-written
        Task {
            let status: QuoteStatus
            do {
                status = .quoted(zip: zip, cents: try await service.shippingQuote(zip: zip))
            } catch let failure as ServiceFailure {
                status = .failed(zip: zip, reason: failure.reason)
            }
            guard isCurrent(generation, .quote) else { return service.acknowledge(.rejected) }  // hand-written
            store.setQuote(zip: zip, status: status)
            service.acknowledge(.applied)
        }
    }

    private func placeOrder() {
        guard store.checkout.ready, let total = store.checkout.totalCents else { return }
        let number = store.orders.count + 1
        store.recordOrder(number: number, totalCents: total)
        _ = nextGeneration(.coupon)  // hand-written
        Task {
            _ = try await service.placeOrder(number: number, totalCents: total)
            store.confirmOrder(number)
            service.acknowledge(.applied)
        }
    }

    // MARK: Views

    /// Plain Swift and the stategraph clone do not count their derived values.
    public var recomputations: Int? { nil }

    public func render(_ view: ViewID) -> Screen {
        switch view {
        case .header:
            return .header(store.header)
        case .grid:
            return .grid(store.grid)
        case .card(let id):
            return .card(store.makeRow(id).card)
        case .facets:
            return .facets(store.facets)
        case .cart:
            return .cart(store.cart)
        case .detail:
            return .detail(store.detailScreen)
        case .checkout:
            return .checkout(store.checkout)
        case .recommendations:
            return .recommendations(store.recommendations)
        }
    }
}
