/// One stock change of an inventory update.
public struct StockUpdate: Sendable, Hashable {
    public var productID: Int
    public var stock: Int

    public init(productID: Int, stock: Int) {
        self.productID = productID
        self.stock = stock
    }
}

/// What the user (or, for stock and sales, the store) does. Each action is
/// applied by a port as one atomic change; its views are re-rendered once
/// after it settles.
public enum UserAction: Sendable, Hashable {
    /// Start the app: request the catalog and stock.
    case launch
    case selectCategory(Int?)
    case setPage(Int)
    case setQuery(String)
    case setInStockOnly(Bool)
    case setPriceRange(minimumCents: Int?, maximumCents: Int?)
    case setMinimumRating(Int)
    case setSort(SortOrder)
    /// Open a product's detail: request its description.
    case openProduct(Int)
    case closeProduct
    case addToCart(Int)
    /// Set a line's quantity; 0 removes the line.
    case setQuantity(productID: Int, quantity: Int)
    case updateStock([StockUpdate])
    case setSale(category: Int, percent: Int)
    /// Apply a coupon code: request its validation, replacing any earlier code.
    case applyCoupon(String)
    /// Enter a shipping ZIP: request a quote, replacing any earlier one.
    case setZip(String)
    /// Place the order: record it in history, clear the cart and the coupon,
    /// and request confirmation; all in one atomic change.
    case placeOrder
}
