import Observation
import Workload

/// The whole app state as plain `@Observable` source properties. Everything
/// derived is a computed property, recomputed on every read: no caches.
@Observable
@MainActor
final class ObservableStore {
    struct Order: Hashable {
        var number: Int
        var totalCents: Int
        var confirmed: Bool
    }

    /// The catalog's products, and a slot per product for its row model
    /// (stock and cart quantity), filled by `row(_:)` the first time a view
    /// shows the product or the cart takes it. Only `products` is observed:
    /// the slots, the sale models' list and the category count arrive with it
    /// and never change after in a way a view depends on (their models'
    /// properties are what changes), and every view that reads them reads
    /// `products` too, so tracking them as well would only register, and
    /// later cancel, one more key path per render.
    var products: [Product] = []
    @ObservationIgnored var items: [ProductItem?] = []

    /// The row model of a product, made on first use, as a list view makes an
    /// item's model when the item first scrolls into view: a session shows a
    /// few dozen of the catalog's products, and a model per product made at
    /// load cost three allocations each (the object, its registrar's extent
    /// and lock) and three quarters of a cold start. A new row takes the
    /// product's stock from `stockLevels`, which `applyStock` keeps for every
    /// product; both reads go to the untracked storage, since making the row
    /// is the parent's bookkeeping, not something the view showing it reads.
    func row(_ id: Int) -> ProductItem {
        if let item = items[id] { return item }
        let item = ProductItem(product: _products[id], stock: _stockLevels[id])
        items[id] = item
        return item
    }
    // HAND-WRITTEN BEGIN: every product's stock as one source list beside
    // the rows' own, as `cartQuantities` sits beside their quantities (and the only
    // one for a product no view has shown yet, which has no row). The grid and
    // the facets filter the whole catalog by stock; read from the rows, each
    // of their renders would register with, and each change cancel from,
    // one registrar per product (two thirds of a session's instructions).
    // The cards, detail, cart and recommendations still read their rows, so
    // a stock change re-renders only the views showing that product, and
    // the catalog-wide readers read this list only while the in-stock
    // filter is on. Written only by `applyStock`, with the rows.
    var stockLevels: [Int] = []

    func applyStock(_ updates: [StockUpdate]) {
        let items = self.items
        // A product no view has shown yet has no row: its stock lives in
        // `stockLevels` until one is made. The state is assigned whole, so
        // an unchanged stock notifies nobody.
        for update in updates {
            guard let item = items[update.productID] else { continue }
            var state = item.state
            state.stock = update.stock
            item.state = state
        }
        // One in-place modify: a single change notice for the batch, and no
        // copy of the list.
        Self.write(updates, into: &stockLevels)
    }

    private static func write(_ updates: [StockUpdate], into levels: inout [Int]) {
        for update in updates { levels[update.productID] = update.stock }
    }
    // HAND-WRITTEN END
    @ObservationIgnored var categoryCount = 0
    /// One sale model per category.
    @ObservationIgnored var sales: [CategorySale] = []
    var selectedCategory: Int?
    var query = ""
    var filters = Filters()
    var sort = SortOrder.featured
    var page = 0
    var openProduct: Int?
    // HAND-WRITTEN BEGIN: the cart as two source lists, its ids kept
    // sorted by `setQuantity` and `emptyCart` and each one's quantity beside
    // it, as `stockLevels` sits beside the rows' stock. The cart screen
    // reads the few products in the cart and the recommendations track
    // membership only; the header, which shows the count alone, reads the
    // quantities and no row: a row's stock and quantity are one observed
    // value, so a header reading rows would re-render on their stock too.
    var cartIDs: [Int] = []
    var cartQuantities: [Int] = []

    func setQuantity(_ id: Int, _ quantity: Int) {
        let item = row(id)
        var state = item.state
        let was = state.quantity
        guard was != quantity else { return }
        state.quantity = quantity
        item.state = state
        let ids = cartIDs
        var index = 0
        while index < ids.count && ids[index] < id { index += 1 }
        if was == 0 {
            cartIDs.insert(id, at: index)
            cartQuantities.insert(quantity, at: index)
        } else if quantity == 0 {
            cartIDs.remove(at: index)
            cartQuantities.remove(at: index)
        } else {
            // Membership is unchanged: only the quantities' readers hear.
            cartQuantities[index] = quantity
        }
    }

    func emptyCart() {
        for id in cartIDs {
            let item = row(id)
            var state = item.state
            state.quantity = 0
            item.state = state
        }
        cartIDs = []
        cartQuantities = []
    }
    // HAND-WRITTEN END
    var detail: Remote<String> = .idle
    var couponCode: String?
    var coupon: CouponStatus = .none
    var appliedCoupon: Coupon?
    var zip: String?
    var quote: QuoteStatus = .none
    var orders: [Order] = []

    // MARK: Derived, recomputed on every read
    //
    // Each computation reads every observable property it needs once, up
    // front: a read of an `@Observable` property is a registrar call, and a
    // view's tracking records each one. Stock and prices are read only where
    // a filter or the sort needs them. Computations loop rather than pass
    // closures over the rows, and sort through the shared `Browsing.sorted`
    // and `CheckoutRules.recommended`: a closure formed in main-actor code is
    // main-actor isolated, and Swift 6 checks the executor on every call of
    // one.

    /// Set by the `wrong-rounding` fault: truncate sale prices.
    @ObservationIgnored var truncatesPrices = false

    func price(_ product: Product, sale: [Int]) -> Int {
        price(product, percent: sale[product.category])
    }

    func price(_ product: Product, percent: Int) -> Int {
        if truncatesPrices { return product.basePriceCents * (100 - percent) / 100 }
        return Money.effectivePrice(baseCents: product.basePriceCents, salePercent: percent)
    }

    /// A category's sale model, handed to a view the same way.
    func sale(_ category: Int) -> CategorySale { sales[category] }

    /// Every category's sale percent, read from each category's model; or,
    /// given `only`, just that category's (the others left 0, unread).
    func salePercents(only category: Int? = nil) -> [Int] {
        let sales = self.sales
        var percents = Array(repeating: 0, count: sales.count)
        if let category {
            percents[category] = sales[category].percent
        } else {
            for index in sales.indices { percents[index] = sales[index].percent }
        }
        return percents
    }

    /// How many products in each category pass the query and filters: the
    /// facets' counts, tallied as the catalog is scanned rather than from a
    /// list of the passing ids, which a catalog-wide pass would fill with
    /// most of the catalog on every facets render.
    func matchCounts() -> [Int] {
        let products = self.products, query = SearchText(self.query), filters = self.filters
        let sale = filters.narrowsPrice ? salePercents() : []
        let stock = filters.inStockOnly ? stockLevels : []
        var counts = Array(repeating: 0, count: categoryCount)
        // No filter set: a query match passes, so the filters go untested.
        if filters == Filters() {
            for index in products.indices where Browsing.matches(products[index], query: query) {
                counts[products[index].category] += 1
            }
            return counts
        }
        for index in products.indices
        where Browsing.matches(products[index], query: query)
            && Browsing.passes(
                filters, priceCents: price(products[index], sale: sale), stock: stock[index],
                ratingTenths: products[index].ratingTenths)
        {
            counts[products[index].category] += 1
        }
        return counts
    }

    /// Ids the grid lists up to the end of `page`: the products of the
    /// selected category (or of all, given none) passing the query and
    /// filters, sorted. The scan builds the sort's rows directly, each with
    /// its price where the order compares prices. The category is tested
    /// first, so a grid showing one category runs the query and filters over
    /// that category's products only. The featured order is the catalog's
    /// (ids ascend), so its scan stops once the page is full: the rows past
    /// it are ones no view shows, and nothing after them can sort before.
    /// Any other order keeps only the rows through the page, in order, as
    /// the scan meets them (`keep`): a row past the page's last is dropped
    /// with one comparison, where sorting every passing row compared each
    /// about a dozen times to order rows no view shows.
    func listed(throughPage page: Int) -> [Int] {
        let products = self.products, category = selectedCategory, sort = self.sort
        let query = SearchText(self.query), filters = self.filters
        let filterSale = filters.narrowsPrice ? salePercents() : []
        let sortSale =
            sort.comparesPrices ? (filters.narrowsPrice ? filterSale : salePercents(only: category)) : []
        let stock = filters.inStockOnly ? stockLevels : []
        let limit = (page + 1) * Browsing.pageSize
        guard limit > 0 else { return [] }
        var rows: [(id: Int, price: Int)] = []
        // Room for the whole catalog, or for twice a category's average
        // share, or for the featured pages only.
        rows.reserveCapacity(
            min(limit, category == nil ? products.count : 2 * products.count / max(categoryCount, 1)))
        // By index: `for product in products` copies each `Product`, retaining
        // and releasing its strings and arrays; a subscript read borrows it.
        // No filter set: the query's matches are the list, their filters untested.
        let unfiltered = filters == Filters()
        func passes(_ index: Int) -> Bool {
            Browsing.matches(products[index], query: query)
                && (unfiltered
                    || Browsing.passes(
                        filters, priceCents: price(products[index], sale: filterSale), stock: stock[index],
                        ratingTenths: products[index].ratingTenths))
        }
        let featured = sort == .featured
        func add(_ index: Int) {
            let row = (id: products[index].id, price: sort.comparesPrices ? price(products[index], sale: sortSale) : 0)
            // Featured rows arrive in order; any other order keeps its first `limit`.
            if featured {
                rows.append(row)
            } else {
                Self.keep(row, in: &rows, limit: limit, products: products, by: sort)
            }
        }
        // Two loops, so the catalog-wide pass pays no category test.
        if let category {
            for index in products.indices where products[index].category == category && passes(index) {
                add(index)
                if featured && rows.count == limit { break }
            }
        } else {
            for index in products.indices where passes(index) {
                add(index)
                if featured && rows.count == limit { break }
            }
        }
        var ids: [Int] = []
        ids.reserveCapacity(rows.count)
        for row in rows { ids.append(row.id) }
        return ids
    }

    /// Inserts `row` into `rows`, kept in `order` and at most `limit` long,
    /// where the shared rule places it; a row after the last kept one, with
    /// the list full, is dropped after one comparison. Not isolated, like
    /// `Browsing.sorted`, and called directly rather than as a closure.
    private nonisolated static func keep(
        _ row: (id: Int, price: Int), in rows: inout [(id: Int, price: Int)], limit: Int, products: [Product],
        by order: SortOrder
    ) {
        if rows.count == limit {
            let last = rows[limit - 1]
            guard Browsing.precedes(products[row.id], row.price, products[last.id], last.price, by: order) else {
                return
            }
            rows.removeLast()
        }
        var low = 0, high = rows.count
        while low < high {
            let middle = (low + high) / 2
            let other = rows[middle]
            if Browsing.precedes(products[other.id], other.price, products[row.id], row.price, by: order) {
                low = middle + 1
            } else {
                high = middle
            }
        }
        rows.insert(row, at: low)
    }

    var visible: [Int] {
        let page = self.page
        return Array(Browsing.page(listed(throughPage: page), page: page))
    }

    var cartItemCount: Int {
        var count = 0
        for quantity in cartQuantities { count += quantity }
        return count
    }

    var cartLines: [CartLineScreen] {
        let ids = cartIDs
        guard !ids.isEmpty else { return [] }
        let products = self.products, sales = self.sales
        var lines: [CartLineScreen] = []
        lines.reserveCapacity(ids.count)
        for id in ids {
            let product = products[id], state = row(id).state
            lines.append(
                CartLineScreen(
                    product: product, quantity: state.quantity,
                    unitCents: price(product, percent: sales[product.category].percent),
                    stock: state.stock))
        }
        return lines
    }

    var checkout: CheckoutScreen {
        let cart = CartScreen(lines: cartLines)
        return CheckoutScreen(
            subtotalCents: cart.subtotalCents, lineCount: cart.lines.count,
            warningCount: cart.warningCount, appliedCoupon: appliedCoupon,
            coupon: coupon, quote: quote)
    }

    /// Ids of the products recommended beside the open one. The candidates
    /// are ranked by the shared rule (`CheckoutRules.recommends`) only as far
    /// as the panel needs: each step moves the best one left to the front and
    /// asks its stock, so stock is read in rank order until the panel is
    /// full, as `CheckoutRules.recommended` reads it, and the rest of the
    /// category (some two hundred products) is never sorted. The rule is then
    /// handed the ranked candidates found in stock.
    var recommended: [Int] {
        guard let open = openProduct else { return [] }
        let products = self.products
        guard !products.isEmpty else { return [] }
        // The cart's ids ascend, as the scan's do: one walk along them tells
        // membership, where a set hashed every product of the category.
        let cart = cartIDs
        var cartIndex = 0
        let category = products[open].category
        var candidates: [Int] = []
        // Room for twice a category's average share: the list grows once at
        // most, where from empty it would reallocate seven or eight times.
        candidates.reserveCapacity(2 * products.count / max(categoryCount, 1))
        for id in products.indices where products[id].category == category && id != open {
            while cartIndex < cart.count && cart[cartIndex] < id { cartIndex += 1 }
            if cartIndex < cart.count && cart[cartIndex] == id { continue }
            candidates.append(id)
        }
        var picked: [Int] = []
        picked.reserveCapacity(CheckoutRules.recommendationCount)
        var ranked = 0
        while ranked < candidates.count && picked.count < CheckoutRules.recommendationCount {
            Self.moveBest(in: &candidates, to: ranked, products: products)
            let id = candidates[ranked]
            if row(id).state.stock > 0 { picked.append(id) }
            ranked += 1
        }
        return CheckoutRules.recommended(picked, products: products, inStock: { _ in true })
    }

    /// Swaps the best-ranked of `candidates[start...]` to `start`. Not
    /// isolated, like `CheckoutRules.recommended`.
    private nonisolated static func moveBest(in candidates: inout [Int], to start: Int, products: [Product]) {
        var best = start, index = start + 1
        while index < candidates.count {
            if CheckoutRules.recommends(products[candidates[index]], before: products[candidates[best]]) {
                best = index
            }
            index += 1
        }
        candidates.swapAt(start, best)
    }
}
