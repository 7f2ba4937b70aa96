import StateGraph
import Workload

/// The app's source state: one stored node per property, as `@GraphStored`
/// declarations on the app's model would make. Everything derived lives in
/// `BrowsingModel` and `CheckoutModel`, built from these nodes.
final class StoreModel: Sendable {
    struct Order: Hashable, Sendable {
        var number: Int
        var totalCents: Int
        var confirmed: Bool
    }

    /// The catalog's products, indexed by id: what the rules match, rank and
    /// sort by, read as one node rather than through every product's model
    /// (the models, `ProductRows`, are made as rows are first shown).
    let _catalog = Stored(name: "catalog", wrappedValue: [Product]())
    var catalog: [Product] {
        get { _catalog.wrappedValue }
        set { _catalog.wrappedValue = newValue }
    }

    let _categories = Stored(name: "categories", wrappedValue: [CategoryModel]())
    var categories: [CategoryModel] {
        get { _categories.wrappedValue }
        set { _categories.wrappedValue = newValue }
    }

    let _selectedCategory = Stored(name: "selectedCategory", wrappedValue: Int?.none)
    var selectedCategory: Int? {
        get { _selectedCategory.wrappedValue }
        set { _selectedCategory.wrappedValue = newValue }
    }

    let _query = Stored(name: "query", wrappedValue: "")
    var query: String {
        get { _query.wrappedValue }
        set { _query.wrappedValue = newValue }
    }

    let _filters = Stored(name: "filters", wrappedValue: Filters())
    var filters: Filters {
        get { _filters.wrappedValue }
        set { _filters.wrappedValue = newValue }
    }

    let _sort = Stored(name: "sort", wrappedValue: SortOrder.featured)
    var sort: SortOrder {
        get { _sort.wrappedValue }
        set { _sort.wrappedValue = newValue }
    }

    let _page = Stored(name: "page", wrappedValue: 0)
    var page: Int {
        get { _page.wrappedValue }
        set { _page.wrappedValue = newValue }
    }

    let _openProduct = Stored(name: "openProduct", wrappedValue: Int?.none)
    var openProduct: Int? {
        get { _openProduct.wrappedValue }
        set { _openProduct.wrappedValue = newValue }
    }

    /// Ids of the products in the cart, ascending: the cart's membership.
    /// Each quantity lives on its product's model (`cartQuantity`), so a
    /// quantity change notifies that product's readers only, and readers of
    /// membership (recommendations) hear only of products added or removed.
    // HAND-WRITTEN BEGIN: the cart's membership, a hand-kept index beside the
    // per-product quantities (maintained in `StateGraphPort.setInCart`)
    let _cartProducts = Stored(name: "cartProducts", wrappedValue: [Int]())
    var cartProducts: [Int] {
        get { _cartProducts.wrappedValue }
        set { _cartProducts.wrappedValue = newValue }
    }
    // HAND-WRITTEN END

    let _detail = Stored(name: "detail", wrappedValue: Remote<String>.idle)
    var detail: Remote<String> {
        get { _detail.wrappedValue }
        set { _detail.wrappedValue = newValue }
    }

    let _couponCode = Stored(name: "couponCode", wrappedValue: String?.none)
    var couponCode: String? {
        get { _couponCode.wrappedValue }
        set { _couponCode.wrappedValue = newValue }
    }

    let _coupon = Stored(name: "coupon", wrappedValue: CouponStatus.none)
    var coupon: CouponStatus {
        get { _coupon.wrappedValue }
        set { _coupon.wrappedValue = newValue }
    }

    let _appliedCoupon = Stored(name: "appliedCoupon", wrappedValue: Coupon?.none)
    var appliedCoupon: Coupon? {
        get { _appliedCoupon.wrappedValue }
        set { _appliedCoupon.wrappedValue = newValue }
    }

    let _zip = Stored(name: "zip", wrappedValue: String?.none)
    var zip: String? {
        get { _zip.wrappedValue }
        set { _zip.wrappedValue = newValue }
    }

    let _quote = Stored(name: "quote", wrappedValue: QuoteStatus.none)
    var quote: QuoteStatus {
        get { _quote.wrappedValue }
        set { _quote.wrappedValue = newValue }
    }

    let _orders = Stored(name: "orders", wrappedValue: [Order]())
    var orders: [Order] {
        get { _orders.wrappedValue }
        set { _orders.wrappedValue = newValue }
    }
}
