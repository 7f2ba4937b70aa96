import Observation
import Workload

/// One product's row model: the derived values a card shows, kept up to
/// date by hand, so that a card depends on its own product only and
/// re-renders only when what it shows changes. The store makes a product's
/// row the first time the product is shown (on a grid page, in the detail
/// or among the recommendations), from the sources it derives from, and
/// keeps it. Its stock, a source no view reads, is the store's plain
/// `stock` array; the filters and sorts compute prices from the sale.
@Observable
@MainActor
final class MemoizedItem {
    let product: Product
    // HAND-WRITTEN BEGIN: per-product caches of derived values.
    /// The effective price, refreshed when the category's sale changes.
    @ObservationIgnored var price: Int { didSet { refreshCard() } }
    /// The stock badge, refreshed when the stock changes.
    @ObservationIgnored var badge: String { didSet { refreshCard() } }
    /// The quantity in the cart, refreshed when the cart changes.
    @ObservationIgnored var inCart = 0 { didSet { refreshCard() } }
    /// What a card (and the detail) shows, so a card reads one observed
    /// value; rebuilt only when price, badge or cart quantity is assigned,
    /// which the actions do only on a change, so an equal result notifies
    /// nobody.
    private(set) var card: CardScreen

    private func refreshCard() {
        card = CardScreen(product: product, priceCents: price, badge: badge, inCart: inCart)
    }
    // HAND-WRITTEN END

    init(product: Product, price: Int, badge: String, inCart: Int) {
        self.product = product
        self.price = price
        self.badge = badge
        self.inCart = inCart
        card = CardScreen(product: product, priceCents: price, badge: badge, inCart: inCart)
    }
}
