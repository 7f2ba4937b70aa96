import Foundation
import Testing
import Workload

/// The shared rules on their own, against values worked out by hand or by an
/// independent computation, not against the shadow model: the shadow model
/// and every port call these rules, so a bug in one would make nobody
/// disagree at the gate.
@Suite("Shared rules")
struct SharedRuleTests {
    /// Half-up rounding, worked out with Foundation's decimal arithmetic
    /// rather than the integer formula `Money` uses.
    private static func halfUp(_ cents: Int, _ basisPoints: Int) -> Int {
        var exact = Decimal(cents * basisPoints) / Decimal(10_000)
        var rounded = Decimal()
        NSDecimalRound(&rounded, &exact, 0, .plain)
        return NSDecimalNumber(decimal: rounded).intValue
    }

    @Test("every share of a price rounds half up, ties included")
    func sharesRoundHalfUp() {
        for cents in 0..<2_000 {
            for basisPoints in [0, 100, 500, 825, 1_000, 1_500, 2_000, 2_500, 3_500, 5_000, 9_000] {
                #expect(
                    Money.share(of: cents, basisPoints: basisPoints) == Self.halfUp(cents, basisPoints),
                    "\(cents) × \(basisPoints) bp")
            }
        }
    }

    @Test("half-cent ties go up in prices, tax and coupons")
    func halfCentTies() {
        #expect(Money.effectivePrice(baseCents: 50, salePercent: 1) == 49)  // 0.5 off → 1
        #expect(Money.effectivePrice(baseCents: 150, salePercent: 1) == 148)  // 1.5 off → 2
        #expect(Money.tax(onCents: 200) == 17)  // 16.5 → 17
        #expect(Money.tax(onCents: 600) == 50)  // 49.5 → 50
        #expect(Coupon.percentOff(25).discount(onSubtotal: 2) == 1)  // 0.5 → 1
        #expect(Coupon.percentOff(10).discount(onSubtotal: 5) == 1)  // 0.5 → 1
        #expect(Money.format(5) == "$0.05" && Money.format(100) == "$1.00" && Money.format(12_345) == "$123.45")
    }

    @Test("badges at every boundary")
    func badges() {
        #expect(Browsing.badge(stock: 0) == "Sold out")
        #expect(Browsing.badge(stock: 1) == "Only 1 left")
        #expect(Browsing.badge(stock: 5) == "Only 5 left")
        #expect(Browsing.badge(stock: 6) == "In stock")
    }

    @Test("pages hold 24 ids; past the last page and before the first they are empty")
    func pages() {
        let ids = Array(0..<50)
        #expect(Array(Browsing.page(ids, page: 0)) == Array(0..<24))
        #expect(Array(Browsing.page(ids, page: 2)) == [48, 49])
        #expect(Browsing.page(ids, page: 3).isEmpty)
        #expect(Browsing.page(ids, page: -1).isEmpty)
        #expect(Browsing.page([], page: 0).isEmpty)
    }

    /// Counts what a rule asks for through its lazy arguments.
    private final class Reads {
        var stock = 0
        var price = 0
        func stock(_ value: Int) -> Int { stock += 1; return value }
        func price(_ value: Int) -> Int { price += 1; return value }
    }

    @Test("the filter rule asks for stock only under 'in stock only' and for price only under a price range")
    func filterAsksOnlyForWhatItNeeds() {
        // Each call runs outside `#expect`, which would evaluate the lazy
        // arguments itself to show their values.
        let reads = Reads()
        let unfiltered = Browsing.passes(
            Filters(), priceCents: reads.price(500), stock: reads.stock(0), ratingTenths: 30)
        #expect(unfiltered && reads.stock == 0 && reads.price == 0)
        let soldOut = Browsing.passes(
            Filters(inStockOnly: true), priceCents: reads.price(500), stock: reads.stock(0),
            ratingTenths: 30)
        #expect(!soldOut && reads.stock == 1 && reads.price == 0)
        let tooDear = Browsing.passes(
            Filters(maximumPriceCents: 499), priceCents: reads.price(500),
            stock: reads.stock(3), ratingTenths: 30)
        #expect(!tooDear && reads.stock == 1 && reads.price == 1)
        let exact = Browsing.passes(
            Filters(minimumPriceCents: 500, maximumPriceCents: 500), priceCents: reads.price(500),
            stock: reads.stock(3), ratingTenths: 30)
        #expect(exact && reads.stock == 1 && reads.price == 2)
        // A product below the minimum rating is out before anything is read.
        let lowRated = Browsing.passes(
            Filters(inStockOnly: true, minimumPriceCents: 1, minimumRatingTenths: 40),
            priceCents: reads.price(500), stock: reads.stock(3), ratingTenths: 30)
        #expect(!lowRated && reads.stock == 1 && reads.price == 2)
    }

    @Test("every sort order matches an independent sort by its key, ties broken by id")
    func sortOrders() {
        let products = Catalog(scale: .small).products
        let prices = products.map { ($0.id * 7_919) % 500 }  // many equal prices, to exercise ties
        let rows = products.map { (id: $0.id, price: prices[$0.id]) }
        for order in SortOrder.allCases {
            let expected: [Int] =
                switch order {
                case .featured: products.map(\.id)
                case .priceLowToHigh: products.sorted { (prices[$0.id], $0.id) < (prices[$1.id], $1.id) }.map(\.id)
                case .priceHighToLow: products.sorted { (-prices[$0.id], $0.id) < (-prices[$1.id], $1.id) }.map(\.id)
                case .rating: products.sorted { (-$0.ratingTenths, $0.id) < (-$1.ratingTenths, $1.id) }.map(\.id)
                case .name: products.sorted { ($0.name, $0.id) < ($1.name, $1.id) }.map(\.id)
                }
            #expect(Browsing.sorted(rows.reversed(), products: products, by: order) == expected, "\(order)")
        }
    }

    @Test("recommendations are the best-rated in-stock candidates, stock asked for in rank order only until full")
    func recommendations() {
        let products = Catalog(scale: .small).products
        let candidates = products.filter { $0.category == 2 }.map(\.id)
        let soldOut = Set(candidates.filter { $0 % 3 == 0 })
        var asked: [Int] = []
        let picked = CheckoutRules.recommended(candidates, products: products) { id in
            asked.append(id)
            return !soldOut.contains(id)
        }
        let ranked = candidates.sorted {
            (-products[$0].ratingTenths, $0) < (-products[$1].ratingTenths, $1)
        }
        #expect(picked == Array(ranked.filter { !soldOut.contains($0) }.prefix(CheckoutRules.recommendationCount)))
        #expect(asked == Array(ranked.prefix(asked.count)), "stock is asked for in rank order")
        #expect(asked.last == picked.last, "and no further than the last pick")
    }

    @Test("the checkout totals: discount, tax on the discounted subtotal, free shipping from the threshold")
    func checkoutTotals() {
        let quoted = CheckoutScreen(
            subtotalCents: 10_000, lineCount: 2, warningCount: 0,
            appliedCoupon: .percentOff(10), coupon: .applied(code: "SAVE10", label: "10% off"),
            quote: .quoted(zip: "94103", cents: 599))
        #expect(quoted.discountCents == 1_000)
        #expect(quoted.taxCents == 743)  // 8.25% of 9,000 = 742.5 → 743
        #expect(quoted.shippingCents == 0)  // 9,000 reaches the 7,500 threshold
        #expect(quoted.totalCents == 9_743)
        #expect(quoted.ready)

        let small = CheckoutScreen(
            subtotalCents: 7_000, lineCount: 1, warningCount: 0, appliedCoupon: nil,
            coupon: .validating(code: "X"), quote: .quoted(zip: "94103", cents: 599))
        #expect(small.taxCents == 578)  // 577.5 → 578
        #expect(small.shippingCents == 599 && small.totalCents == 7_000 + 578 + 599)
        #expect(!small.ready, "a coupon still being validated holds checkout")

        let unquoted = CheckoutScreen(
            subtotalCents: 7_000, lineCount: 1, warningCount: 0, appliedCoupon: nil,
            coupon: .none, quote: .loading(zip: "94103"))
        #expect(unquoted.shippingCents == nil && unquoted.totalCents == nil && !unquoted.ready)
    }

    @Test("a card shows the struck-through base price only while the price differs from it")
    func cardWasPrice() {
        let product = Catalog(scale: .small).products[0]
        let full = CardScreen(product: product, priceCents: product.basePriceCents, stock: 3, inCart: 0)
        #expect(full.wasCents == nil && full.badge == "Only 3 left")
        let sale = CardScreen(product: product, priceCents: product.basePriceCents - 1, stock: 0, inCart: 2)
        #expect(sale.wasCents == product.basePriceCents && sale.badge == "Sold out" && sale.inCart == 2)
        let line = CartLineScreen(product: product, quantity: 3, unitCents: 250, stock: 2)
        #expect(line.lineCents == 750 && line.warning)
        let cart = CartScreen(lines: [line, CartLineScreen(product: product, quantity: 1, unitCents: 250, stock: 9)])
        #expect(cart.itemCount == 4 && cart.subtotalCents == 1_000 && cart.warningCount == 1)
    }
}
