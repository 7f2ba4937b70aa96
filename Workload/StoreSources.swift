/// The raw source values of a session: everything the user and the service
/// set, nothing derived. The shadow model and the compute control hold one.
public struct StoreSources: Sendable {
    public struct Order: Sendable, Hashable {
        public var number: Int
        public var totalCents: Int
        public var confirmed: Bool
    }

    public var catalog: Catalog?
    public var stock: [Int] = []
    public var salePercent: [Int] = []
    public var selectedCategory: Int?
    public var query = ""
    public var filters = Filters()
    public var sort = SortOrder.featured
    public var page = 0
    public var openProduct: Int?
    /// Quantity per product id; absent means not in the cart.
    public var cart: [Int: Int] = [:]
    public var couponCode: String?
    public var zip: String?
    public var orders: [Order] = []

    /// The newest request each async slot is waiting for, by service
    /// sequence, and what has arrived for the current one.
    public var detailRequest: Int?
    public var detail: Remote<String> = .idle
    public var couponRequest: Int?
    public var coupon: CouponStatus = .none
    public var appliedCoupon: Coupon?
    public var quoteRequest: Int?
    public var quote: QuoteStatus = .none
    public var orderRequests: [Int: Int] = [:]

    public init() {}
}
