import StateGraph
import Workload

/// The headless view bodies. Each reads node values (cached computed nodes,
/// stored sources) and nothing it does not show; the harness observes the
/// reads through each node's `ObservationRegistrar`, as SwiftUI observes a
/// swift-state-graph model.
extension StateGraphPort {
    /// Plain Swift and the stategraph clone do not count their derived values.
    public var recomputations: Int? { nil }

    public func render(_ view: ViewID) -> Screen {
        switch view {
        case .header:
            let last = store.orders.last.map { "#\($0.number) \($0.confirmed ? "confirmed" : "placing")" }
            return .header(HeaderScreen(cartItemCount: checkout.itemCount, orderCount: store.orders.count,
                                        lastOrder: last))
        case .grid:
            return .grid(GridScreen(productIDs: browsing.visibleIDs, page: store.page))
        case .card(let id):
            let item = store.products[id]
            let price = item.price
            return .card(CardScreen(productID: id, name: item.product.name, priceCents: price,
                                    wasCents: price != item.product.basePriceCents ? item.product.basePriceCents : nil,
                                    badge: Browsing.badge(stock: item.stock), inCart: item.cartQuantity))
        case .facets:
            guard !store.products.isEmpty else {
                return .facets(FacetScreen(counts: [], selectedCategory: store.selectedCategory, resultCount: 0))
            }
            let counts = browsing.facetCounts
            let selected = store.selectedCategory
            return .facets(FacetScreen(counts: counts, selectedCategory: selected,
                                       resultCount: selected.map { counts[$0] } ?? counts.reduce(0, +)))
        case .cart:
            return .cart(CartScreen(lines: checkout.lines, itemCount: checkout.itemCount,
                                    subtotalCents: checkout.subtotal, warningCount: checkout.warningCount))
        case .detail:
            guard let id = store.openProduct, !store.products.isEmpty else { return .detail(.closed) }
            let item = store.products[id]
            return .detail(DetailScreen(productID: id, name: item.product.name, priceCents: item.price,
                                        badge: Browsing.badge(stock: item.stock), inCart: item.cartQuantity,
                                        description: store.detail))
        case .checkout:
            return .checkout(CheckoutScreen(
                subtotalCents: checkout.subtotal, discountCents: checkout.discount, taxCents: checkout.tax,
                shippingCents: checkout.shipping, totalCents: checkout.total,
                coupon: store.coupon, quote: store.quote, ready: checkout.isReady))
        case .recommendations:
            // The product list is read only for products shown: an empty
            // panel that read it would re-render when the catalog arrives.
            let ids = browsing.recommendations
            guard !ids.isEmpty else { return .recommendations(RecommendationScreen(items: [])) }
            let products = store.products
            return .recommendations(RecommendationScreen(items: ids.map { id in
                RecommendationScreen.Item(productID: id, name: products[id].product.name, priceCents: products[id].price)
            }))
        }
    }
}
