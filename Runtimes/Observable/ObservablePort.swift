import Observation
import Workload

/// The `observable` port: plain `@Observable` classes with computed
/// properties and no caches, as a straightforward SwiftUI app is written.
@MainActor
public final class ObservablePort: StorefrontPort {
    public nonisolated static let name = "observable"

    let store = ObservableStore()
    private let service: StorefrontService

    // HAND-WRITTEN BEGIN: request generations, so a superseded response is
    // rejected. Cog's async values do this themselves.
    private var detailGeneration = 0
    private var couponGeneration = 0
    private var quoteGeneration = 0
    // HAND-WRITTEN END

    private let fault: Fault?
    /// The `session-leak` fault: a process-wide order history, which faulty
    /// sessions fill and, from the third on, start from.
    private static var leakedOrders: [ObservableStore.Order] = []
    private static var leakySessions = 0

    public init(service: StorefrontService, fault: Fault?) {
        self.service = service
        self.fault = fault
        store.truncatesPrices = fault == .wrongRounding
        if fault == .sessionLeak {
            Self.leakySessions += 1
            if Self.leakySessions > 2 { store.orders = Self.leakedOrders }
        }
    }

    public func perform(_ action: UserAction) {
        switch action {
        case .launch: launch()
        case .selectCategory(let category): store.selectedCategory = category
        case .setPage(let page): store.page = page
        case .setQuery(let query): store.query = query
        case .setInStockOnly(let only): store.filters.inStockOnly = only
        case .setPriceRange(let minimum, let maximum):
            store.filters.minimumPriceCents = minimum
            store.filters.maximumPriceCents = maximum
        case .setMinimumRating(let rating): store.filters.minimumRatingTenths = rating
        case .setSort(let order): store.sort = order
        case .openProduct(let id): open(id)
        case .closeProduct:
            store.openProduct = nil
            store.detail = .idle
            detailGeneration += 1  // hand-written
        case .addToCart(let id): store.setQuantity(id, store.row(id).state.quantity + 1)
        case .setQuantity(let id, let quantity): store.setQuantity(id, max(quantity, 0))
        case .updateStock(let updates):
            store.applyStock(updates)
            if fault == .droppedInvalidation, let last = updates.last {
                store.row(last.productID).setStockWithoutNotice(last.stock + 1)
            }
        case .setSale(let category, let percent): store.sales[category].percent = percent
        case .applyCoupon(let code): apply(coupon: code)
        case .setZip(let zip): quote(zip)
        case .placeOrder: placeOrder()
        }
    }

    private func launch() {
        Task {
            let catalog = try await service.loadCatalog()
            // Row models are made as views first show their products.
            store.items = Array(repeating: nil, count: catalog.products.count)
            store.stockLevels = catalog.initialStock
            store.categoryCount = catalog.categoryCount
            store.sales = (0..<catalog.categoryCount).map { _ in CategorySale() }
            // Last: the list that tells the views the catalog has arrived.
            store.products = catalog.products
            service.acknowledge(.applied)
        }
    }

    private func open(_ id: Int) {
        guard store.openProduct != id else { return }
        store.openProduct = id
        store.detail = .loading
        detailGeneration += 1  // hand-written
        let generation = detailGeneration  // hand-written
        Task {
            let result: Remote<String>
            do {
                result = .loaded(try await service.productDetail(id))
            } catch let failure as ServiceFailure {
                result = .failed(failure.reason)
            }
            // The `stale-response` fault applies a superseded answer too;
            // its test sits outside the counted guard.
            if fault != .staleResponse {
                guard generation == detailGeneration else {  // hand-written
                    return service.acknowledge(.rejected)
                }
            }
            store.detail = result
            service.acknowledge(.applied)
        }
    }

    private func apply(coupon code: String) {
        guard store.couponCode != code else { return }
        store.couponCode = code
        store.coupon = .validating(code: code)
        store.appliedCoupon = nil
        couponGeneration += 1  // hand-written
        let generation = couponGeneration  // hand-written
        Task {
            let status: CouponStatus
            var applied: Coupon?
            do {
                let coupon = try await service.validateCoupon(code)
                applied = coupon
                status = .applied(code: code, label: coupon.label)
            } catch let failure as ServiceFailure {
                status = .rejected(code: code, reason: failure.reason)
            }
            guard generation == couponGeneration else { return service.acknowledge(.rejected) }  // hand-written
            store.coupon = status
            store.appliedCoupon = applied
            service.acknowledge(.applied)
        }
    }

    private func quote(_ zip: String) {
        guard store.zip != zip else { return }
        store.zip = zip
        store.quote = .loading(zip: zip)
        quoteGeneration += 1  // hand-written
        let generation = quoteGeneration  // hand-written
        Task {
            let status: QuoteStatus
            do {
                status = .quoted(zip: zip, cents: try await service.shippingQuote(zip: zip))
            } catch let failure as ServiceFailure {
                status = .failed(zip: zip, reason: failure.reason)
            }
            guard generation == quoteGeneration else { return service.acknowledge(.rejected) }  // hand-written
            store.quote = status
            service.acknowledge(.applied)
        }
    }

    private func placeOrder() {
        let checkout = store.checkout
        guard checkout.ready, let total = checkout.totalCents else { return }
        let number = store.orders.count + 1
        store.orders.append(ObservableStore.Order(number: number, totalCents: total, confirmed: false))
        if fault == .sessionLeak { Self.leakedOrders.append(store.orders[number - 1]) }
        store.emptyCart()
        store.couponCode = nil
        store.coupon = .none
        store.appliedCoupon = nil
        couponGeneration += 1  // hand-written
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
            let orders = store.orders
            let last = orders.last.map { HeaderScreen.orderLabel(number: $0.number, confirmed: $0.confirmed) }
            return .header(HeaderScreen(cartItemCount: store.cartItemCount, orderCount: orders.count, lastOrder: last))
        case .grid:
            return .grid(GridScreen(productIDs: store.visible, page: store.page))
        case .card(let id):
            let item = store.row(id), product = item.product, state = item.state
            return .card(
                CardScreen(
                    product: product, priceCents: store.price(product, percent: store.sale(product.category).percent),
                    stock: state.stock, inCart: state.quantity))
        case .facets:
            let selected = store.selectedCategory
            let products = store.products
            guard !products.isEmpty else { return .facets(.empty(selectedCategory: selected)) }
            return .facets(FacetScreen(counts: store.matchCounts(), selectedCategory: selected))
        case .cart:
            return .cart(CartScreen(lines: store.cartLines))
        case .detail:
            guard let id = store.openProduct, !store.products.isEmpty else { return .detail(.closed) }
            let item = store.row(id), product = item.product, state = item.state
            return .detail(
                DetailScreen(
                    product: product, priceCents: store.price(product, percent: store.sale(product.category).percent),
                    stock: state.stock, inCart: state.quantity,
                    description: store.detail))
        case .checkout:
            return .checkout(store.checkout)
        case .recommendations:
            let ids = store.recommended
            guard !ids.isEmpty else { return .recommendations(RecommendationScreen(items: [])) }
            // Every recommendation shares the open product's category.
            let products = store.products, percent = store.sales[products[ids[0]].category].percent
            var items: [RecommendationScreen.Item] = []
            items.reserveCapacity(ids.count)
            for id in ids {
                items.append(
                    RecommendationScreen.Item(
                        product: products[id], priceCents: store.price(products[id], percent: percent)))
            }
            return .recommendations(RecommendationScreen(items: items))
        }
    }
}
