import Cog
import Workload

// The Storefront's state, declared the way the design documents tell an app
// to: private manual sources (underscore names, read elsewhere through
// `.readOnly`) with the named operations that write them, automatic cogs for
// everything derived, boxes for per-product and per-category state. Declarations only name state; the runtime holds
// the values, so every session's `Cogs` gets its own.

// MARK: Sources

/// The catalog the service loaded: products never change after loading.
private let _catalogCog = Cog<Catalog?>.Manual(name: "catalog") { nil }
private let _stockCogs = CogBox<Int, Int>.Manual(name: "stock") { _ in 0 }
private let _salePercentCogs = CogBox<Int, Int>.Manual(name: "salePercent") { _ in 0 }
private let _selectedCategoryCog = Cog<Int?>.Manual(name: "selectedCategory") { nil }
private let _queryCog = Cog<String>.Manual(name: "query") { "" }
private let _filtersCog = Cog<Filters>.Manual(name: "filters") { Filters() }
private let _sortCog = Cog<SortOrder>.Manual(name: "sort") { .featured }
private let _pageCog = Cog<Int>.Manual(name: "page") { 0 }
private let _openProductCog = Cog<Int?>.Manual(name: "openProduct") { nil }
/// Quantity per product in the cart (0: not in the cart), and which
/// products are in it, ascending. Keyed state is a box, so changing one
/// product's quantity notifies only what reads that product's quantity;
/// readers of cart membership (recommendations) stay quiet.
private let _cartQuantityCogs = CogBox<Int, Int>.Manual(name: "cartQuantity") { _ in 0 }
private let _cartProductsCog = Cog<[Int]>.Manual(name: "cartProducts") { [] }  // hand-written
private let _ordersCog = Cog<[PlacedOrder]>.Manual(name: "orders") { [] }

/// The session's service: every request goes through it.
private let _serviceCog = Cog<StorefrontService?>.Manual(name: "service") { nil }
private let _couponCodeCog = Cog<String?>.Manual(name: "couponCode") { nil }
private let _zipCog = Cog<String?>.Manual(name: "zip") { nil }

// What the port's checkout step reads directly.
let ordersCog = _ordersCog.readOnly

// MARK: Requests

// Each request kind is one async cog whose selector reads what the request
// asks for: a new input starts a new generation and Cog drops every older
// one's answer (`.latest`), so no generation counter lives in the port.
// With nothing to ask for, the work answers nil at once and sends nothing.

/// The open product's description.
let productDetailCog = Cog<String?>.Async(name: "productDetail", default: nil) { c in
    guard let service = c[_serviceCog], let id = c[_openProductCog] else { return .run { nil } }
    return .run { try await service.productDetail(id) }
}

/// The entered coupon code, validated.
let couponCog = Cog<Coupon?>.Async(name: "coupon", default: nil) { c in
    guard let service = c[_serviceCog], let code = c[_couponCodeCog] else { return .run { nil } }
    return .run { try await service.validateCoupon(code) }
}

/// The shipping quote for the entered ZIP code, in cents.
let shippingQuoteCog = Cog<Int?>.Async(name: "shippingQuote", default: nil) { c in
    guard let service = c[_serviceCog], let zip = c[_zipCog] else { return .run { nil } }
    return .run { try await service.shippingQuote(zip: zip) }
}

/// What a failed request's screen says.
private func reason(_ error: (any Error)?) -> String {
    (error as? ServiceFailure)?.reason ?? error.map { String(describing: $0) } ?? ""
}

let detailTextCog = Cog<Remote<String>>(name: "detailText") { c in
    let detail = c.status[productDetailCog]
    switch detail.kind {
    case .pending: return .loading
    case .success: return detail.value.map(Remote.loaded) ?? .idle
    case .failure: return .failed(reason(detail.error))
    }
}

let couponStatusCog = Cog<CouponStatus>(name: "couponStatus") { c in
    guard let code = c[_couponCodeCog] else { return .none }
    let coupon = c.status[couponCog]
    switch coupon.kind {
    case .pending: return .validating(code: code)
    case .success: return coupon.value.map { .applied(code: code, label: $0.label) } ?? .none
    case .failure: return .rejected(code: code, reason: reason(coupon.error))
    }
}

/// The coupon checkout applies: only a current, successful validation's.
let appliedCouponCog = Cog<Coupon?>(name: "appliedCoupon") { c in
    let coupon = c.status[couponCog]
    return c[_couponCodeCog] != nil && coupon.kind == .success ? coupon.value : nil
}

let quoteStatusCog = Cog<QuoteStatus>(name: "quoteStatus") { c in
    guard let zip = c[_zipCog] else { return .none }
    let quote = c.status[shippingQuoteCog]
    switch quote.kind {
    case .pending: return .loading(zip: zip)
    case .success: return quote.value.map { .quoted(zip: zip, cents: $0) } ?? .none
    case .failure: return .failed(zip: zip, reason: reason(quote.error))
    }
}

struct PlacedOrder: Hashable, Sendable {
    var number: Int
    var totalCents: Int
    var confirmed: Bool
}

// MARK: Per product

/// A product's quantity in the cart. Reading the quantity source only for
/// products in the cart keeps browsing from creating a source row (sources
/// live for the app) per product viewed: this derived value is released
/// when no screen shows it.
let quantityCogs = CogBox<Int, Int>(name: "quantity") { c, id in
    c[_cartProductsCog].contains(id) ? c[_cartQuantityCogs[id]] : 0
}

/// What a card shows; it changes only when its own product's does. The card
/// prices its product from its category's sale itself: a card's boundary
/// lives for the app, and a price cog under every card ever shown would be
/// one more node per product browsed, rerun before its card on every sale.
let cardCogs = CogBox<CardScreen?, Int>(name: "card") { c, id in
    guard let product = c[_catalogCog]?.products[id] else { return nil }
    return CardScreen(
        product: product,
        priceCents: Money.effectivePrice(
            baseCents: product.basePriceCents, salePercent: c[_salePercentCogs[product.category]]),
        stock: c[_stockCogs[id]], inCart: c[quantityCogs[id]])
}

// MARK: Browsing

// The browsing selectors loop rather than pass closures over the products,
// and sort through the shared `Browsing.sorted`: a closure formed in
// main-actor code is main-actor isolated, and Swift 6 checks the executor on
// every call of one. The memoized and observable ports are written the same
// way.

/// Products whose name or tags match a normalised query, one row per query
/// typed: a query shown again (the empty one, a one-letter query toggled on
/// and off, a character deleted) reads its cached matches. A query's matches
/// are a subset of the matches of any query its bytes start with, so a row
/// filters the matches of the query one character shorter rather than the
/// catalog. Rows nothing reads go after their grace period, and a row keeps
/// the shorter query's row alive only while it lives itself.
let queryMatchCogs = CogBox<[Int], SearchText>(name: "queryMatches") { c, query in
    guard let catalog = c[_catalogCog] else { return [] }
    let products = catalog.products
    if query.isEmpty { return Array(products.indices) }
    var ids: [Int] = []
    if let shorter = shorterQuery(query) {
        let candidates = c[queryMatchCogs[shorter]]
        ids.reserveCapacity(candidates.count)
        for id in candidates where Browsing.matches(products[id], query: query) { ids.append(id) }
        return ids
    }
    ids.reserveCapacity(products.count)
    // By index: the rule borrows each product in place rather than a copy
    // of it (three retains and releases a product).
    for index in products.indices where Browsing.matches(products[index], query: query) {
        ids.append(products[index].id)
    }
    return ids
}

/// The normalised query one character shorter than `query`, when its bytes
/// begin `query`'s (lowercasing can change a letter by what follows it), so
/// its matches hold all of `query`'s; nil for a one-character query, which
/// scans the catalog.
private func shorterQuery(_ query: SearchText) -> SearchText? {
    let text = String(decoding: query.bytes, as: UTF8.self)
    guard text.count > 1 else { return nil }
    let shorter = SearchText(String(text.dropLast()))
    return query.hasPrefix(shorter) ? shorter : nil
}

/// The current query's matches: a view of one row, so an equal list (a
/// letter that narrows nothing) stops here.
let queryMatchesCog = Cog<[Int]>(name: "currentQueryMatches") { c in
    c[queryMatchCogs[SearchText(c[_queryCog])]]
}

/// Query matches that also pass the filters: the matches themselves with no
/// filter set, else the row of `filteredCogs` for the filter set shown.
let matchingCog = Cog<[Int]>(name: "matching") { c in
    let filters = c[_filtersCog]
    // No filter set: every match passes, and handing back the matches' own
    // buffer lets the equality cut-off compare it at once (T22).
    if filters == Filters() { return c[queryMatchesCog] }
    return c[filteredCogs[filters]]
}

/// The current query's matches that pass one filter set, a row per filter
/// set shown, as the query matches keep a row per query: a filter turned
/// off and on again (and nothing it reads changed) reads its cached list
/// rather than passing every match again. Rows nothing reads go after their
/// grace period. The shared rule asks whether a product is in stock and for
/// its price only when a filter needs them, so they are dependencies only
/// then. Stock comes from its category's
/// sold-out list (`soldOutCogs`), which answers the only stock question the
/// rule asks (sold out or not). A price is the shared `Money.effectivePrice` of
/// the product's base and its category's sale, read once a run per category
/// (`SalePercents`): a dozen sale sources rather than a derived price per
/// product, which cost a node, an edge and a read each for a value that
/// changes only with its category's sale.
let filteredCogs = CogBox<[Int], Filters>(name: "filtered") { c, filters in
    guard let catalog = c[_catalogCog] else { return [] }
    let products = catalog.products
    let queryMatches = c[queryMatchesCog]
    var sales = SalePercents(categoryCount: catalog.categoryCount)
    var soldOut = SoldOut(productCount: products.count, categoryCount: catalog.categoryCount)
    var ids: [Int] = []
    ids.reserveCapacity(queryMatches.count)
    for id in queryMatches
    where Browsing.passes(
        filters,
        priceCents: Money.effectivePrice(
            baseCents: products[id].basePriceCents, salePercent: sales.percent(products[id].category, &c)),
        stock: soldOut.isSoldOut(id, category: products[id].category, &c) ? 0 : 1,
        ratingTenths: products[id].ratingTenths)
    {
        ids.append(id)
    }
    return ids
}

/// Each category's sold-out products (stock 0, what the "in stock only" test
/// of `Browsing.passes` rejects). The filtered list reads these,
/// a dozen, rather than every matching product's stock: turning the filter
/// on and off no longer links and unlinks an edge per product, and a stock
/// change that leaves a product in stock (5 to 4) reruns only its
/// category's list, which comes out equal, so the filtered list is spared.
let soldOutCogs = CogBox<[Int], Int>(name: "soldOut") { c, category in
    let lists = c[categoryProductsCog]
    guard category < lists.count else { return [] }
    var ids: [Int] = []
    for id in lists[category] where c[_stockCogs[id]] == 0 { ids.append(id) }
    return ids
}

/// Which products are sold out, from their categories' lists, each read the
/// first time a selector run asks about one of its products.
@MainActor
struct SoldOut {
    private let productCount: Int
    private var read: [Bool]
    private var soldOut: [Bool] = []

    init(productCount: Int, categoryCount: Int) {
        self.productCount = productCount
        read = Array(repeating: false, count: categoryCount)
    }

    // Inlined: the filtered list asks once per matching product.
    @inline(__always)
    mutating func isSoldOut<Value>(_ id: Int, category: Int, _ c: inout CogReader<Value>) -> Bool {
        if !read[category] {
            read[category] = true
            if soldOut.isEmpty { soldOut = Array(repeating: false, count: productCount) }
            for soldOutID in c[soldOutCogs[category]] { soldOut[soldOutID] = true }
        }
        return soldOut[id]
    }
}

/// Each category's sale, read from its source the first time a selector run
/// asks for it and remembered for the rest of that run.
@MainActor
struct SalePercents {
    private var percents: [Int?]

    init(categoryCount: Int) { percents = Array(repeating: nil, count: categoryCount) }

    @inline(__always)
    mutating func percent<Value>(_ category: Int, _ c: inout CogReader<Value>) -> Int {
        if let percent = percents[category] { return percent }
        let percent = c[_salePercentCogs[category]]
        percents[category] = percent
        return percent
    }
}

let facetCountsCog = Cog<[Int]>(name: "facetCounts") { c in
    guard let catalog = c[_catalogCog] else { return [] }
    var counts = Array(repeating: 0, count: catalog.categoryCount)
    for id in c[matchingCog] { counts[catalog.products[id].category] += 1 }
    return counts
}

/// The facets' screen, one cog for the view as the grid's is. The counts
/// stay a cog of their own, so choosing a category does not count again.
let facetsCog = Cog<FacetScreen>(name: "facets") { c in
    let selected = c[_selectedCategoryCog]
    let counts = c[facetCountsCog]
    return counts.isEmpty ? .empty(selectedCategory: selected) : FacetScreen(counts: counts, selectedCategory: selected)
}

/// The listing in a sort order other than featured (the grid reads the
/// featured one off the matching list). Prices are computed once per listed
/// product, before sorting, and only for the orders that compare them, from
/// each category's sale as the filtered list does.
let listedCog = Cog<[Int]>(name: "listed") { c in
    guard let catalog = c[_catalogCog] else { return [] }
    let category = c[_selectedCategoryCog]
    let sort = c[_sortCog]
    let matching = c[matchingCog]
    let products = catalog.products
    var sales = SalePercents(categoryCount: catalog.categoryCount)
    var rows: [(id: Int, price: Int)] = []
    rows.reserveCapacity(matching.count)
    for id in matching where category == nil || products[id].category == category {
        let price =
            sort.comparesPrices
            ? Money.effectivePrice(
                baseCents: products[id].basePriceCents, salePercent: sales.percent(products[id].category, &c)) : 0
        rows.append((id, price))
    }
    return Browsing.sorted(rows, products: products, by: sort)
}

/// The grid's screen: one cog, so the grid view records one access and is
/// sent one notice when its page's products or the page number change.
let gridCog = Cog<GridScreen>(name: "grid") { c in
    let page = c[_pageCog]
    // Featured order is id order, and the matching list keeps the catalog's
    // order (T23): under it the grid reads its page off the matching list
    // itself, with no sorted list, no rows and no sort pass, and a selected
    // category's scan stops once the page is full. The sorted list is read
    // only for the other orders.
    if c[_sortCog] == .featured {
        let matching = c[matchingCog]
        guard let category = c[_selectedCategoryCog] else {
            return GridScreen(productIDs: Array(Browsing.page(matching, page: page)), page: page)
        }
        guard page >= 0, let products = c[_catalogCog]?.products else { return GridScreen(productIDs: [], page: page) }
        var skip = page * Browsing.pageSize
        var ids: [Int] = []
        ids.reserveCapacity(Browsing.pageSize)
        for id in matching where products[id].category == category {
            if skip > 0 {
                skip -= 1
                continue
            }
            ids.append(id)
            if ids.count == Browsing.pageSize { break }
        }
        return GridScreen(productIDs: ids, page: page)
    }
    return GridScreen(productIDs: Array(Browsing.page(c[listedCog], page: page)), page: page)
}

// MARK: Cart and checkout

/// Each line is priced from its category's sale, as the cards are.
let cartCog = Cog<CartScreen>(name: "cartScreen") { c in
    guard let catalog = c[_catalogCog] else { return CartScreen(lines: []) }
    let products = catalog.products
    let carted = c[_cartProductsCog]
    var lines: [CartLineScreen] = []
    lines.reserveCapacity(carted.count)
    for id in carted {
        lines.append(
            CartLineScreen(
                product: products[id], quantity: c[_cartQuantityCogs[id]],
                unitCents: Money.effectivePrice(
                    baseCents: products[id].basePriceCents, salePercent: c[_salePercentCogs[products[id].category]]),
                stock: c[_stockCogs[id]]))
    }
    return CartScreen(lines: lines)
}

let checkoutCog = Cog<CheckoutScreen>(name: "checkout") { c in
    let cart = c[cartCog]
    return CheckoutScreen(
        subtotalCents: cart.subtotalCents, lineCount: cart.lines.count,
        warningCount: cart.warningCount, appliedCoupon: c[appliedCouponCog],
        coupon: c[couponStatusCog], quote: c[quoteStatusCog])
}

/// Each category's product ids in catalog order: the index the sold-out
/// lists read, so the in-stock filter visits one category rather than the
/// whole catalog.
let categoryProductsCog = Cog<[[Int]]>(name: "categoryProducts") { c in
    guard let catalog = c[_catalogCog] else { return [] }
    let products = catalog.products
    // Counted first, so each category's list is allocated once, at its size.
    var counts = Array(repeating: 0, count: catalog.categoryCount)
    for product in products.indices { counts[products[product].category] += 1 }
    var lists = counts.map { count -> [Int] in
        var list: [Int] = []
        list.reserveCapacity(count)
        return list
    }
    for product in products.indices { lists[products[product].category].append(product) }
    return lists
}

/// One category's product ids in rating order, higher first and then lower
/// id, which is the rank `CheckoutRules.recommends` gives them: sorted
/// (through the shared `Browsing.sorted`, which is not isolated) the first
/// time a recommendation asks for the category, as the memoized port ranks
/// a category on first use, so a session sorts only the categories it
/// opens. The shared `CheckoutRules.recommended` then receives its
/// candidates already in order and only confirms it. Since the selector
/// hands over only the front of this list, the panel relies on this order
/// being the rule's, which `Browsing.sorted`'s rating order is. It scans the catalog rather than reading the index: a ranked list
/// left in its grace window after the detail closes would keep the whole
/// index alive behind it.
let rankedCategoryCogs = CogBox<[Int], Int>(name: "rankedCategory") { c, category in
    guard let catalog = c[_catalogCog] else { return [] }
    let products = catalog.products
    var rows: [(id: Int, price: Int)] = []
    // Room for twice a category's average share, so the scan allocates once.
    rows.reserveCapacity(2 * products.count / max(catalog.categoryCount, 1))
    for product in products.indices where products[product].category == category { rows.append((product, 0)) }
    return Browsing.sorted(rows, products: products, by: .rating)
}

let recommendationsCog = Cog<[RecommendationScreen.Item]>(name: "recommendations") { c in
    guard let id = c[_openProductCog], let catalog = c[_catalogCog] else { return [] }
    let products = catalog.products
    let carted = c[_cartProductsCog]
    let category = products[id].category
    let ranked = c[rankedCategoryCogs[category]]
    // The ranked list is in the rule's own order, so the rule can only pick
    // from its front: it gets the candidates up to the one that fills the
    // panel, not the whole category. The stock read here is the rule's own
    // (the same products, in the same order), so the dependencies do not
    // change, and the rule asks again only of the products listed here.
    var candidates: [Int] = []
    var stocked: [Int] = []
    candidates.reserveCapacity(2 * CheckoutRules.recommendationCount)
    stocked.reserveCapacity(CheckoutRules.recommendationCount)
    for candidate in ranked where candidate != id && !carted.contains(candidate) {
        candidates.append(candidate)
        if c[_stockCogs[candidate]] > 0 {
            stocked.append(candidate)
            if stocked.count == CheckoutRules.recommendationCount { break }
        }
    }
    // Every candidate is in the open product's category, so one sale prices
    // them all.
    let salePercent = c[_salePercentCogs[category]]
    return CheckoutRules.recommended(candidates, products: products, inStock: { stocked.contains($0) }).map {
        RecommendationScreen.Item(
            product: products[$0],
            priceCents: Money.effectivePrice(baseCents: products[$0].basePriceCents, salePercent: salePercent))
    }
}

let headerCog = Cog<HeaderScreen>(name: "header") { c in
    let orders = c[_ordersCog]
    return HeaderScreen(
        cartItemCount: c[cartCog].itemCount, orderCount: orders.count,
        lastOrder: orders.last.map { HeaderScreen.orderLabel(number: $0.number, confirmed: $0.confirmed) })
}

/// The open product's screen reads its quantity from the cart's sources,
/// as the quantity cog does, rather than through that cog: a product only
/// opened (the funnel opens hundreds) then leaves no quantity row waiting
/// out its grace period behind it.
let detailScreenCog = Cog<DetailScreen>(name: "detailScreen") { c in
    guard let id = c[_openProductCog], let product = c[_catalogCog]?.products[id] else { return .closed }
    return DetailScreen(
        product: product,
        priceCents: Money.effectivePrice(
            baseCents: product.basePriceCents, salePercent: c[_salePercentCogs[product.category]]),
        stock: c[_stockCogs[id]],
        inCart: c[_cartProductsCog].contains(id) ? c[_cartQuantityCogs[id]] : 0, description: c[detailTextCog])
}

// MARK: Operations

/// The app's named operations: every write is one turn named after its
/// method, as the design documents ask.
extension CogOps {
    func connect(to service: StorefrontService) { turn(_serviceCog, to: service) }

    func loadCatalog(_ catalog: Catalog) {
        turn { c in
            c[_catalogCog] = catalog
            for (id, stock) in catalog.initialStock.enumerated() { c[_stockCogs[id]] = stock }
        }
    }

    func selectCategory(_ category: Int?) { turn(_selectedCategoryCog, to: category) }
    func showPage(_ page: Int) { turn(_pageCog, to: page) }
    func search(_ query: String) { turn(_queryCog, to: query) }
    func showInStockOnly(_ only: Bool) { turn { c in c[_filtersCog].inStockOnly = only } }

    func limitPrice(minimum: Int?, maximum: Int?) {
        turn { c in
            c[_filtersCog].minimumPriceCents = minimum
            c[_filtersCog].maximumPriceCents = maximum
        }
    }

    func requireRating(_ tenths: Int) { turn { c in c[_filtersCog].minimumRatingTenths = tenths } }
    func sort(by order: SortOrder) { turn(_sortCog, to: order) }

    func addToCart(_ id: Int) {
        turn { c in
            c[_cartQuantityCogs[id]] += 1
            if !c[_cartProductsCog].contains(id) { c[_cartProductsCog] = (c[_cartProductsCog] + [id]).sorted() }  // hand-written
        }
    }

    func setQuantity(_ id: Int, to quantity: Int) {
        turn { c in
            c[_cartQuantityCogs[id]] = max(quantity, 0)
            let inCart = c[_cartProductsCog].contains(id)  // hand-written
            if quantity > 0, !inCart { c[_cartProductsCog] = (c[_cartProductsCog] + [id]).sorted() }  // hand-written
            if quantity <= 0, inCart { c[_cartProductsCog].removeAll { $0 == id } }  // hand-written
        }
    }

    func updateStock(_ updates: [StockUpdate]) {
        turn { c in
            for update in updates { c[_stockCogs[update.productID]] = update.stock }
        }
    }

    func setSale(category: Int, percent: Int) { turn(_salePercentCogs[category], to: percent) }

    /// Opens a product, which asks for its description. Returns the handle
    /// that follows that request, or nil when the product was already open.
    func openProduct(_ id: Int) -> CogRefresh? {
        guard peek(_openProductCog.readOnly) != id else { return nil }
        return turnStartingRequest(productDetailCog) { c in c[_openProductCog] = id }
    }

    func closeProduct() { turn(_openProductCog, to: nil) }

    /// Enters a coupon code, which asks for its validation; nil when the
    /// code was already entered.
    func applyCoupon(_ code: String) -> CogRefresh? {
        guard peek(_couponCodeCog.readOnly) != code else { return nil }
        return turnStartingRequest(couponCog) { c in c[_couponCodeCog] = code }
    }

    /// Enters a ZIP code, which asks for a shipping quote; nil when the ZIP
    /// code was already entered.
    func enterZip(_ zip: String) -> CogRefresh? {
        guard peek(_zipCog.readOnly) != zip else { return nil }
        return turnStartingRequest(shippingQuoteCog) { c in c[_zipCog] = zip }
    }

    /// One turn that writes a request's input. The refresh joins the turn, so
    /// the write and the refresh start one generation, and the returned
    /// handle follows exactly that request.
    private func turnStartingRequest<Request: CogStatusReadable>(
        _ request: Request, name: String = #function, _ write: (CogWriter) -> Void
    ) -> CogRefresh {
        var handle: CogRefresh?
        turn(name) { c in
            write(c)
            handle = refresh(request)
        }
        return handle!
    }

    /// Records the order, clears the cart and the coupon: one turn.
    func placeOrder(number: Int, totalCents: Int) {
        turn { c in
            c[_ordersCog].append(PlacedOrder(number: number, totalCents: totalCents, confirmed: false))
            for id in c[_cartProductsCog] { c[_cartQuantityCogs[id]] = 0 }
            c[_cartProductsCog] = []  // hand-written
            c[_couponCodeCog] = nil
        }
    }

    func confirmOrder(_ number: Int) { turn { c in c[_ordersCog][number - 1].confirmed = true } }
}
