import Observation
import Workload

/// The app state: `@Observable` sources plus hand-maintained caches of every
/// derived value. A cache a view reads is an observable stored property,
/// assigned plainly: the `@Observable` setter (since Swift 6.2) compares an
/// `Equatable` value with the stored one and notifies nobody when they are
/// equal, so the refreshes need no comparison of their own before it;
/// a cache only other caches read is `@ObservationIgnored`, so keeping it
/// costs no observation bookkeeping.
@Observable
@MainActor
final class MemoizedStore {
    struct Order: Hashable {
        var number: Int
        var totalCents: Int
        var confirmed: Bool
    }

    // MARK: Sources

    /// The product rows by id, each made the first time its product is
    /// shown and never replaced: views observe the rows, not this array.
    /// It reaches only as far as the highest id shown, grown when a
    /// product past it first is, so a launch that shows the first page
    /// allocates no slot per catalog product.
    /// A product never shown has no row: its card values are derived from
    /// the sources when it first is.
    @ObservationIgnored var rows: [MemoizedItem?] = []
    /// The catalog's products, which never change once loaded.
    @ObservationIgnored var products: [Product] = []
    /// Stock per product. No view reads it (cards read their row's badge);
    /// the refreshes read it when an action routes to them, by index, in
    /// the loops that filter the catalog, so it is a plain array.
    @ObservationIgnored var stock: [Int] = []
    // No view reads a source: each view reads one cache derived from them
    // (below), so the sources are plain storage, a change to one costs no
    // observation bookkeeping, and the refresh it routes to notifies the
    // views whose screens change.
    @ObservationIgnored var categoryCount = 0
    @ObservationIgnored var salePercent: [Int] = []
    @ObservationIgnored var selectedCategory: Int?
    @ObservationIgnored var query = ""
    @ObservationIgnored var filters = Filters()
    @ObservationIgnored var sort = SortOrder.featured
    @ObservationIgnored var page = 0
    @ObservationIgnored var openProduct: Int?
    /// Quantity per product in the cart.
    @ObservationIgnored var quantities: [Int: Int] = [:]
    @ObservationIgnored var detail: Remote<String> = .idle
    @ObservationIgnored var couponCode: String?
    @ObservationIgnored var coupon: CouponStatus = .none
    @ObservationIgnored var appliedCoupon: Coupon?
    @ObservationIgnored var zip: String?
    @ObservationIgnored var quote: QuoteStatus = .none
    @ObservationIgnored var orders: [Order] = []

    // HAND-WRITTEN BEGIN: caches, a hand-kept index, and the refresh functions that keep them.
    /// Each category's product ids, built once, the first time a sale or a
    /// recommendation needs it (not at launch, where the first screens do
    /// not), so either visits one category rather than the catalog.
    @ObservationIgnored private var categoryIndex: [[Int]] = []
    /// Each category's products in recommendation rank (the shared rating
    /// sort: rating, then id), sorted the first time one of its products
    /// opens, so the shared rule's own sort finds its candidates in order.
    @ObservationIgnored private var rankedByCategory: [[Int]?] = []
    /// The query matches of the query being typed and of its cached
    /// prefixes, shortest first, each query a prefix of the next: a longer
    /// query filters the matches of the longest cached query it extends
    /// instead of the catalog, and deleting back to a cached prefix finds
    /// its matches here. A query that does not extend an entry drops it, so
    /// the cache holds at most one entry per character of the current query.
    @ObservationIgnored private var queryMatchCache: [(query: SearchText, ids: [Int])] = []
    @ObservationIgnored private var queryMatchIDs: [Int] = []
    /// The facet counts of the query matches themselves, the facets with no
    /// filter set, kept until the matches change: turning the last filter
    /// off finds them here rather than counting the matches again.
    @ObservationIgnored private var queryMatchCounts: [Int]?
    @ObservationIgnored private var matchingIDs: [Int] = []
    @ObservationIgnored private var listedIDs: [Int] = []
    /// The facets and grid screens, one cached value each, so each view
    /// reads one observed value: a filter, category or page change that
    /// leaves a screen equal notifies nobody.
    private(set) var facets = FacetScreen.empty(selectedCategory: nil)
    private(set) var grid = GridScreen(productIDs: [], page: 0)
    private(set) var cart = CartScreen(lines: [])
    /// The header screen, one cached value, so the view reads one observed
    /// value rather than the item count and the orders.
    private(set) var header = HeaderScreen(cartItemCount: 0, orderCount: 0, lastOrder: nil)
    private(set) var checkout = CheckoutScreen(
        subtotalCents: 0, discountCents: 0, taxCents: 0, shippingCents: nil,
        totalCents: nil, coupon: .none, quote: .none, ready: false)
    /// The detail screen, one cached value derived from the sources, so the
    /// view reads one observed value rather than the open id, the open
    /// product's row and the description.
    private(set) var detailScreen = DetailScreen.closed
    /// The recommended products, which a sale in their category reprices.
    @ObservationIgnored private(set) var recommendedIDs: [Int] = []
    /// The recommendations screen, one cached value, so the view reads one
    /// observed value rather than the list and a price per recommended row.
    private(set) var recommendations = RecommendationScreen(items: [])

    /// Drops the caches kept across a catalog's queries.
    func clearCatalogCaches() {
        categoryIndex = []
        rankedByCategory = Array(repeating: nil, count: categoryCount)
        queryMatchCache = []
        queryMatchCounts = nil
    }

    /// The products of `category`, from the category index, built on first
    /// use: counted first, so each category's list is allocated once.
    func ids(inCategory category: Int) -> [Int] {
        if categoryIndex.isEmpty {
            var counts = Array(repeating: 0, count: categoryCount)
            for id in products.indices { counts[products[id].category] += 1 }
            var byCategory: [[Int]] = []
            byCategory.reserveCapacity(categoryCount)
            for count in counts {
                var ids: [Int] = []
                ids.reserveCapacity(count)
                byCategory.append(ids)
            }
            for id in products.indices { byCategory[products[id].category].append(id) }
            categoryIndex = byCategory
        }
        return categoryIndex[category]
    }

    func refreshQueryMatches() {
        let query = SearchText(self.query)
        while let last = queryMatchCache.last, !query.hasPrefix(last.query) { queryMatchCache.removeLast() }
        let ids: [Int]
        if let last = queryMatchCache.last, last.query == query {
            ids = last.ids
        } else if query.isEmpty {
            // Filled in place: building it from the range copies it an
            // element at a time through the collection's iterator.
            let count = products.count
            ids = Array(unsafeUninitializedCapacity: count) { buffer, initialized in
                for id in 0..<count { buffer.initializeElement(at: id, to: id) }
                initialized = count
            }
        } else {
            ids = Self.queryMatches(queryMatchCache.last?.ids, products: products, query: query)
            queryMatchCache.append((query, ids))
        }
        guard ids != queryMatchIDs else { return }
        queryMatchIDs = ids
        queryMatchCounts = nil
        refreshMatching()
    }

    /// Returns whether the matching products changed (and so the list was
    /// refreshed too).
    @discardableResult
    func refreshMatching() -> Bool {
        // With no filter set every query match passes, so the matching list
        // is the query matches' own array: no pass over them, and the
        // comparisons below find the shared buffer equal at once.
        let unfiltered = filters == Filters()
        let ids =
            unfiltered
            ? queryMatchIDs
            : Self.matching(
                queryMatchIDs, products: products, salePercent: salePercent, stock: stock, filters: filters)
        guard ids != matchingIDs else { return false }
        matchingIDs = ids
        facets = FacetScreen(
            counts: unfiltered ? queryMatchFacetCounts() : facetCounts(of: ids, queryMatches: queryMatchIDs),
            selectedCategory: selectedCategory)
        refreshListed()
        return true
    }

    /// The facet counts of the query matches, counted once per change of
    /// the matches.
    @inline(never) private func queryMatchFacetCounts() -> [Int] {
        if let kept = queryMatchCounts { return kept }
        let counts = facetCounts(of: queryMatchIDs, queryMatches: queryMatchIDs)
        queryMatchCounts = counts
        return counts
    }

    func refreshListed() {
        // Featured order is id order, and the matching list is in id order
        // (filtered in order from the catalog's): under it the listed list
        // is the matching list itself, or its products of the category, with
        // no sort to confirm, the way the matching list is the query matches
        // with no filter set.
        let ids =
            sort == .featured
            ? selectedCategory.map { inCategory($0, of: matchingIDs) } ?? matchingIDs
            : Self.listed(
                matchingIDs, products: products, salePercent: salePercent, category: selectedCategory, sort: sort)
        guard ids != listedIDs else { return }
        listedIDs = ids
        refreshVisible()
    }

    func refreshVisible() {
        let ids = page(of: listedIDs)
        for id in ids { makeRow(id) }
        grid = GridScreen(productIDs: ids, page: page)
    }

    func refreshSelectedCategory() {
        guard facets.selectedCategory != selectedCategory else { return }
        facets = FacetScreen(counts: facets.counts, selectedCategory: selectedCategory)
    }

    /// The row of `id` if its product was shown.
    func row(_ id: Int) -> MemoizedItem? {
        id < rows.count ? rows[id] : nil
    }

    /// The row of `id`, made from the sources if the product was never
    /// shown. The actions make the rows of what they show, so a view body
    /// finds its row made and reads no source here.
    @discardableResult
    func makeRow(_ id: Int) -> MemoizedItem {
        if let row = row(id) { return row }
        if id >= rows.count { rows.append(contentsOf: repeatElement(nil, count: id + 1 - rows.count)) }
        let product = products[id]
        let row = MemoizedItem(
            product: product, price: price(of: product, salePercent: salePercent),
            badge: Browsing.badge(stock: stock[id]), inCart: quantities[id] ?? 0)
        rows[id] = row
        return row
    }

    func refreshCart() {
        let cart = Self.cart(quantities, products: products, salePercent: salePercent, stock: stock)
        refreshHeader(cartItemCount: cart.itemCount)
        guard cart != self.cart else { return }
        self.cart = cart
        refreshCheckout()
    }

    func refreshHeader(cartItemCount: Int) {
        let last = orders.last.map { HeaderScreen.orderLabel(number: $0.number, confirmed: $0.confirmed) }
        header = HeaderScreen(cartItemCount: cartItemCount, orderCount: orders.count, lastOrder: last)
    }

    func refreshCheckout() {
        let cart = self.cart
        checkout = CheckoutScreen(
            subtotalCents: cart.subtotalCents, lineCount: cart.lines.count,
            warningCount: cart.warningCount, appliedCoupon: appliedCoupon,
            coupon: coupon, quote: quote)
    }

    func refreshDetail() {
        guard let id = openProduct, !products.isEmpty else {
            detailScreen = .closed
            return
        }
        let product = products[id]
        detailScreen = DetailScreen(
            product: product, priceCents: price(of: product, salePercent: salePercent), stock: stock[id],
            inCart: quantities[id] ?? 0, description: detail)
    }

    func refreshRecommendations() {
        guard let open = openProduct, !products.isEmpty else {
            recommendedIDs = []
            recommendations = RecommendationScreen(items: [])
            return
        }
        let category = products[open].category
        let candidates = rankedByCategory[category] ?? rank(category)
        let ids = Self.recommended(
            open: open, among: candidates, stock: stock, quantities: quantities,
            products: products)
        guard ids != recommendedIDs else { return }
        recommendedIDs = ids
        refreshRecommendationPrices()
    }

    /// Rebuilds the screen from the recommended ids, after a change of ids
    /// or a sale in their category (the ids are ranked without prices).
    func refreshRecommendationPrices() {
        var items: [RecommendationScreen.Item] = []
        items.reserveCapacity(recommendedIDs.count)
        for id in recommendedIDs {
            items.append(.init(product: products[id], priceCents: price(of: products[id], salePercent: salePercent)))
        }
        recommendations = RecommendationScreen(items: items)
    }

    private func rank(_ category: Int) -> [Int] {
        var rows: [(id: Int, price: Int)] = []
        let ids = ids(inCategory: category)
        rows.reserveCapacity(ids.count)
        for id in ids { rows.append((id, 0)) }
        let ranked = Browsing.sorted(rows, products: products, by: .rating)
        rankedByCategory[category] = ranked
        return ranked
    }

    /// Whether `id` is in the open product's category, where a change of
    /// cart membership or of in-stock status can change the recommendations.
    func sharesOpenCategory(_ id: Int) -> Bool {
        guard let open = openProduct else { return false }
        return products[open].category == products[id].category
    }
    // HAND-WRITTEN END

    /// Set by the `stale-cache` fault: a sale change skips the cart refresh.
    @ObservationIgnored var skipsCartRefreshOnSale = false
    /// Set by the `facet-ignores-stock` fault: facet counts ignore "in stock only".
    @ObservationIgnored var facetsIgnoreStockFilter = false
    /// Set by the `page-off-by-one` fault: pages after the first start one product early.
    @ObservationIgnored var pageStartsEarly = false
}
