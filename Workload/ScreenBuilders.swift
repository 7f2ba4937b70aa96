/// How raw values become screen fields: the presentation rules every port
/// and the shadow model share, so they differ only in how they get the values.

extension HeaderScreen {
    /// "#3 placing" until the order is confirmed, then "#3 confirmed".
    public static func orderLabel(number: Int, confirmed: Bool) -> String {
        "#\(number) \(confirmed ? "confirmed" : "placing")"
    }
}

extension CardScreen {
    public init(product: Product, priceCents: Int, stock: Int, inCart: Int) {
        self.init(product: product, priceCents: priceCents, badge: Browsing.badge(stock: stock), inCart: inCart)
    }

    /// For a port that keeps the badge rather than the stock it comes from.
    public init(product: Product, priceCents: Int, badge: String, inCart: Int) {
        self.init(
            productID: product.id, name: product.name, priceCents: priceCents,
            wasCents: priceCents != product.basePriceCents ? product.basePriceCents : nil,
            badge: badge, inCart: inCart)
    }
}

extension FacetScreen {
    /// Before the catalog loads there are no categories and no results.
    public static func empty(selectedCategory: Int?) -> FacetScreen {
        FacetScreen(counts: [], selectedCategory: selectedCategory, resultCount: 0)
    }

    /// The grid lists the selected category's count, or every category's.
    public init(counts: [Int], selectedCategory: Int?) {
        self.init(
            counts: counts, selectedCategory: selectedCategory,
            resultCount: selectedCategory.map { counts[$0] } ?? counts.reduce(0, +))
    }
}

extension CartLineScreen {
    public init(product: Product, quantity: Int, unitCents: Int, stock: Int) {
        self.init(
            productID: product.id, name: product.name, quantity: quantity, unitCents: unitCents,
            lineCents: unitCents * quantity, warning: CheckoutRules.lineWarns(quantity: quantity, stock: stock))
    }
}

extension CartScreen {
    public init(lines: [CartLineScreen]) {
        self.init(
            lines: lines, itemCount: lines.reduce(0) { $0 + $1.quantity },
            subtotalCents: lines.reduce(0) { $0 + $1.lineCents },
            warningCount: lines.filter(\.warning).count)
    }
}

extension DetailScreen {
    public init(product: Product, priceCents: Int, stock: Int, inCart: Int, description: Remote<String>) {
        self.init(
            product: product, priceCents: priceCents, badge: Browsing.badge(stock: stock), inCart: inCart,
            description: description)
    }

    /// For a port that keeps the badge rather than the stock it comes from.
    public init(product: Product, priceCents: Int, badge: String, inCart: Int, description: Remote<String>) {
        self.init(
            productID: product.id, name: product.name, priceCents: priceCents, badge: badge, inCart: inCart,
            description: description)
    }
}

extension CheckoutScreen {
    /// Totals from the subtotal, the applied coupon and the quote; ready
    /// when the cart can be ordered.
    public init(
        subtotalCents: Int, lineCount: Int, warningCount: Int, appliedCoupon: Coupon?,
        coupon: CouponStatus, quote: QuoteStatus
    ) {
        let discount = appliedCoupon?.discount(onSubtotal: subtotalCents) ?? 0
        let discounted = subtotalCents - discount
        let tax = Money.tax(onCents: discounted)
        var shipping: Int?
        if case .quoted(_, let cents) = quote {
            shipping = Money.shipping(discountedSubtotalCents: discounted, quoteCents: cents)
        }
        var couponPending = false
        if case .validating = coupon { couponPending = true }
        self.init(
            subtotalCents: subtotalCents, discountCents: discount, taxCents: tax, shippingCents: shipping,
            totalCents: shipping.map { discounted + tax + $0 }, coupon: coupon, quote: quote,
            ready: CheckoutRules.isReady(
                lineCount: lineCount, warningCount: warningCount,
                hasQuote: shipping != nil, couponPending: couponPending))
    }
}

extension RecommendationScreen.Item {
    public init(product: Product, priceCents: Int) {
        self.init(productID: product.id, name: product.name, priceCents: priceCents)
    }
}
