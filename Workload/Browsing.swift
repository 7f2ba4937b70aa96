/// The grid's sort orders.
public enum SortOrder: String, CaseIterable, Sendable {
    case featured, priceLowToHigh, priceHighToLow, rating, name
}

/// What narrows the grid besides the category and the query.
public struct Filters: Sendable, Hashable {
    public var inStockOnly = false
    public var minimumPriceCents: Int?
    public var maximumPriceCents: Int?
    public var minimumRatingTenths = 0

    public init(
        inStockOnly: Bool = false, minimumPriceCents: Int? = nil,
        maximumPriceCents: Int? = nil, minimumRatingTenths: Int = 0
    ) {
        self.inStockOnly = inStockOnly
        self.minimumPriceCents = minimumPriceCents
        self.maximumPriceCents = maximumPriceCents
        self.minimumRatingTenths = minimumRatingTenths
    }

    /// Whether a price range is set, so passing depends on prices.
    @inlinable
    public var narrowsPrice: Bool { minimumPriceCents != nil || maximumPriceCents != nil }
}

extension SortOrder {
    /// Whether the order compares prices, so a sorted list depends on them.
    @inlinable
    public var comparesPrices: Bool { self == .priceLowToHigh || self == .priceHighToLow }
}

/// The browsing rules, per product, so each port can cache them at the
/// granularity its runtime favours while computing the same answers.
public enum Browsing {
    public static let pageSize = 24

    /// A product matches a query when its name contains the query or one of
    /// its tags starts with it, ignoring case. An empty query matches all.
    /// Both sides are normalised once (`SearchText`): the product's key when
    /// the catalog is made, the query once per derivation, by the caller.
    @inlinable
    public static func matches(_ product: Product, query: SearchText) -> Bool {
        if query.isEmpty { return true }
        let key = product.searchKey
        if key.name.contains(query) { return true }
        for tag in key.tags where tag.hasPrefix(query) { return true }
        return false
    }

    /// Whether a product passes the filters. Stock and price are taken as
    /// autoclosures and evaluated only when a filter asks about them, so a
    /// caller that reads them from tracked state (an observable property, a
    /// graph node) depends on them only while such a filter is on.
    @inlinable
    public static func passes(
        _ filters: Filters, priceCents: @autoclosure () -> Int, stock: @autoclosure () -> Int,
        ratingTenths: Int
    ) -> Bool {
        if ratingTenths < filters.minimumRatingTenths { return false }
        if filters.inStockOnly && stock() == 0 { return false }
        guard filters.narrowsPrice else { return true }
        let price = priceCents()
        if let minimum = filters.minimumPriceCents, price < minimum { return false }
        if let maximum = filters.maximumPriceCents, price > maximum { return false }
        return true
    }

    /// Strict ordering for `order`; ties always fall back to the id, so every
    /// port sorts to the same sequence.
    @inlinable
    public static func precedes(_ a: Product, _ aPrice: Int, _ b: Product, _ bPrice: Int, by order: SortOrder) -> Bool {
        switch order {
        case .featured:
            return a.id < b.id
        case .priceLowToHigh:
            return aPrice != bPrice ? aPrice < bPrice : a.id < b.id
        case .priceHighToLow:
            return aPrice != bPrice ? aPrice > bPrice : a.id < b.id
        case .rating:
            return a.ratingTenths != b.ratingTenths ? a.ratingTenths > b.ratingTenths : a.id < b.id
        case .name:
            return a.name != b.name ? a.name < b.name : a.id < b.id
        }
    }

    /// Product ids in `order`. Each row carries its product's price, which
    /// only the price orders read (pass 0 for the others); `products` is the
    /// catalog's list, indexed by id. A port sorts through this rather than
    /// its own comparator closure: a closure formed in main-actor code is
    /// main-actor isolated, and Swift 6 checks the executor on every call of
    /// one, while this function is not isolated.
    ///
    /// Lists often arrive already in order (a featured list is filtered
    /// from the catalog, which is in id order): one pass confirms it and
    /// skips the sort. The order is strict, so an ordered input is the one
    /// sorted result, and every port gets the same shortcut.
    public static func sorted(_ rows: [(id: Int, price: Int)], products: [Product], by order: SortOrder) -> [Int] {
        if isOrdered(rows, products: products, by: order) { return rows.map(\.id) }
        return rows.sorted { precedes(products[$0.id], $0.price, products[$1.id], $1.price, by: order) }.map(\.id)
    }

    static func isOrdered(_ rows: [(id: Int, price: Int)], products: [Product], by order: SortOrder) -> Bool {
        var index = 1
        while index < rows.count {
            let before = rows[index - 1], after = rows[index]
            guard precedes(products[before.id], before.price, products[after.id], after.price, by: order) else {
                return false
            }
            index += 1
        }
        return true
    }

    /// The slice of sorted ids a page shows; empty past the last page.
    public static func page(_ sortedIDs: [Int], page: Int) -> ArraySlice<Int> {
        let start = page * pageSize
        guard start < sortedIDs.count, page >= 0 else { return [] }
        return sortedIDs[start..<min(start + pageSize, sortedIDs.count)]
    }

    /// The stock badge a card and the detail show.
    public static func badge(stock: Int) -> String {
        switch stock {
        case 0: "Sold out"
        case 1...5: "Only \(stock) left"
        default: "In stock"
        }
    }
}
