/// The plain recomputation every port is checked against.
///
/// It holds only raw source values and derives every screen from scratch on
/// each call, with the shared domain rules and nothing else: no caches, no
/// tracking. It also predicts which requests an action makes and whether a
/// delivered response must be applied, which is how the gate checks a port's
/// async behaviour.
public struct ShadowModel: Sendable {
    public private(set) var sources = StoreSources()
    /// Requests the shadow expects a port to have issued, in order.
    public private(set) var expectedRequests: [ServiceRequest] = []
    /// Sequences of expected requests whose responses have been delivered.
    private var delivered = Set<Int>()
    /// The catalog the service answers the catalog request with.
    private let served: Catalog

    public init(serving catalog: Catalog) {
        served = catalog
    }

    // MARK: Actions

    /// Plays one scheduled step: its action, or the delivery it names.
    public mutating func apply(_ step: SessionSchedule.Step) {
        switch step {
        case .action(let action, _): apply(action)
        case .deliver(let sequence, _): _ = deliver(sequence)
        }
    }

    public mutating func apply(_ action: UserAction) {
        switch action {
        case .launch:
            issue(.catalog)
        case .selectCategory(let category):
            sources.selectedCategory = category
        case .setPage(let page):
            sources.page = page
        case .setQuery(let query):
            sources.query = query
        case .setInStockOnly(let only):
            sources.filters.inStockOnly = only
        case .setPriceRange(let minimum, let maximum):
            sources.filters.minimumPriceCents = minimum
            sources.filters.maximumPriceCents = maximum
        case .setMinimumRating(let rating):
            sources.filters.minimumRatingTenths = rating
        case .setSort(let order):
            sources.sort = order
        case .openProduct(let id):
            guard sources.openProduct != id else { return }
            sources.openProduct = id
            sources.detailRequest = issue(.productDetail(id))
            sources.detail = .loading
        case .closeProduct:
            sources.openProduct = nil
            sources.detailRequest = nil
            sources.detail = .idle
        case .addToCart(let id):
            sources.cart[id, default: 0] += 1
        case .setQuantity(let id, let quantity):
            sources.cart[id] = quantity > 0 ? quantity : nil
        case .updateStock(let updates):
            for update in updates { sources.stock[update.productID] = update.stock }
        case .setSale(let category, let percent):
            sources.salePercent[category] = percent
        case .applyCoupon(let code):
            guard sources.couponCode != code else { return }
            sources.couponCode = code
            sources.couponRequest = issue(.validateCoupon(code))
            sources.coupon = .validating(code: code)
            sources.appliedCoupon = nil
        case .setZip(let zip):
            guard sources.zip != zip else { return }
            sources.zip = zip
            sources.quoteRequest = issue(.shippingQuote(zip: zip))
            sources.quote = .loading(zip: zip)
        case .placeOrder:
            guard checkout().ready, let total = checkout().totalCents else { return }
            let number = sources.orders.count + 1
            sources.orders.append(StoreSources.Order(number: number, totalCents: total, confirmed: false))
            sources.cart = [:]
            sources.couponCode = nil
            sources.couponRequest = nil
            sources.coupon = .none
            sources.appliedCoupon = nil
            sources.orderRequests[issue(.placeOrder(number: number, totalCents: total))] = number
        }
    }

    @discardableResult
    private mutating func issue(_ request: ServiceRequest) -> Int {
        expectedRequests.append(request)
        return expectedRequests.count - 1
    }

    /// Expected requests not delivered yet, as the service would list them.
    public var pending: [StorefrontService.Pending] {
        expectedRequests.indices.filter { !delivered.contains($0) }.map {
            StorefrontService.Pending(sequence: $0, request: expectedRequests[$0])
        }
    }

    /// Applies the delivery of request `sequence` and returns whether a
    /// correct port applies it (true) or rejects it as superseded (false).
    public mutating func deliver(_ sequence: Int) -> Bool {
        delivered.insert(sequence)
        switch expectedRequests[sequence] {
        case .catalog:
            sources.catalog = served
            sources.stock = served.initialStock
            sources.salePercent = Array(repeating: 0, count: served.categoryCount)
            return true
        case .productDetail(let id):
            guard sources.detailRequest == sequence else { return false }
            switch ServiceAnswers.detail(for: id) {
            case .success(let text): sources.detail = .loaded(text)
            case .failure(let failure): sources.detail = .failed(failure.reason)
            }
            return true
        case .validateCoupon(let code):
            guard sources.couponRequest == sequence else { return false }
            switch ServiceAnswers.coupon(for: code) {
            case .success(let coupon):
                sources.appliedCoupon = coupon
                sources.coupon = .applied(code: code, label: coupon.label)
            case .failure(let failure):
                sources.coupon = .rejected(code: code, reason: failure.reason)
            }
            return true
        case .shippingQuote(let zip):
            guard sources.quoteRequest == sequence else { return false }
            switch ServiceAnswers.quote(for: zip) {
            case .success(let cents): sources.quote = .quoted(zip: zip, cents: cents)
            case .failure(let failure): sources.quote = .failed(zip: zip, reason: failure.reason)
            }
            return true
        case .placeOrder:
            guard let number = sources.orderRequests.removeValue(forKey: sequence) else { return false }
            sources.orders[number - 1].confirmed = true
            return true
        }
    }

    // MARK: Screens

    public func render(_ view: ViewID) -> Screen {
        switch view {
        case .header: .header(header())
        case .grid: .grid(grid())
        case .card(let id): .card(card(id))
        case .facets: .facets(facets())
        case .cart: .cart(cart())
        case .detail: .detail(detail())
        case .checkout: .checkout(checkout())
        case .recommendations: .recommendations(recommendations())
        }
    }

    func price(_ product: Product) -> Int {
        Money.effectivePrice(baseCents: product.basePriceCents, salePercent: sources.salePercent[product.category])
    }

    func header() -> HeaderScreen {
        let last = sources.orders.last.map { HeaderScreen.orderLabel(number: $0.number, confirmed: $0.confirmed) }
        return HeaderScreen(
            cartItemCount: sources.cart.values.reduce(0, +), orderCount: sources.orders.count, lastOrder: last)
    }

    /// Products passing the query and filters, before the category.
    private func matching() -> [Product] {
        guard let catalog = sources.catalog else { return [] }
        let query = SearchText(sources.query)
        return catalog.products.filter { product in
            Browsing.matches(product, query: query)
                && Browsing.passes(
                    sources.filters, priceCents: price(product),
                    stock: sources.stock[product.id], ratingTenths: product.ratingTenths)
        }
    }

    func listed() -> [Product] { listed(matching()) }

    private func listed(_ matching: [Product]) -> [Product] {
        let inCategory = matching.filter { sources.selectedCategory == nil || $0.category == sources.selectedCategory }
        return inCategory.sorted { Browsing.precedes($0, price($0), $1, price($1), by: sources.sort) }
    }

    func grid() -> GridScreen { grid(listed()) }

    private func grid(_ listed: [Product]) -> GridScreen {
        GridScreen(productIDs: Array(Browsing.page(listed.map(\.id), page: sources.page)), page: sources.page)
    }

    /// Every view mounted now: the fixed ones and one card per grid product.
    public var mountedViews: [ViewID] { ViewID.mounted(gridIDs: grid().productIDs) }

    /// Every mounted view with its screen, in render order: what `render`
    /// gives view by view, with the query and filters applied once rather
    /// than once for the grid, once for the facets and once for the list of
    /// mounted views.
    public func mountedScreens() -> [(view: ViewID, screen: Screen)] {
        let matching = matching()
        let grid = grid(listed(matching))
        return ViewID.mounted(gridIDs: grid.productIDs).map { view in
            switch view {
            case .grid: (view, .grid(grid))
            case .facets: (view, .facets(facets(matching)))
            default: (view, render(view))
            }
        }
    }

    func card(_ id: Int) -> CardScreen {
        let product = sources.catalog!.products[id]
        return CardScreen(
            product: product, priceCents: price(product), stock: sources.stock[id],
            inCart: sources.cart[id] ?? 0)
    }

    func facets() -> FacetScreen { facets(matching()) }

    private func facets(_ matching: [Product]) -> FacetScreen {
        guard let catalog = sources.catalog else { return .empty(selectedCategory: sources.selectedCategory) }
        var counts = Array(repeating: 0, count: catalog.categoryCount)
        for product in matching { counts[product.category] += 1 }
        return FacetScreen(counts: counts, selectedCategory: sources.selectedCategory)
    }

    func cart() -> CartScreen {
        guard let catalog = sources.catalog else { return CartScreen(lines: []) }
        return CartScreen(
            lines: sources.cart.keys.sorted().map { id in
                let product = catalog.products[id]
                return CartLineScreen(
                    product: product, quantity: sources.cart[id]!, unitCents: price(product),
                    stock: sources.stock[id])
            })
    }

    func detail() -> DetailScreen {
        guard let id = sources.openProduct, let catalog = sources.catalog else { return .closed }
        let product = catalog.products[id]
        return DetailScreen(
            product: product, priceCents: price(product), stock: sources.stock[id],
            inCart: sources.cart[id] ?? 0, description: sources.detail)
    }

    func checkout() -> CheckoutScreen { checkout(cart: cart()) }

    /// The checkout screen over `cart`, the cart screen as it stands.
    func checkout(cart: CartScreen) -> CheckoutScreen {
        CheckoutScreen(
            subtotalCents: cart.subtotalCents, lineCount: cart.lines.count,
            warningCount: cart.warningCount, appliedCoupon: sources.appliedCoupon,
            coupon: sources.coupon, quote: sources.quote)
    }

    func recommendations() -> RecommendationScreen {
        guard let id = sources.openProduct, let catalog = sources.catalog else {
            return RecommendationScreen(items: [])
        }
        let category = catalog.products[id].category
        let candidates = catalog.products.filter { product in
            product.category == category && product.id != id
                && sources.cart[product.id] == nil && sources.stock[product.id] > 0
        }
        let best = candidates.sorted(by: CheckoutRules.recommends).prefix(CheckoutRules.recommendationCount)
        return RecommendationScreen(items: best.map { RecommendationScreen.Item(product: $0, priceCents: price($0)) })
    }
}
