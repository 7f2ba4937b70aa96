import Workload

/// What each action changes: its sources, then (marked `hand-written`) the
/// routing to exactly the caches that depend on what changed. The routing
/// is the hand-written invalidation; Cog's graph does it for the app.
extension MemoizedStore {
    func load(_ catalog: Catalog) {
        products = catalog.products
        rows = []
        stock = catalog.initialStock
        categoryCount = catalog.categoryCount
        salePercent = Array(repeating: 0, count: catalog.categoryCount)
        clearCatalogCaches()  // hand-written
        refreshQueryMatches()  // hand-written
    }

    func select(category: Int?) {
        selectedCategory = category
        refreshSelectedCategory()  // hand-written
        refreshListed()  // hand-written
    }

    func show(page: Int) {
        self.page = page
        refreshVisible()  // hand-written
    }

    func search(_ query: String) {
        self.query = query
        refreshQueryMatches()  // hand-written
    }

    func filter(_ change: (inout Filters) -> Void) {
        change(&filters)
        refreshMatching()  // hand-written
    }

    func sort(by order: SortOrder) {
        sort = order
        refreshListed()  // hand-written
    }

    func open(_ id: Int?) {
        openProduct = id
        detail = id == nil ? .idle : .loading
        refreshDetail()  // hand-written
        refreshRecommendations()  // hand-written
    }

    func deliver(detail: Remote<String>) {
        self.detail = detail
        refreshDetail()  // hand-written
    }

    func setQuantity(_ quantity: Int, of id: Int) {
        let wasInCart = quantities[id] != nil
        quantities[id] = quantity > 0 ? quantity : nil
        if let row = row(id), row.inCart != max(quantity, 0) { row.inCart = max(quantity, 0) }  // hand-written
        refreshCart()  // hand-written
        if id == openProduct { refreshDetail() }  // hand-written
        if wasInCart != (quantity > 0), sharesOpenCategory(id) { refreshRecommendations() }  // hand-written
    }

    func updateStock(_ updates: [StockUpdate]) {
        var inStockFlipped = false  // hand-written
        var cartedChanged = false  // hand-written
        var openCategoryFlipped = false  // hand-written
        var openChanged = false  // hand-written
        let rows = self.rows
        // Written in a local copy, taken out of the store so the writes are
        // in place: one access to the stored array, not one per update.
        var stock = self.stock
        self.stock = []
        for update in updates {
            let flipped = (stock[update.productID] == 0) != (update.stock == 0)  // hand-written
            stock[update.productID] = update.stock
            if update.productID < rows.count, let row = rows[update.productID] {  // hand-written
                let badge = Browsing.badge(stock: update.stock)  // hand-written
                if row.badge != badge { row.badge = badge }  // hand-written
            }  // hand-written
            inStockFlipped = inStockFlipped || flipped  // hand-written
            cartedChanged = cartedChanged || quantities[update.productID] != nil  // hand-written
            openCategoryFlipped = openCategoryFlipped || (flipped && sharesOpenCategory(update.productID))  // hand-written
            openChanged = openChanged || update.productID == openProduct  // hand-written
        }
        self.stock = stock
        if inStockFlipped, filters.inStockOnly { refreshMatching() }  // hand-written
        if cartedChanged { refreshCart() }  // hand-written
        if openChanged { refreshDetail() }  // hand-written
        if openCategoryFlipped { refreshRecommendations() }  // hand-written
    }

    func setSale(_ percent: Int, category: Int) {
        let was = salePercent[category]
        salePercent[category] = percent
        var repriced = false  // hand-written
        var cartRepriced = false  // hand-written
        let rows = self.rows  // hand-written
        for id in ids(inCategory: category) {  // hand-written
            let base = products[id].basePriceCents  // hand-written
            let price = Money.effectivePrice(baseCents: base, salePercent: percent)
            guard Money.effectivePrice(baseCents: base, salePercent: was) != price else { continue }  // hand-written
            repriced = true  // hand-written
            if id < rows.count, let row = rows[id] { row.price = price }  // hand-written
            cartRepriced = cartRepriced || quantities[id] != nil  // hand-written
        }  // hand-written
        guard repriced else { return }  // hand-written
        let listedChanged = filters.narrowsPrice && refreshMatching()  // hand-written
        if !listedChanged, sort.comparesPrices, selectedCategory ?? category == category { refreshListed() }  // hand-written
        if cartRepriced { refreshCartAfterSale() }  // hand-written
        if let open = openProduct, products[open].category == category {  // hand-written
            refreshDetail()  // hand-written
            refreshRecommendationPrices()  // hand-written
        }  // hand-written
    }

    /// The `stale-cache` fault's seam, outside the counted code: a sale
    /// that repriced the cart refreshes it unless the fault skips that.
    private func refreshCartAfterSale() {
        if !skipsCartRefreshOnSale { refreshCart() }
    }

    func setCoupon(code: String?, status: CouponStatus, applied: Coupon?) {
        couponCode = code
        coupon = status
        appliedCoupon = applied
        refreshCheckout()  // hand-written
    }

    func setQuote(zip: String, status: QuoteStatus) {
        self.zip = zip
        quote = status
        refreshCheckout()  // hand-written
    }

    func confirmOrder(_ number: Int) {
        orders[number - 1].confirmed = true
        refreshHeader(cartItemCount: header.cartItemCount)  // hand-written
    }

    /// Records the order, clears the cart and the coupon: one change.
    func recordOrder(number: Int, totalCents: Int) {
        orders.append(Order(number: number, totalCents: totalCents, confirmed: false))
        refreshHeader(cartItemCount: header.cartItemCount)  // hand-written
        let carted = Array(quantities.keys)
        quantities = [:]
        couponCode = nil
        coupon = .none
        appliedCoupon = nil
        for id in carted { row(id)?.inCart = 0 }  // hand-written
        refreshCart()  // hand-written
        refreshDetail()  // hand-written
        refreshRecommendations()  // hand-written
    }
}
