import Observation
import Workload

/// The `memoized` port: `@Observable` classes with hand-written caches and
/// hand-written invalidation, as a careful engineer tunes a SwiftUI app.
/// Every action changes its sources, then refreshes exactly the caches that
/// depend on them; views read the caches.
@MainActor
public final class MemoizedPort: StorefrontPort {
    public static let name = "memoized"

    let store = MemoizedStore()
    private let service: StorefrontService
    // HAND-WRITTEN BEGIN: request generations, so a superseded response is rejected.
    private var generations: [RequestSlot: Int] = [:]

    private func nextGeneration(_ slot: RequestSlot) -> Int {
        generations[slot, default: 0] += 1
        return generations[slot]!
    }

    private func isCurrent(_ generation: Int, _ slot: RequestSlot) -> Bool {
        generations[slot] == generation
    }
    // HAND-WRITTEN END

    public init(service: StorefrontService, fault: Fault?) {
        self.service = service
        store.skipsCartRefreshOnSale = fault == .staleCache
    }

    public func perform(_ action: UserAction) {
        switch action {
        case .launch:
            launch()
        case .selectCategory(let category):
            store.selectedCategory = category
            store.refreshListed()
        case .setPage(let page):
            store.page = page
            store.refreshVisible()
        case .setQuery(let query):
            store.query = query
            store.refreshMatching()
        case .setInStockOnly(let only):
            store.filters.inStockOnly = only
            store.refreshMatching()
        case .setPriceRange(let minimum, let maximum):
            store.filters.minimumPriceCents = minimum
            store.filters.maximumPriceCents = maximum
            store.refreshMatching()
        case .setMinimumRating(let rating):
            store.filters.minimumRatingTenths = rating
            store.refreshMatching()
        case .setSort(let order):
            store.sort = order
            store.refreshListed()
        case .openProduct(let id):
            open(id)
        case .closeProduct:
            store.openProduct = nil
            store.detail = .idle
            _ = nextGeneration(.detail)  // hand-written
            store.refreshRecommendations()
        case .addToCart(let id):
            store.quantities[id, default: 0] += 1
            store.refreshAfterCartChange(of: id)
        case .setQuantity(let id, let quantity):
            store.quantities[id] = quantity > 0 ? quantity : nil
            store.refreshAfterCartChange(of: id)
        case .updateStock(let updates):
            for update in updates { store.items[update.productID].stock = update.stock }
            store.refreshAfterStockChange(of: updates.map(\.productID))
        case .setSale(let category, let percent):
            store.salePercent[category] = percent
            store.refreshAfterSaleChange(category: category)
        case .applyCoupon(let code):
            validate(code)
        case .setZip(let zip):
            requestQuote(zip)
        case .placeOrder:
            placeOrder()
        }
    }

    private func launch() {
        Task {
            let catalog = try await service.loadCatalog()
            store.items = zip(catalog.products, catalog.initialStock).map { MemoizedItem(product: $0, stock: $1) }
            store.categoryCount = catalog.categoryCount
            store.salePercent = Array(repeating: 0, count: catalog.categoryCount)
            store.refreshMatching()
            service.acknowledge(.applied)
        }
    }

    private func open(_ id: Int) {
        guard store.openProduct != id else { return }
        store.openProduct = id
        store.detail = .loading
        store.refreshRecommendations()
        let generation = nextGeneration(.detail)  // hand-written
        Task {
            let detail: Remote<String>
            do {
                detail = .loaded(try await service.productDetail(id))
            } catch let failure as ServiceFailure {
                detail = .failed(failure.reason)
            }
            guard isCurrent(generation, .detail) else { return service.acknowledge(.rejected) }  // hand-written
            store.detail = detail
            service.acknowledge(.applied)
        }
    }

    private func validate(_ code: String) {
        guard store.couponCode != code else { return }
        store.couponCode = code
        store.coupon = .validating(code: code)
        store.appliedCoupon = nil
        store.refreshCheckout()
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
            store.coupon = status
            store.appliedCoupon = coupon
            store.refreshCheckout()
            service.acknowledge(.applied)
        }
    }

    private func requestQuote(_ zip: String) {
        guard store.zip != zip else { return }
        store.zip = zip
        store.quote = .loading(zip: zip)
        store.refreshCheckout()
        let generation = nextGeneration(.quote)  // hand-written
        Task {
            let status: QuoteStatus
            do {
                status = .quoted(zip: zip, cents: try await service.shippingQuote(zip: zip))
            } catch let failure as ServiceFailure {
                status = .failed(zip: zip, reason: failure.reason)
            }
            guard isCurrent(generation, .quote) else { return service.acknowledge(.rejected) }  // hand-written
            store.quote = status
            store.refreshCheckout()
            service.acknowledge(.applied)
        }
    }

    private func placeOrder() {
        guard store.checkout.ready, let total = store.checkout.totalCents else { return }
        let number = store.orders.count + 1
        let carted = Array(store.quantities.keys)
        store.orders.append(MemoizedStore.Order(number: number, totalCents: total, confirmed: false))
        store.quantities = [:]
        store.couponCode = nil
        store.coupon = .none
        store.appliedCoupon = nil
        _ = nextGeneration(.coupon)  // hand-written
        for id in carted { store.items[id].inCart = 0 }
        store.refreshCart()
        store.refreshRecommendations()
        Task {
            _ = try await service.placeOrder(number: number, totalCents: total)
            store.orders[number - 1].confirmed = true
            service.acknowledge(.applied)
        }
    }

    // MARK: Views

    /// Plain Swift and the stategraph clone do not count their derived values.
    public var recomputations: Int? { nil }

    public func render(_ view: ViewID) -> Screen {
        switch view {
        case .header:
            let last = store.orders.last.map { HeaderScreen.orderLabel(number: $0.number, confirmed: $0.confirmed) }
            return .header(HeaderScreen(cartItemCount: store.cart.itemCount, orderCount: store.orders.count, lastOrder: last))
        case .grid:
            return .grid(GridScreen(productIDs: store.visibleIDs, page: store.page))
        case .card(let id):
            let item = store.items[id]
            return .card(CardScreen(product: item.product, priceCents: item.price, stock: item.stock, inCart: item.inCart))
        case .facets:
            return .facets(FacetScreen(counts: store.facetCounts, selectedCategory: store.selectedCategory))
        case .cart:
            return .cart(store.cart)
        case .detail:
            guard let id = store.openProduct, !store.items.isEmpty else { return .detail(.closed) }
            let item = store.items[id]
            return .detail(DetailScreen(product: item.product, priceCents: item.price, stock: item.stock,
                                        inCart: item.inCart, description: store.detail))
        case .checkout:
            return .checkout(store.checkout)
        case .recommendations:
            return .recommendations(RecommendationScreen(items: store.recommendations))
        }
    }
}
