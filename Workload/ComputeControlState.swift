/// The compute control's state during a run: the session's sources (held by
/// a shadow model, which applies actions and deliveries the way every port
/// must) and each intermediate the screens are built from, with whether its
/// inputs changed since it was computed.
///
/// It marks intermediates stale with an oracle's knowledge of what each step
/// changed, so every intermediate is computed at most once per step and only
/// when an input it reads changed, and an intermediate whose new value
/// equals its old one leaves the intermediates below it alone. On top of
/// that it uses every technique a port has been given that saves work
/// without changing a screen: query matches kept per normalised query and
/// refined from the longest kept query the new one extends, each
/// category's recommendation rank computed once, the featured listing as
/// the matching list itself (featured order is id order), and products
/// read by index rather than copied. It is the least work any review has found the
/// screens to need with the shared rules (the technique matrix in
/// `Runtimes/README.md`); a port that needs less shows it is not.
struct ComputeControlState {
    private(set) var shadow: ShadowModel
    private var products: [Product] = []
    private var categoryCount = 0
    /// Each category's product ids, ascending: built on the first
    /// recommendation, which a cold start never needs, each list allocated
    /// once at its final size.
    private var idsByCategory: [[Int]]?
    /// Each category's ids in recommendation rank, computed on first use.
    private var rankedByCategory: [[Int]?] = []
    /// The matches of every query seen on this catalog, by normalised query.
    private var matchesByQuery: [SearchText: [Int]] = [:]

    /// Each product's card screen as last built, by id, kept until a
    /// source it shows changes (its stock, its category's sale, its cart
    /// quantity), so a card that a page flip mounts again is not rebuilt.
    /// Grown to the highest id shown.
    private var cards: [CardScreen?] = []

    private var queryMatches: [Int] = []
    /// The facet counts of the query matches themselves (no filter set),
    /// kept until the matches change (T24).
    private var queryMatchCounts: [Int]?
    /// Each filter set's list of the query matches and its facet counts,
    /// kept until the matches change or a stock flip or sale could move a
    /// product across a filter (T26).
    private var filteredByFilters: [Filters: (ids: [Int], counts: [Int])] = [:]
    private var matching: [Int] = []
    private var facetCounts: [Int] = []
    private var listed: [Int] = []
    private var grid = GridScreen(productIDs: [], page: 0)
    private var cart = CartScreen(lines: [])
    private var recommendations = RecommendationScreen(items: [])

    private var queryMatchesStale = false
    private var matchingStale = false
    private var listedStale = false
    private var gridStale = false
    private var cartStale = false
    private var recommendationsStale = false

    init(serving catalog: Catalog) {
        shadow = ShadowModel(serving: catalog)
    }

    private var sources: StoreSources { shadow.sources }

    // MARK: Steps

    mutating func apply(_ step: SessionSchedule.Step) {
        switch step {
        case .action(let action, _): apply(action)
        case .deliver(let sequence, _): _ = deliver(sequence)
        }
    }

    mutating func apply(_ action: UserAction) {
        markStale(before: action)
        shadow.apply(action)
    }

    /// Delivers the answer to request `sequence`; returns whether a correct
    /// port applies it (false: it was superseded).
    mutating func deliver(_ sequence: Int) -> Bool {
        let deliversCatalog = shadow.expectedRequests[sequence] == .catalog
        let applied = shadow.deliver(sequence)
        if deliversCatalog { catalogArrived() }
        return applied
    }

    private mutating func catalogArrived() {
        guard let catalog = sources.catalog else { return }
        products = catalog.products
        categoryCount = catalog.categoryCount
        idsByCategory = nil
        rankedByCategory = Array(repeating: nil, count: categoryCount)
        matchesByQuery = [:]
        queryMatchCounts = nil
        filteredByFilters = [:]
        cards = []
        queryMatchesStale = true
        cartStale = true
        recommendationsStale = true
    }

    /// What `action` changes, decided from the sources before it applies.
    private mutating func markStale(before action: UserAction) {
        let sources = self.sources
        switch action {
        case .launch: break
        case .selectCategory: listedStale = true
        case .setPage: gridStale = true
        case .setQuery: queryMatchesStale = true
        case .setInStockOnly, .setPriceRange, .setMinimumRating: matchingStale = true
        case .setSort: listedStale = true
        case .openProduct, .closeProduct: recommendationsStale = true
        case .addToCart(let id): cartChanged(id, wasCarted: sources.cart[id] != nil, isCarted: true)
        case .setQuantity(let id, let quantity):
            cartChanged(id, wasCarted: sources.cart[id] != nil, isCarted: quantity > 0)
        case .updateStock(let updates):
            let openCategory = sources.openProduct.map { products[$0].category }
            for update in updates {
                let id = update.productID
                forgetCard(id)
                let flips = (sources.stock[id] == 0) != (update.stock == 0)
                if flips { filteredByFilters = [:] }
                if flips && sources.filters.inStockOnly { matchingStale = true }
                if sources.cart[id] != nil { cartStale = true }
                if flips && products[id].category == openCategory { recommendationsStale = true }
            }
        case .setSale(let category, _):
            // Written, never read: reading a kept card would copy it.
            for id in cards.indices where products[id].category == category { cards[id] = nil }
            filteredByFilters = [:]
            if sources.filters.narrowsPrice { matchingStale = true }
            if sources.sort.comparesPrices { listedStale = true }
            if sources.cart.keys.contains(where: { products[$0].category == category }) { cartStale = true }
            if let open = sources.openProduct, products[open].category == category { recommendationsStale = true }
        case .applyCoupon, .setZip: break
        case .placeOrder:
            for id in sources.cart.keys { forgetCard(id) }
            cartStale = true
            recommendationsStale = true
        }
    }

    private mutating func forgetCard(_ id: Int) {
        if id < cards.count { cards[id] = nil }
    }

    private mutating func cartChanged(_ id: Int, wasCarted: Bool, isCarted: Bool) {
        forgetCard(id)
        cartStale = true
        if wasCarted != isCarted, let open = sources.openProduct, products[open].category == products[id].category {
            recommendationsStale = true
        }
    }

    // MARK: Screens

    mutating func render(_ view: ViewID) -> Screen {
        switch view {
        case .header: return shadow.render(.header)
        case .grid: return .grid(currentGrid())
        case .card(let id): return .card(card(id))
        case .facets:
            refreshLists()
            return .facets(
                sources.catalog == nil
                    ? .empty(selectedCategory: sources.selectedCategory)
                    : FacetScreen(counts: facetCounts, selectedCategory: sources.selectedCategory))
        case .cart: return .cart(currentCart())
        case .detail: return shadow.render(.detail)
        case .checkout: return .checkout(shadow.checkout(cart: currentCart()))
        case .recommendations: return .recommendations(currentRecommendations())
        }
    }

    private mutating func card(_ id: Int) -> CardScreen {
        if id < cards.count, let kept = cards[id] { return kept }
        if id >= cards.count { cards.append(contentsOf: repeatElement(nil, count: id + 1 - cards.count)) }
        let card = shadow.card(id)
        cards[id] = card
        return card
    }

    private mutating func currentGrid() -> GridScreen {
        refreshLists()
        return grid
    }

    /// Brings the lists up to date, top down, each only when stale, and
    /// each marking the next stale only when its value changed.
    private mutating func refreshLists() {
        if queryMatchesStale {
            queryMatchesStale = false
            let ids = matches(of: SearchText(sources.query))
            if ids != queryMatches {
                queryMatches = ids
                queryMatchCounts = nil
                filteredByFilters = [:]
                matchingStale = true
            }
        }
        if matchingStale {
            matchingStale = false
            let sources = self.sources
            var ids: [Int] = []
            let unfiltered = sources.filters == Filters()
            let kept = unfiltered ? nil : filteredByFilters[sources.filters]
            if unfiltered {
                // No filter set: every query match passes, and the list is
                // the same buffer, so the comparison below is immediate.
                ids = queryMatches
            } else if let kept {
                ids = kept.ids
            } else {
                ids.reserveCapacity(queryMatches.count)
                for id in queryMatches {
                    if Browsing.passes(
                        sources.filters, priceCents: price(id, sales: sources.salePercent), stock: sources.stock[id],
                        ratingTenths: products[id].ratingTenths)
                    {
                        ids.append(id)
                    }
                }
            }
            if ids != matching || facetCounts.isEmpty {
                matching = ids
                if let counts = unfiltered ? queryMatchCounts : kept?.counts {
                    facetCounts = counts
                } else {
                    var counts = Array(repeating: 0, count: categoryCount)
                    for id in ids { counts[products[id].category] += 1 }
                    facetCounts = counts
                    if unfiltered {
                        queryMatchCounts = counts
                    } else {
                        filteredByFilters[sources.filters] = (ids, counts)
                    }
                }
                listedStale = true
            }
        }
        if listedStale {
            listedStale = false
            let sources = self.sources
            let category = sources.selectedCategory, sort = sources.sort
            let ids: [Int]
            if sort == .featured {
                // Featured order is id order, and the matching list keeps
                // the catalog's id order: the listing needs no sort (T23).
                if let category {
                    var inCategory: [Int] = []
                    inCategory.reserveCapacity(facetCounts[category])
                    for id in matching where products[id].category == category { inCategory.append(id) }
                    ids = inCategory
                } else {
                    ids = matching
                }
            } else {
                var rows: [(id: Int, price: Int)] = []
                rows.reserveCapacity(matching.count)
                for id in matching where category == nil || products[id].category == category {
                    rows.append((id, sort.comparesPrices ? price(id, sales: sources.salePercent) : 0))
                }
                ids = Browsing.sorted(rows, products: products, by: sort)
            }
            if ids != listed {
                listed = ids
                gridStale = true
            }
        }
        if gridStale {
            gridStale = false
            grid = GridScreen(productIDs: Array(Browsing.page(listed, page: sources.page)), page: sources.page)
        }
    }

    private mutating func currentCart() -> CartScreen {
        if cartStale {
            cartStale = false
            cart = shadow.cart()
        }
        return cart
    }

    private mutating func currentRecommendations() -> RecommendationScreen {
        if recommendationsStale {
            recommendationsStale = false
            let sources = self.sources
            guard let open = sources.openProduct, !products.isEmpty else {
                recommendations = RecommendationScreen(items: [])
                return recommendations
            }
            // The ranking is the rule's own order, so the rule picks from its
            // front: candidates stop at the one that fills the panel.
            let stock = sources.stock
            var candidates: [Int] = []
            candidates.reserveCapacity(CheckoutRules.recommendationCount)
            var inStock = 0
            for id in ranked(products[open].category) where id != open && sources.cart[id] == nil {
                candidates.append(id)
                if stock[id] > 0 {
                    inStock += 1
                    if inStock == CheckoutRules.recommendationCount { break }
                }
            }
            let ids = CheckoutRules.recommended(candidates, products: products, inStock: { stock[$0] > 0 })
            recommendations = RecommendationScreen(
                items: ids.map {
                    RecommendationScreen.Item(product: products[$0], priceCents: shadow.price(products[$0]))
                })
        }
        return recommendations
    }

    /// A product's price from its category's sale, read by index.
    private func price(_ id: Int, sales: [Int]) -> Int {
        Money.effectivePrice(baseCents: products[id].basePriceCents, salePercent: sales[products[id].category])
    }

    /// The products matching `query`: kept per query, and a new query that
    /// extends a kept one (a keystroke added) filters that one's matches,
    /// since text containing the longer query contains the shorter.
    private mutating func matches(of query: SearchText) -> [Int] {
        if let kept = matchesByQuery[query] { return kept }
        var ids: [Int] = []
        if query.isEmpty {
            // Every product matches: its ids (the catalog's indices), filled
            // in place rather than tested one by one or copied from a range.
            let count = products.count
            ids = Array(unsafeUninitializedCapacity: count) { buffer, initialized in
                for id in 0..<count { buffer.initializeElement(at: id, to: id) }
                initialized = count
            }
        } else if let base = longestKeptPrefix(of: query) {
            for id in base where Browsing.matches(products[id], query: query) { ids.append(id) }
        } else {
            for index in products.indices where Browsing.matches(products[index], query: query) {
                ids.append(products[index].id)
            }
        }
        matchesByQuery[query] = ids
        return ids
    }

    private func longestKeptPrefix(of query: SearchText) -> [Int]? {
        var best: (length: Int, ids: [Int])?
        for (kept, ids) in matchesByQuery
        where kept.bytes.count < query.bytes.count && query.hasPrefix(kept) && kept.bytes.count > (best?.length ?? -1) {
            best = (kept.bytes.count, ids)
        }
        return best?.ids
    }

    private func categoryIndex() -> [[Int]] {
        var sizes = Array(repeating: 0, count: categoryCount)
        for index in products.indices { sizes[products[index].category] += 1 }
        var index = sizes.map { size in
            var ids: [Int] = []
            ids.reserveCapacity(size)
            return ids
        }
        for product in products.indices { index[products[product].category].append(products[product].id) }
        return index
    }

    /// A category's ids in recommendation rank (the shared rating sort), so
    /// the shared rule's own sort finds its candidates in order.
    private mutating func ranked(_ category: Int) -> [Int] {
        if let ranked = rankedByCategory[category] { return ranked }
        let index = idsByCategory ?? categoryIndex()
        idsByCategory = index
        let ranked = Browsing.sorted(index[category].map { (id: $0, price: 0) }, products: products, by: .rating)
        rankedByCategory[category] = ranked
        return ranked
    }
}
