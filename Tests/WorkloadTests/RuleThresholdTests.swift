import Testing
import Workload

/// Every shared rule at, just below and just above each threshold it has,
/// with the expected values written from the rule's statement in
/// `storefront-workload.md` and the rules' doc comments ("orders whose
/// discounted subtotal reaches $75 ship free", "a line warns when it asks
/// for more than is in stock"), not from the code. A rule off by one at a
/// boundary the script never reaches passes every gate and every pinned
/// screen; it fails here.
@Suite("Shared rules at their thresholds")
struct RuleThresholdTests {
    private let quote = QuoteStatus.quoted(zip: "94103", cents: 599)

    private func checkout(
        subtotal: Int, coupon: Coupon? = nil, lines: Int = 1, warnings: Int = 0, status: CouponStatus = .none,
        quote: QuoteStatus? = nil
    ) -> CheckoutScreen {
        CheckoutScreen(
            subtotalCents: subtotal, lineCount: lines, warningCount: warnings, appliedCoupon: coupon,
            coupon: status, quote: quote ?? self.quote)
    }

    @Test("free shipping: a discounted subtotal of $75.00 ships free, one cent less pays the quote")
    func freeShippingThreshold() {
        #expect(Money.shipping(discountedSubtotalCents: 7_499, quoteCents: 599) == 599)
        #expect(Money.shipping(discountedSubtotalCents: 7_500, quoteCents: 599) == 0)
        #expect(Money.shipping(discountedSubtotalCents: 7_501, quoteCents: 599) == 0)
        #expect(Money.shipping(discountedSubtotalCents: 0, quoteCents: 0) == 0)
        // The threshold applies after the coupon, not to the cart's subtotal.
        #expect(checkout(subtotal: 8_000, coupon: .flatCents(500)).shippingCents == 0)  // 7,500
        #expect(checkout(subtotal: 8_000, coupon: .flatCents(501)).shippingCents == 599)  // 7,499
        #expect(checkout(subtotal: 8_000, coupon: .percentOff(10)).shippingCents == 599)  // 7,200
        #expect(checkout(subtotal: 7_500).shippingCents == 0)
        #expect(checkout(subtotal: 7_499).totalCents == 7_499 + 619 + 599)  // tax 618.67 → 619
    }

    @Test("coupons: a flat coupon takes at most the subtotal; a percent coupon rounds its half cents up")
    func couponLimits() {
        #expect(Coupon.flatCents(1_000).discount(onSubtotal: 999) == 999)
        #expect(Coupon.flatCents(1_000).discount(onSubtotal: 1_000) == 1_000)
        #expect(Coupon.flatCents(1_000).discount(onSubtotal: 1_001) == 1_000)
        #expect(Coupon.flatCents(500).discount(onSubtotal: 0) == 0)
        #expect(Coupon.percentOff(100).discount(onSubtotal: 1_234) == 1_234)
        #expect(Coupon.percentOff(0).discount(onSubtotal: 1_234) == 0)
        #expect(Coupon.percentOff(15).discount(onSubtotal: 10) == 2)  // 1.5 → 2
        #expect(Coupon.percentOff(15).discount(onSubtotal: 9) == 1)  // 1.35 → 1
        let wiped = checkout(subtotal: 400, coupon: .flatCents(1_000))
        #expect(wiped.discountCents == 400 && wiped.taxCents == 0 && wiped.totalCents == 599)
    }

    @Test("tax: 8.25% of the discounted subtotal, half a cent and up rounds up, under half rounds down")
    func taxRounding() {
        #expect(Money.tax(onCents: 0) == 0)
        #expect(Money.tax(onCents: 6) == 0)  // 0.495
        #expect(Money.tax(onCents: 7) == 1)  // 0.5775
        #expect(Money.tax(onCents: 1_000) == 83)  // 82.5
        #expect(Money.tax(onCents: 1_006) == 83)  // 82.995 → 83
        #expect(Money.tax(onCents: 9_999) == 825)  // 824.9175
        #expect(checkout(subtotal: 10_000, coupon: .flatCents(1)).taxCents == 825)  // 824.9175 on 9,999
    }

    @Test("stock warnings: a line asking for exactly what is in stock is fine, one more warns")
    func stockWarnings() {
        #expect(!CheckoutRules.lineWarns(quantity: 3, stock: 3))
        #expect(CheckoutRules.lineWarns(quantity: 4, stock: 3))
        #expect(!CheckoutRules.lineWarns(quantity: 2, stock: 3))
        #expect(CheckoutRules.lineWarns(quantity: 1, stock: 0))
        let product = Catalog(scale: .small).products[0]
        #expect(!CartLineScreen(product: product, quantity: 5, unitCents: 100, stock: 5).warning)
        #expect(CartLineScreen(product: product, quantity: 6, unitCents: 100, stock: 5).warning)
    }

    @Test("checkout is ready only with lines, no warning, a quote in hand and no coupon being checked")
    func readiness() {
        #expect(checkout(subtotal: 1_000).ready)
        #expect(!checkout(subtotal: 0, lines: 0).ready)
        #expect(!checkout(subtotal: 1_000, warnings: 1).ready)
        #expect(!checkout(subtotal: 1_000, quote: .loading(zip: "94103")).ready)
        #expect(!checkout(subtotal: 1_000, quote: .failed(zip: "94103", reason: "no route")).ready)
        #expect(!checkout(subtotal: 1_000, status: .validating(code: "SAVE10")).ready)
        #expect(checkout(subtotal: 1_000, status: .rejected(code: "NOPE", reason: "unknown")).ready)
    }

    @Test("stock badges: 0 is sold out, 1 to 5 are 'only N left', 6 and more are in stock")
    func badgeBoundaries() {
        #expect(Browsing.badge(stock: 0) == "Sold out")
        for stock in 1...5 { #expect(Browsing.badge(stock: stock) == "Only \(stock) left") }
        for stock in [6, 7, 100] { #expect(Browsing.badge(stock: stock) == "In stock") }
    }

    @Test("rating filter: a product rated exactly the minimum passes, a tenth below does not")
    func ratingBoundary() {
        let minimum = Filters(minimumRatingTenths: 40)
        #expect(Browsing.passes(minimum, priceCents: 100, stock: 1, ratingTenths: 40))
        #expect(!Browsing.passes(minimum, priceCents: 100, stock: 1, ratingTenths: 39))
        #expect(Browsing.passes(minimum, priceCents: 100, stock: 1, ratingTenths: 50))
        #expect(Browsing.passes(Filters(), priceCents: 100, stock: 1, ratingTenths: 0))
    }

    @Test("price filters: both ends are inclusive, a cent outside either end is out")
    func priceBoundaries() {
        let range = Filters(minimumPriceCents: 1_000, maximumPriceCents: 2_000)
        for (price, passes) in [(999, false), (1_000, true), (1_500, true), (2_000, true), (2_001, false)] {
            #expect(Browsing.passes(range, priceCents: price, stock: 1, ratingTenths: 30) == passes, "\(price)")
        }
        #expect(Browsing.passes(Filters(minimumPriceCents: 1_000), priceCents: 1_000_000, stock: 1, ratingTenths: 30))
        #expect(Browsing.passes(Filters(maximumPriceCents: 1_000), priceCents: 0, stock: 1, ratingTenths: 30))
    }

    @Test("in stock only: a product with one left passes, a sold-out one does not")
    func inStockBoundary() {
        let inStock = Filters(inStockOnly: true)
        #expect(Browsing.passes(inStock, priceCents: 100, stock: 1, ratingTenths: 30))
        #expect(!Browsing.passes(inStock, priceCents: 100, stock: 0, ratingTenths: 30))
        #expect(Browsing.passes(Filters(), priceCents: 100, stock: 0, ratingTenths: 30))
    }

    @Test("sale prices: a category sale takes its percent off, rounded half up, and 0% changes nothing")
    func salePrices() {
        #expect(Money.effectivePrice(baseCents: 1_999, salePercent: 0) == 1_999)
        #expect(Money.effectivePrice(baseCents: 1_999, salePercent: 20) == 1_599)  // 399.8 → 400 off
        #expect(Money.effectivePrice(baseCents: 10, salePercent: 25) == 7)  // 2.5 → 3 off
        #expect(Money.effectivePrice(baseCents: 10, salePercent: 100) == 0)
    }
}
