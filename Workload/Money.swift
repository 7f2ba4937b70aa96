/// Every money rule of the Storefront, in integer cents, written once and
/// used by every port, the shadow model and the compute control.
///
/// All amounts are non-negative; every division rounds half up.
public enum Money {
    /// Sales tax on the discounted subtotal, in basis points (8.25%).
    public static let taxBasisPoints = 825
    /// Orders whose discounted subtotal reaches this ship free.
    public static let freeShippingThresholdCents = 7_500

    /// `cents × basisPoints / 10,000`, rounded half up.
    @inlinable
    public static func share(of cents: Int, basisPoints: Int) -> Int {
        (cents * basisPoints + 5_000) / 10_000
    }

    /// A product's price after its category's sale.
    @inlinable
    public static func effectivePrice(baseCents: Int, salePercent: Int) -> Int {
        baseCents - share(of: baseCents, basisPoints: salePercent * 100)
    }

    public static func tax(onCents cents: Int) -> Int {
        share(of: cents, basisPoints: taxBasisPoints)
    }

    /// Shipping to pay: nothing above the threshold, otherwise the quote.
    public static func shipping(discountedSubtotalCents: Int, quoteCents: Int) -> Int {
        discountedSubtotalCents >= freeShippingThresholdCents ? 0 : quoteCents
    }

    /// "$12.34", for screens that show money as text.
    public static func format(_ cents: Int) -> String {
        let remainder = cents % 100
        return "$\(cents / 100).\(remainder < 10 ? "0" : "")\(remainder)"
    }
}
