import StateGraph
import Synchronization
import Workload

/// The grid's derived values as computed nodes: what `@GraphComputed`
/// declarations on an app model reading the store would make. As the
/// runtime's README teaches, each rule captures the nodes it reads
/// (`[$query]` there, `[_query]` here) and reads their `wrappedValue`; a
/// product model's accessors do the same for its own nodes. Every read
/// inside a rule records an edge, and a short-circuited condition reads (and
/// so depends on) less.
final class BrowsingModel: Sendable {
    /// One computed node per normalised query: the ids of products matching
    /// it, in any category.
    let queryMatches: QueryMatchNodes

    /// Ids of products passing the query and filters, in any category.
    let _matching: Computed<[Int]>
    var matching: [Int] { _matching.wrappedValue }

    /// Ids the grid lists across all pages: the matching products of the
    /// selected category, sorted.
    let _listed: Computed<[Int]>
    var listed: [Int] { _listed.wrappedValue }

    /// The grid screen: the current page's ids, in display order, and the
    /// page. One node, so the grid's body reads one value (a node read is
    /// this runtime's unit of cost), and a page change that leaves the ids
    /// equal still reaches the view through the page it shows.
    let _grid: Computed<GridScreen>
    var grid: GridScreen { _grid.wrappedValue }

    /// The facets screen: matching products per category, the selected
    /// category and the result count, one node for the same reason.
    let _facets: Computed<FacetScreen>
    var facets: FacetScreen { _facets.wrappedValue }

    /// Each category's product ids in recommendation rank (the shared
    /// `CheckoutRules.recommends`): built on its first read, the first
    /// recommendation, so recommendations look at the open product's
    /// category only, and the shared rule's own sort gets its candidates
    /// already in order.
    let _categoryProducts: Computed<[[Int]]>
    var categoryProducts: [[Int]] { _categoryProducts.wrappedValue }

    /// The recommendations screen beside the open product, one node the
    /// panel reads, built from the sources: the catalog's products, the
    /// category's sold-out list and its sale. No product model is made for
    /// a product only ranked or recommended.
    let _recommendations: Computed<RecommendationScreen>
    var recommendations: RecommendationScreen { _recommendations.wrappedValue }

    init(store: StoreModel, rows: ProductRows) {
        let _catalog = store._catalog, _categories = store._categories
        let _query = store._query, _filters = store._filters
        let _selectedCategory = store._selectedCategory, _sort = store._sort, _page = store._page
        let _openProduct = store._openProduct, _cartProducts = store._cartProducts

        let queryMatches = QueryMatchNodes(catalog: _catalog)
        self.queryMatches = queryMatches
        // The catalog and the category models never change once they
        // arrive, so the rules below take them from the untracked table
        // (no edge, no tracked read) and hear of the arrival through what
        // they do read: the query's matches read the catalog node, and a
        // rule that could show something before any match reads it while
        // the table is empty.
        _matching = Computed(name: "matching") { [rows, _query, queryMatches, _filters] _ in
            let filters = _filters.wrappedValue
            let queryMatches = queryMatches.node(for: _query.wrappedValue).wrappedValue
            guard filters != Filters() else { return queryMatches }
            let catalog = rows.catalog
            // The shared rule evaluates its stock and price arguments only
            // when a filter asks, so a category's sold-out node and its sale
            // node are read (and are dependencies) only while such a filter
            // is on, and only for categories with a product that matches
            // the query.
            var reads = CategoryReads(filters.narrowsPrice || filters.inStockOnly ? rows.categories : [])
            var ids: [Int] = []
            ids.reserveCapacity(queryMatches.count)
            for id in queryMatches
            where Browsing.passes(
                filters, priceCents: reads.price(of: catalog[id]),
                stock: reads.stock(of: catalog[id], productCount: catalog.count),
                ratingTenths: catalog[id].ratingTenths)
            {
                ids.append(id)
            }
            return ids
        }
        _listed = Computed(name: "listed") { [rows, _matching, _selectedCategory, _sort] _ in
            let catalog = rows.catalog
            let category = _selectedCategory.wrappedValue
            let order = _sort.wrappedValue
            // The grid reads this only under the orders other than featured:
            // featured order is id order, which the matching list keeps.
            // Only the price orders read prices, so only they depend on the
            // sales of the listed categories. Each price is computed once,
            // before sorting, rather than inside the comparator.
            let readsPrices = order.comparesPrices
            var reads = CategoryReads(readsPrices ? rows.categories : [])
            let matching = _matching.wrappedValue
            var rows: [(id: Int, price: Int)] = []
            rows.reserveCapacity(matching.count)
            for id in matching where category == nil || catalog[id].category == category {
                rows.append((id, readsPrices ? reads.price(of: catalog[id]) : 0))
            }
            return Browsing.sorted(rows, products: catalog, by: order)
        }
        _grid = Computed(name: "grid") { [rows, _listed, _matching, _selectedCategory, _sort, _page] _ in
            let page = _page.wrappedValue
            guard _sort.wrappedValue == .featured else {
                return GridScreen(productIDs: Array(Browsing.page(_listed.wrappedValue, page: page)), page: page)
            }
            // Featured order is id order: the page is scanned from the
            // matching list, and the scan stops once the page is full.
            let category = _selectedCategory.wrappedValue
            let matching = _matching.wrappedValue
            guard let category else {
                return GridScreen(productIDs: Array(Browsing.page(matching, page: page)), page: page)
            }
            let catalog = rows.catalog
            let start = page * Browsing.pageSize
            var ids: [Int] = []
            guard page >= 0 else { return GridScreen(productIDs: ids, page: page) }
            var seen = 0
            for id in matching where catalog[id].category == category {
                if seen >= start {
                    ids.append(id)
                    if ids.count == Browsing.pageSize { break }
                }
                seen += 1
            }
            return GridScreen(productIDs: ids, page: page)
        }
        _facets = Computed(name: "facets") { [rows, _catalog, _matching, _selectedCategory] _ in
            let selected = _selectedCategory.wrappedValue
            let catalog = rows.catalog
            guard !catalog.isEmpty else {
                _ = _catalog.wrappedValue
                return .empty(selectedCategory: selected)
            }
            var counts = Array(repeating: 0, count: rows.categories.count)
            for id in _matching.wrappedValue { counts[catalog[id].category] += 1 }
            return FacetScreen(counts: counts, selectedCategory: selected)
        }
        _categoryProducts = Computed(name: "categoryProducts") { [_catalog, _categories] _ in
            let catalog = _catalog.wrappedValue
            // Counted first, so each category's list is allocated once at
            // its size rather than grown by appends.
            var counts = Array(repeating: 0, count: _categories.wrappedValue.count)
            for position in catalog.indices { counts[catalog[position].category] += 1 }
            var index = counts.map { count in
                var ids: [Int] = []
                ids.reserveCapacity(count)
                return ids
            }
            for position in catalog.indices { index[catalog[position].category].append(catalog[position].id) }
            for category in index.indices {
                index[category].sort { CheckoutRules.recommends(catalog[$0], before: catalog[$1]) }
            }
            return index
        }
        _recommendations = Computed(name: "recommendations") {
            [rows, _catalog, _categoryProducts, _openProduct, _cartProducts] _ in
            guard let open = _openProduct.wrappedValue else { return RecommendationScreen(items: []) }
            // The catalog never changes once it arrives, so the rule takes
            // it from the untracked table and reads its node (an edge and a
            // tracked read) only while it has not arrived, to hear of it.
            let catalog = rows.catalog
            guard !catalog.isEmpty else {
                _ = _catalog.wrappedValue
                return RecommendationScreen(items: [])
            }
            let carted = _cartProducts.wrappedValue
            // The category's model comes from the untracked table, as a
            // product's model does: the models are made with the catalog,
            // which this rule reads, and never replaced.
            let category = rows.category(of: open)
            // Whether a candidate is in stock is all the rule asks, so the
            // category's sold-out list (one read) answers it; a product's
            // own stock node would need its model and a read per candidate.
            let soldOut = category.soldOut
            // The category's ranked ids are walked only as far as the one
            // that fills the panel: the shared rule gets that prefix (less
            // the open and carted products), already in its order.
            var candidates: [Int] = []
            var found = 0
            for id in _categoryProducts.wrappedValue[category.index]
            where id != open && !carted.contains(id) {
                candidates.append(id)
                guard !soldOut.contains(id) else { continue }
                found += 1
                if found == CheckoutRules.recommendationCount { break }
            }
            let picked = CheckoutRules.recommended(
                candidates, products: catalog, inStock: { !soldOut.contains($0) })
            guard !picked.isEmpty else { return RecommendationScreen(items: []) }
            // Every recommended product is of the open product's category:
            // its sale is read once.
            let sale = category.salePercent
            return RecommendationScreen(
                items: picked.map { id in
                    RecommendationScreen.Item(
                        product: catalog[id],
                        priceCents: Money.effectivePrice(baseCents: catalog[id].basePriceCents, salePercent: sale))
                })
        }
    }
}

// HAND-WRITTEN BEGIN: the per-query nodes are kept in a dictionary, which
// swift-state-graph has no node family for.
/// The query's matches as one computed node per normalised query, made on
/// first use and kept: going back to an earlier query reads its cached
/// node, and a new query extending a kept one (a longer prefix) filters
/// that node's matches instead of searching the catalog, since a product
/// whose name contains, or a tag starts with, the longer query does so for
/// the shorter one too.
final class QueryMatchNodes: Sendable {
    private let catalog: Stored<[Product]>
    private let nodes = Mutex<[String: Computed<[Int]>]>([:])

    init(catalog: Stored<[Product]>) {
        self.catalog = catalog
    }

    func node(for query: String) -> Computed<[Int]> {
        let normalised = query.lowercased()
        return nodes.withLock { nodes in
            if let node = nodes[normalised] { return node }
            var base: Computed<[Int]>?
            var length = normalised.count - 1
            while base == nil, length > 0 {
                base = nodes[String(normalised.prefix(length))]
                length -= 1
            }
            let node = Computed(name: "queryMatches") { [catalog, base] _ in
                let search = SearchText(normalised)
                let catalog = catalog.wrappedValue
                guard let base else {
                    var ids: [Int] = []
                    ids.reserveCapacity(catalog.count)
                    for index in catalog.indices where Browsing.matches(catalog[index], query: search) {
                        ids.append(catalog[index].id)
                    }
                    return ids
                }
                return base.wrappedValue.filter { Browsing.matches(catalog[$0], query: search) }
            }
            nodes[normalised] = node
            return node
        }
    }
}
// HAND-WRITTEN END

/// What a rule reads per category, each node read the first time this run
/// of the rule needs it (every read inside a rule records an edge): prices
/// as the shared `Money.effectivePrice` of a product's base price and its
/// category's sale node, and whether a product is sold out from its
/// category's sold-out list. A rule depends on the categories it looked at,
/// not on per-product nodes.
struct CategoryReads {
    private let categories: [CategoryModel]
    private var percents: [Int?]
    /// Which categories' sold-out lists this run has read, and the products
    /// on them, by id.
    private var soldOutRead: [Bool]
    private var soldOut: [Bool] = []

    init(_ categories: [CategoryModel]) {
        self.categories = categories
        percents = Array(repeating: nil, count: categories.count)
        soldOutRead = Array(repeating: false, count: categories.count)
    }

    /// A stock standing in for the product's in the shared rule, which
    /// tests only whether it is 0: 0 for a product on its category's
    /// sold-out list, 1 otherwise. The list is read the first time one of
    /// the category's products is asked about in this run of the rule.
    mutating func stock(of product: Product, productCount: Int) -> Int {
        let category = product.category
        if !soldOutRead[category] {
            soldOutRead[category] = true
            if soldOut.isEmpty { soldOut = Array(repeating: false, count: productCount) }
            for id in categories[category].soldOut { soldOut[id] = true }
        }
        return soldOut[product.id] ? 0 : 1
    }

    mutating func price(of product: Product) -> Int {
        let category = product.category
        let percent: Int
        if let known = percents[category] {
            percent = known
        } else {
            percent = categories[category].salePercent
            percents[category] = percent
        }
        return Money.effectivePrice(baseCents: product.basePriceCents, salePercent: percent)
    }
}

/// Prices of a few products (the cart's lines, the recommended items), each
/// category's sale node read once per rule run or view body rather than once
/// per product: a read costs the same whether or not its value is new.
struct SaleReads {
    private var percents: [(category: Int, percent: Int)] = []

    mutating func price(of item: ProductModel) -> Int {
        let category = item.product.category
        let percent: Int
        if let known = percents.first(where: { $0.category == category }) {
            percent = known.percent
        } else {
            percent = item._categorySale.wrappedValue
            percents.append((category, percent))
        }
        return Money.effectivePrice(baseCents: item.product.basePriceCents, salePercent: percent)
    }
}
