import Workload

/// The derivations: functions from values to values, the same work every
/// port writes (a Cog selector, a computed property, a computed node). The
/// refresh functions hand them what they need, read once.
///
/// They loop rather than pass closures over the rows: a closure formed in
/// main-actor code is main-actor isolated, and Swift 6 checks the executor
/// on every call of one (about 20% of this port's settled-action cycle when
/// `filter` and `sorted` ran such closures per product). Sorting goes
/// through the shared `Browsing.sorted` and `CheckoutRules.recommended`, which are
/// not isolated.
extension MemoizedStore {
    /// The products matching `query`, taken from `candidates` (the matches
    /// of a query it extends, a superset) when given, else from the catalog.
    static func queryMatches(_ candidates: [Int]?, products: [Product], query: SearchText) -> [Int] {
        var ids: [Int] = []
        guard let candidates else {
            for id in products.indices where Browsing.matches(products[id], query: query) { ids.append(id) }
            return ids
        }
        ids.reserveCapacity(candidates.count)
        for id in candidates where Browsing.matches(products[id], query: query) { ids.append(id) }
        return ids
    }

    /// A product's price: its category's sale applied to its base price,
    /// the shared money rule, computed where it is needed rather than kept
    /// per product (a product's row keeps the price its card shows).
    static func price(of product: Product, salePercent: [Int]) -> Int {
        Money.effectivePrice(baseCents: product.basePriceCents, salePercent: salePercent[product.category])
    }

    func price(of product: Product, salePercent: [Int]) -> Int {
        Self.price(of: product, salePercent: salePercent)
    }

    /// Reads the products, prices and stock by index, the last two only
    /// inside the autoclosures `passes` evaluates when a stock or price
    /// filter is on.
    static func matching(
        _ queryMatches: [Int], products: [Product], salePercent: [Int], stock: [Int], filters: Filters
    ) -> [Int] {
        var ids: [Int] = []
        ids.reserveCapacity(queryMatches.count)
        for id in queryMatches
        where Browsing.passes(
            filters, priceCents: price(of: products[id], salePercent: salePercent), stock: stock[id],
            ratingTenths: products[id].ratingTenths)
        {
            ids.append(id)
        }
        return ids
    }

    /// The facet counts of `matching`, the products passing the query and
    /// every filter. (Under the `facet-ignores-stock` fault, of the query
    /// matches passing every filter but "in stock only".)
    func facetCounts(of matching: [Int], queryMatches: [Int]) -> [Int] {
        guard facetsIgnoreStockFilter, filters.inStockOnly else {
            return Self.facetCounts(matching, products: products, categoryCount: categoryCount)
        }
        var loose = filters
        loose.inStockOnly = false
        return Self.facetCounts(
            Self.matching(queryMatches, products: products, salePercent: salePercent, stock: stock, filters: loose),
            products: products,
            categoryCount: categoryCount)
    }

    /// The page of `listed` the grid shows. (Under the `page-off-by-one`
    /// fault, pages after the first start one product early.)
    func page(of listed: [Int]) -> [Int] {
        guard pageStartsEarly, page > 0 else { return Array(Browsing.page(listed, page: page)) }
        let start = page * Browsing.pageSize - 1
        guard start < listed.count else { return [] }
        return Array(listed[start..<min(start + Browsing.pageSize, listed.count)])
    }

    static func facetCounts(_ matching: [Int], products: [Product], categoryCount: Int) -> [Int] {
        var counts = Array(repeating: 0, count: categoryCount)
        for id in matching { counts[products[id].category] += 1 }
        return counts
    }

    /// Prices are read once per listed product, before sorting, and only for
    /// the orders that compare them.
    static func listed(
        _ matching: [Int], products: [Product], salePercent: [Int], category: Int?,
        sort: SortOrder
    ) -> [Int] {
        var rows: [(id: Int, price: Int)] = []
        rows.reserveCapacity(matching.count)
        let readsPrices = sort.comparesPrices
        for id in matching where category == nil || products[id].category == category {
            rows.append((id, readsPrices ? price(of: products[id], salePercent: salePercent) : 0))
        }
        return Browsing.sorted(rows, products: products, by: sort)
    }

    /// The products of `category` among `matching`, in their order. The
    /// facet count of the category is their number (a bound under the
    /// `facet-ignores-stock` fault), so the list is allocated once.
    func inCategory(_ category: Int, of matching: [Int]) -> [Int] {
        var ids: [Int] = []
        if category < facets.counts.count { ids.reserveCapacity(facets.counts[category]) }
        for id in matching where products[id].category == category { ids.append(id) }
        return ids
    }

    static func cart(_ quantities: [Int: Int], products: [Product], salePercent: [Int], stock: [Int]) -> CartScreen {
        var lines: [CartLineScreen] = []
        lines.reserveCapacity(quantities.count)
        for (id, quantity) in quantities.sorted(by: { $0.key < $1.key }) {
            let product = products[id]
            lines.append(
                CartLineScreen(
                    product: product, quantity: quantity, unitCents: price(of: product, salePercent: salePercent),
                    stock: stock[id]))
        }
        return CartScreen(lines: lines)
    }

    /// `candidates` are the category in the rule's own rank, so the rule
    /// can only pick from their front: they are handed over up to the one
    /// that fills the panel, not the whole category, which spares a cart
    /// lookup per product of the category and the rule's pass over it.
    static func recommended(
        open: Int, among candidates: [Int], stock: [Int],
        quantities: [Int: Int], products: [Product]
    ) -> [Int] {
        var ids: [Int] = []
        ids.reserveCapacity(CheckoutRules.recommendationCount)
        var inStock = 0
        for id in candidates where id != open && quantities[id] == nil {
            ids.append(id)
            if stock[id] > 0 {
                inStock += 1
                if inStock == CheckoutRules.recommendationCount { break }
            }
        }
        return CheckoutRules.recommended(ids, products: products, inStock: { stock[$0] > 0 })
    }
}
