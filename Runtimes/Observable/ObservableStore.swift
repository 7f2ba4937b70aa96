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

    var items: [ProductItem] = []
    var categoryCount = 0
    var salePercent: [Int] = []
    var selectedCategory: Int?
    var query = ""
    var filters = Filters()
    var sort = SortOrder.featured
    var page = 0
    var openProduct: Int?
    var cart: [Int: Int] = [:]
    var detail: Remote<String> = .idle
    var couponCode: String?
    var coupon: CouponStatus = .none
    var appliedCoupon: Coupon?
    var zip: String?
    var quote: QuoteStatus = .none
    var orders: [Order] = []

    // MARK: Derived, recomputed on every read

    /// Set by the `wrong-rounding` fault: truncate sale prices.
    @ObservationIgnored var truncatesPrices = false

    func price(_ item: ProductItem) -> Int {
        let sale = salePercent[item.product.category]
        if truncatesPrices { return item.product.basePriceCents * (100 - sale) / 100 }
        return Money.effectivePrice(baseCents: item.product.basePriceCents, salePercent: sale)
    }

    /// Products passing the query and filters, in any category.
    var matching: [ProductItem] {
        items.filter { item in
            Browsing.matches(item.product, query: query)
                && Browsing.passes(filters, priceCents: price(item), stock: item.stock,
                                   ratingTenths: item.product.ratingTenths)
        }
    }

    var listed: [ProductItem] {
        matching
            .filter { selectedCategory == nil || $0.product.category == selectedCategory }
            .sorted { Browsing.precedes($0.product, price($0), $1.product, price($1), by: sort) }
    }

    var visible: ArraySlice<ProductItem> {
        let ids = listed
        let start = page * Browsing.pageSize
        guard page >= 0, start < ids.count else { return [] }
        return ids[start..<min(start + Browsing.pageSize, ids.count)]
    }

    var cartItemCount: Int { cart.values.reduce(0, +) }

    var cartLines: [CartLineScreen] {
        cart.keys.sorted().map { id in
            let item = items[id]
            return CartLineScreen(product: item.product, quantity: cart[id]!, unitCents: price(item), stock: item.stock)
        }
    }

    var checkout: CheckoutScreen {
        let cart = CartScreen(lines: cartLines)
        return CheckoutScreen(subtotalCents: cart.subtotalCents, lineCount: cart.lines.count,
                              warningCount: cart.warningCount, appliedCoupon: appliedCoupon,
                              coupon: coupon, quote: quote)
    }
}
