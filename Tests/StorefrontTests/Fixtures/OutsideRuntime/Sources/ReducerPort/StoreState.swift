import Workload

/// The whole app as one value. Nothing else holds state; only `reduce`
/// changes it.
struct StoreState: Equatable {
    struct Order: Equatable {
        var number: Int
        var totalCents: Int
        var confirmed: Bool
    }

    var products: [Product] = []
    var stock: [Int] = []
    var quantity: [Int] = []
    var salePercent: [Int] = []
    var categoryCount = 0
    var selectedCategory: Int?
    var query = ""
    var filters = Filters()
    var sort = SortOrder.featured
    var page = 0
    var openProduct: Int?
    var detail: Remote<String> = .idle
    var couponCode: String?
    var coupon: CouponStatus = .none
    var appliedCoupon: Coupon?
    var zip: String?
    var quote: QuoteStatus = .none
    var orders: [Order] = []
    // HAND-WRITTEN BEGIN: request generations, so an older answer is rejected.
    var detailRequest = 0
    var couponRequest = 0
    var quoteRequest = 0
    // HAND-WRITTEN END
}

/// Everything that can happen to the state: a user action, or an answer.
enum Event {
    case user(UserAction)
    case catalogLoaded(Catalog)
    case detailAnswered(request: Int, Remote<String>)
    case couponAnswered(request: Int, CouponStatus, Coupon?)
    case quoteAnswered(request: Int, QuoteStatus)
    case orderConfirmed(number: Int)
}

/// Work the reducer asks for; the port runs it and feeds the answer back.
enum Effect {
    case loadCatalog
    case loadDetail(productID: Int, request: Int)
    case validateCoupon(code: String, request: Int)
    case quoteShipping(zip: String, request: Int)
    case placeOrder(number: Int, totalCents: Int)
}

extension StoreState {
    /// Applies `event`; returns the work it calls for, and whether an answer
    /// was applied (false: superseded by a newer request).
    mutating func reduce(_ event: Event) -> (effect: Effect?, applied: Bool) {
        switch event {
        case .user(let action): return (reduce(action), true)
        case .catalogLoaded(let catalog):
            products = catalog.products
            stock = catalog.initialStock
            quantity = Array(repeating: 0, count: catalog.products.count)
            categoryCount = catalog.categoryCount
            salePercent = Array(repeating: 0, count: catalog.categoryCount)
        case .detailAnswered(let request, let answer):
            guard request == detailRequest else { return (nil, false) }  // hand-written
            detail = answer
        case .couponAnswered(let request, let status, let coupon):
            guard request == couponRequest else { return (nil, false) }  // hand-written
            self.coupon = status
            appliedCoupon = coupon
        case .quoteAnswered(let request, let status):
            guard request == quoteRequest else { return (nil, false) }  // hand-written
            quote = status
        case .orderConfirmed(let number):
            orders[number - 1].confirmed = true
        }
        return (nil, true)
    }

    private mutating func reduce(_ action: UserAction) -> Effect? {
        switch action {
        case .launch: return .loadCatalog
        case .selectCategory(let category): selectedCategory = category
        case .setPage(let page): self.page = page
        case .setQuery(let query): self.query = query
        case .setInStockOnly(let only): filters.inStockOnly = only
        case .setPriceRange(let minimum, let maximum):
            filters.minimumPriceCents = minimum
            filters.maximumPriceCents = maximum
        case .setMinimumRating(let rating): filters.minimumRatingTenths = rating
        case .setSort(let order): sort = order
        case .openProduct(let id):
            guard openProduct != id else { return nil }
            openProduct = id
            detail = .loading
            detailRequest += 1  // hand-written
            return .loadDetail(productID: id, request: detailRequest)
        case .closeProduct:
            openProduct = nil
            detail = .idle
            detailRequest += 1  // hand-written
        case .addToCart(let id): quantity[id] += 1
        case .setQuantity(let id, let count): quantity[id] = max(count, 0)
        case .updateStock(let updates):
            for update in updates { stock[update.productID] = update.stock }
        case .setSale(let category, let percent): salePercent[category] = percent
        case .applyCoupon(let code):
            guard couponCode != code else { return nil }
            couponCode = code
            coupon = .validating(code: code)
            appliedCoupon = nil
            couponRequest += 1  // hand-written
            return .validateCoupon(code: code, request: couponRequest)
        case .setZip(let zip):
            guard self.zip != zip else { return nil }
            self.zip = zip
            quote = .loading(zip: zip)
            quoteRequest += 1  // hand-written
            return .quoteShipping(zip: zip, request: quoteRequest)
        case .placeOrder:
            let checkout = self.checkout
            guard checkout.ready, let total = checkout.totalCents else { return nil }
            let number = orders.count + 1
            orders.append(Order(number: number, totalCents: total, confirmed: false))
            quantity = Array(repeating: 0, count: quantity.count)
            couponCode = nil
            coupon = .none
            appliedCoupon = nil
            couponRequest += 1  // hand-written
            return .placeOrder(number: number, totalCents: total)
        }
        return nil
    }
}

// MARK: What the views show, computed from the state with the shared rules

extension StoreState {
    func price(_ product: Product) -> Int {
        Money.effectivePrice(baseCents: product.basePriceCents, salePercent: salePercent[product.category])
    }

    var matching: [Int] {
        let search = SearchText(query)
        return products.filter { product in
            Browsing.matches(product, query: search)
                && Browsing.passes(
                    filters, priceCents: price(product), stock: stock[product.id],
                    ratingTenths: product.ratingTenths)
        }.map(\.id)
    }

    var visible: [Int] {
        let rows = matching.filter { selectedCategory == nil || products[$0].category == selectedCategory }
            .map { (id: $0, price: sort.comparesPrices ? price(products[$0]) : 0) }
        return Array(Browsing.page(Browsing.sorted(rows, products: products, by: sort), page: page))
    }

    var cartIDs: [Int] { quantity.indices.filter { quantity[$0] > 0 } }

    var cartLines: [CartLineScreen] {
        cartIDs.map { id in
            CartLineScreen(
                product: products[id], quantity: quantity[id], unitCents: price(products[id]), stock: stock[id])
        }
    }

    var checkout: CheckoutScreen {
        let cart = CartScreen(lines: cartLines)
        return CheckoutScreen(
            subtotalCents: cart.subtotalCents, lineCount: cart.lines.count, warningCount: cart.warningCount,
            appliedCoupon: appliedCoupon, coupon: coupon, quote: quote)
    }

    var recommended: [Int] {
        guard let open = openProduct, !products.isEmpty else { return [] }
        let category = products[open].category
        let candidates = products.filter { $0.category == category && $0.id != open && quantity[$0.id] == 0 }
        let stock = self.stock
        return CheckoutRules.recommended(candidates.map(\.id), products: products, inStock: { stock[$0] > 0 })
    }
}
