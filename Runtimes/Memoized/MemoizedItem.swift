import Observation
import Workload

/// One product's row model. Besides its source (stock) it carries the two
/// derived values a card shows, kept up to date by hand, so that a card
/// depends on its own product only.
@Observable
@MainActor
final class MemoizedItem {
    let product: Product
    var stock: Int
    // HAND-WRITTEN BEGIN: per-product caches of derived values.
    /// The effective price, refreshed when the category's sale changes.
    var price: Int
    /// The quantity in the cart, refreshed when the cart changes.
    var inCart = 0
    // HAND-WRITTEN END

    init(product: Product, stock: Int) {
        self.product = product
        self.stock = stock
        price = product.basePriceCents
    }
}
