/// What each headless view shows. Screens are plain values: the gate compares
/// them field by field and digests their canonical text.

public struct HeaderScreen: Sendable, Hashable {
    public var cartItemCount: Int
    public var orderCount: Int
    /// "#3 placing" or "#3 confirmed", nil before the first order.
    public var lastOrder: String?

    public init(cartItemCount: Int, orderCount: Int, lastOrder: String?) {
        self.cartItemCount = cartItemCount
        self.orderCount = orderCount
        self.lastOrder = lastOrder
    }
}

public struct CardScreen: Sendable, Hashable {
    public var productID: Int
    public var name: String
    public var priceCents: Int
    /// The base price, shown struck through while the category is on sale.
    public var wasCents: Int?
    public var badge: String
    public var inCart: Int

    public init(productID: Int, name: String, priceCents: Int, wasCents: Int?, badge: String, inCart: Int) {
        self.productID = productID
        self.name = name
        self.priceCents = priceCents
        self.wasCents = wasCents
        self.badge = badge
        self.inCart = inCart
    }
}

public struct FacetScreen: Sendable, Hashable {
    /// Products matching the query and filters, per category.
    public var counts: [Int]
    public var selectedCategory: Int?
    /// Products the grid lists (after the category), across all pages.
    public var resultCount: Int

    public init(counts: [Int], selectedCategory: Int?, resultCount: Int) {
        self.counts = counts
        self.selectedCategory = selectedCategory
        self.resultCount = resultCount
    }
}

public struct CartLineScreen: Sendable, Hashable {
    public var productID: Int
    public var name: String
    public var quantity: Int
    public var unitCents: Int
    public var lineCents: Int
    public var warning: Bool

    public init(productID: Int, name: String, quantity: Int, unitCents: Int, lineCents: Int, warning: Bool) {
        self.productID = productID
        self.name = name
        self.quantity = quantity
        self.unitCents = unitCents
        self.lineCents = lineCents
        self.warning = warning
    }
}

public struct CartScreen: Sendable, Hashable {
    /// Lines in product-id order.
    public var lines: [CartLineScreen]
    public var itemCount: Int
    public var subtotalCents: Int
    public var warningCount: Int

    public init(lines: [CartLineScreen], itemCount: Int, subtotalCents: Int, warningCount: Int) {
        self.lines = lines
        self.itemCount = itemCount
        self.subtotalCents = subtotalCents
        self.warningCount = warningCount
    }
}

/// The state of text that arrives from the service.
public enum Remote<Value: Sendable & Hashable>: Sendable, Hashable {
    case idle
    case loading
    case loaded(Value)
    case failed(String)
}

public struct DetailScreen: Sendable, Hashable {
    public var productID: Int?
    public var name: String
    public var priceCents: Int
    public var badge: String
    public var inCart: Int
    public var description: Remote<String>

    public static let closed = DetailScreen(
        productID: nil, name: "", priceCents: 0, badge: "", inCart: 0, description: .idle)

    public init(productID: Int?, name: String, priceCents: Int, badge: String, inCart: Int, description: Remote<String>)
    {
        self.productID = productID
        self.name = name
        self.priceCents = priceCents
        self.badge = badge
        self.inCart = inCart
        self.description = description
    }
}

public enum CouponStatus: Sendable, Hashable {
    case none
    case validating(code: String)
    case applied(code: String, label: String)
    case rejected(code: String, reason: String)
}

public enum QuoteStatus: Sendable, Hashable {
    case none
    case loading(zip: String)
    case quoted(zip: String, cents: Int)
    case failed(zip: String, reason: String)
}

public struct CheckoutScreen: Sendable, Hashable {
    public var subtotalCents: Int
    public var discountCents: Int
    public var taxCents: Int
    /// Nil until a shipping quote arrives.
    public var shippingCents: Int?
    public var totalCents: Int?
    public var coupon: CouponStatus
    public var quote: QuoteStatus
    public var ready: Bool

    public init(
        subtotalCents: Int, discountCents: Int, taxCents: Int, shippingCents: Int?, totalCents: Int?,
        coupon: CouponStatus, quote: QuoteStatus, ready: Bool
    ) {
        self.subtotalCents = subtotalCents
        self.discountCents = discountCents
        self.taxCents = taxCents
        self.shippingCents = shippingCents
        self.totalCents = totalCents
        self.coupon = coupon
        self.quote = quote
        self.ready = ready
    }
}

public struct RecommendationScreen: Sendable, Hashable {
    public struct Item: Sendable, Hashable {
        public var productID: Int
        public var name: String
        public var priceCents: Int

        public init(productID: Int, name: String, priceCents: Int) {
            self.productID = productID
            self.name = name
            self.priceCents = priceCents
        }
    }

    public var items: [Item]

    public init(items: [Item]) { self.items = items }
}

public struct GridScreen: Sendable, Hashable {
    /// The products on the current page, in display order.
    public var productIDs: [Int]
    public var page: Int

    public init(productIDs: [Int], page: Int) {
        self.productIDs = productIDs
        self.page = page
    }
}

/// The headless views. The grid lists the page's product ids and mounts one
/// card view per id, as SwiftUI's `ForEach` would: a card reads only its own
/// product, and cards come and go with the grid's list.
public enum ViewID: Sendable, Hashable, CustomStringConvertible {
    case header
    case grid
    case card(productID: Int)
    case facets
    case cart
    case detail
    case checkout
    case recommendations

    /// The views that are always mounted, in render order; cards follow the grid.
    public static let fixed: [ViewID] = [.header, .grid, .facets, .cart, .detail, .checkout, .recommendations]

    /// Every mounted view for a grid showing `gridIDs`, in render order.
    public static func mounted(gridIDs: [Int]) -> [ViewID] {
        [.header, .grid] + gridIDs.map { .card(productID: $0) } + [
            .facets, .cart, .detail, .checkout, .recommendations,
        ]
    }

    public var description: String {
        switch self {
        case .header: "header"
        case .grid: "grid"
        case .card(let id): "card(\(id))"
        case .facets: "facets"
        case .cart: "cart"
        case .detail: "detail"
        case .checkout: "checkout"
        case .recommendations: "recommendations"
        }
    }
}

/// One rendered view.
public enum Screen: Sendable, Hashable {
    case header(HeaderScreen)
    case grid(GridScreen)
    case card(CardScreen)
    case facets(FacetScreen)
    case cart(CartScreen)
    case detail(DetailScreen)
    case checkout(CheckoutScreen)
    case recommendations(RecommendationScreen)

    /// The product ids a grid screen lists; empty for other screens.
    public var gridIDs: [Int] {
        if case .grid(let grid) = self { return grid.productIDs }
        return []
    }
}
