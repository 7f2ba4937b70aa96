/// A validated coupon, as the coupon service returns it.
public enum Coupon: Sendable, Hashable {
    case percentOff(Int)
    case flatCents(Int)

    /// The discount on a subtotal: never more than the subtotal.
    public func discount(onSubtotal subtotal: Int) -> Int {
        switch self {
        case .percentOff(let percent): Money.share(of: subtotal, basisPoints: percent * 100)
        case .flatCents(let cents): min(cents, subtotal)
        }
    }

    public var label: String {
        switch self {
        case .percentOff(let percent): "\(percent)% off"
        case .flatCents(let cents): "\(Money.format(cents)) off"
        }
    }
}

/// The cart and checkout rules.
public enum CheckoutRules {
    /// A cart line warns when it asks for more than is in stock.
    @inlinable
    public static func lineWarns(quantity: Int, stock: Int) -> Bool { quantity > stock }

    /// Checkout is ready with a non-empty cart, no warnings, a shipping quote
    /// in hand and no coupon still being validated.
    public static func isReady(lineCount: Int, warningCount: Int, hasQuote: Bool, couponPending: Bool) -> Bool {
        lineCount > 0 && warningCount == 0 && hasQuote && !couponPending
    }

    public static let recommendationCount = 4

    /// The recommended ids, best first: `candidates` (the open product's
    /// category, less the open product and what is in the cart) ranked by
    /// `recommends`, keeping the first `recommendationCount` in stock.
    /// `products` is the catalog's list, indexed by id. Stock is asked for
    /// in rank order only until the panel is full, so a caller reading it
    /// from tracked state depends only on the candidates it looked at. Not
    /// isolated, like `Browsing.sorted`, so its comparator pays no executor
    /// check.
    public static func recommended(_ candidates: [Int], products: [Product], inStock: (Int) -> Bool) -> [Int] {
        var picked: [Int] = []
        for id in candidates.sorted(by: { recommends(products[$0], before: products[$1]) }) where inStock(id) {
            picked.append(id)
            if picked.count == recommendationCount { break }
        }
        return picked
    }

    /// Whether `candidate` ranks before `other` in recommendations: higher
    /// rating first, then lower id.
    @inlinable
    public static func recommends(_ candidate: Product, before other: Product) -> Bool {
        candidate.ratingTenths != other.ratingTenths
            ? candidate.ratingTenths > other.ratingTenths : candidate.id < other.id
    }
}
