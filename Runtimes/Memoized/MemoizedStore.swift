import Observation
import Workload

/// The app state: `@Observable` sources plus hand-maintained caches of every
/// derived value. Each cache is an observable stored property, so views
/// that read it are invalidated when it changes, and each refresh assigns
/// only when the value differs, so equal results notify nobody.
@Observable
@MainActor
final class MemoizedStore {
    struct Order: Hashable {
        var number: Int
        var totalCents: Int
        var confirmed: Bool
    }

    // MARK: Sources

    var items: [MemoizedItem] = []
    var categoryCount = 0
    var salePercent: [Int] = []
    var selectedCategory: Int?
    var query = ""
    var filters = Filters()
    var sort = SortOrder.featured
    var page = 0
    var openProduct: Int?
    /// Quantity per product in the cart.
    var quantities: [Int: Int] = [:]
    var detail: Remote<String> = .idle
    var couponCode: String?
    var coupon: CouponStatus = .none
    var appliedCoupon: Coupon?
    var zip: String?
    var quote: QuoteStatus = .none
    var orders: [Order] = []

    // HAND-WRITTEN BEGIN: caches and the refresh functions that keep them.
    private(set) var matchingIDs: [Int] = []
    private(set) var facetCounts: [Int] = []
    private(set) var listedIDs: [Int] = []
    private(set) var visibleIDs: [Int] = []
    private(set) var cart = CartScreen(lines: [])
    private(set) var checkout = CheckoutScreen(subtotalCents: 0, discountCents: 0, taxCents: 0, shippingCents: nil,
                                               totalCents: nil, coupon: .none, quote: .none, ready: false)
    private(set) var recommendations: [RecommendationScreen.Item] = []
    /// Set by the `stale-cache` fault: a sale change skips the cart refresh.
    @ObservationIgnored var skipsCartRefreshOnSale = false

    /// Assigns only a changed value, so an equal result notifies nobody.
    private func update<Value: Equatable>(_ keyPath: ReferenceWritableKeyPath<MemoizedStore, Value>, _ value: Value) {
        if self[keyPath: keyPath] != value { self[keyPath: keyPath] = value }
    }

    func refreshPrices(category: Int) {
        for item in items where item.product.category == category {
            let price = Money.effectivePrice(baseCents: item.product.basePriceCents, salePercent: salePercent[category])
            if item.price != price { item.price = price }
        }
    }

    func refreshMatching() {
        let ids = items.filter { item in
            Browsing.matches(item.product, query: query)
                && Browsing.passes(filters, priceCents: item.price, stock: item.stock, ratingTenths: item.product.ratingTenths)
        }.map(\.product.id)
        guard ids != matchingIDs else { return }
        matchingIDs = ids
        var counts = Array(repeating: 0, count: categoryCount)
        for id in ids { counts[items[id].product.category] += 1 }
        update(\.facetCounts, counts)
        refreshListed()
    }

    func refreshListed() {
        let ids = matchingIDs
            .filter { selectedCategory == nil || items[$0].product.category == selectedCategory }
            .sorted { Browsing.precedes(items[$0].product, items[$0].price, items[$1].product, items[$1].price, by: sort) }
        guard ids != listedIDs else { return }
        listedIDs = ids
        refreshVisible()
    }

    func refreshVisible() {
        update(\.visibleIDs, Array(Browsing.page(listedIDs, page: page)))
    }

    func refreshCart() {
        update(\.cart, CartScreen(lines: quantities.keys.sorted().map { id in
            let item = items[id]
            return CartLineScreen(product: item.product, quantity: quantities[id]!, unitCents: item.price, stock: item.stock)
        }))
        refreshCheckout()
    }

    func refreshCheckout() {
        update(\.checkout, CheckoutScreen(subtotalCents: cart.subtotalCents, lineCount: cart.lines.count,
                                          warningCount: cart.warningCount, appliedCoupon: appliedCoupon,
                                          coupon: coupon, quote: quote))
    }

    func refreshRecommendations() {
        guard let id = openProduct else { return update(\.recommendations, []) }
        let category = items[id].product.category
        let best = items
            .filter { $0.product.category == category && $0.product.id != id && quantities[$0.product.id] == nil && $0.stock > 0 }
            .sorted { CheckoutRules.recommends($0.product, before: $1.product) }
            .prefix(CheckoutRules.recommendationCount)
            .map { RecommendationScreen.Item(product: $0.product, priceCents: $0.price) }
        update(\.recommendations, Array(best))
    }

    /// Which caches a set of changed products touches.
    func refreshAfterStockChange(of ids: [Int]) {
        if filters.inStockOnly { refreshMatching() }
        if ids.contains(where: { quantities[$0] != nil }) { refreshCart() }
        if let open = openProduct, ids.contains(where: { items[$0].product.category == items[open].product.category }) {
            refreshRecommendations()
        }
    }

    func refreshAfterCartChange(of id: Int) {
        items[id].inCart = quantities[id] ?? 0
        refreshCart()
        if let open = openProduct, items[open].product.category == items[id].product.category {
            refreshRecommendations()
        }
    }

    func refreshAfterSaleChange(category: Int) {
        refreshPrices(category: category)
        if filters.minimumPriceCents != nil || filters.maximumPriceCents != nil {
            refreshMatching()
        } else if sort == .priceLowToHigh || sort == .priceHighToLow {
            refreshListed()
        }
        if !skipsCartRefreshOnSale, quantities.keys.contains(where: { items[$0].product.category == category }) { refreshCart() }
        if let open = openProduct, items[open].product.category == category { refreshRecommendations() }
    }
    // HAND-WRITTEN END
}
