import Observation
import Workload

/// One product's row model: its source (stock) and the derived values a
/// card shows, kept up to date by hand, so that a card depends on its own
/// product only and re-renders only when what it shows changes.
@Observable
@MainActor
final class MemoizedItem {
    let product: Product
    /// No view reads the stock (cards show the badge cache), and the caches
    /// that derive from it are refreshed by hand, so it is not observed.
    @ObservationIgnored var stock: Int
    // HAND-WRITTEN BEGIN: per-product caches of derived values.
    /// The effective price, refreshed when the category's sale changes.
    var price: Int
    /// The stock badge, refreshed when the stock changes, so a card whose
    /// badge stays the same is not notified.
    var badge: String
    /// The quantity in the cart, refreshed when the cart changes.
    var inCart = 0
    // HAND-WRITTEN END

    init(product: Product, stock: Int) {
        self.product = product
        self.stock = stock
        price = product.basePriceCents
        badge = Browsing.badge(stock: stock)
    }
}
