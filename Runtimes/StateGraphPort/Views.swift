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
            let orders = store.orders
            return .header(
                HeaderScreen(
                    cartItemCount: checkout.itemCount, orderCount: orders.count,
                    lastOrder: orders.last.map { HeaderScreen.orderLabel(number: $0.number, confirmed: $0.confirmed) }))
        case .grid:
            return .grid(GridScreen(productIDs: browsing.visibleIDs, page: store.page))
        case .card(let id):
            let item = store.products[id]
            return .card(
                CardScreen(
                    product: item.product, priceCents: item.price, stock: item.stock,
                    inCart: item.cartQuantity))
        case .facets:
            let selected = store.selectedCategory
            guard !store.products.isEmpty else { return .facets(.empty(selectedCategory: selected)) }
            return .facets(FacetScreen(counts: browsing.facetCounts, selectedCategory: selected))
        case .cart:
            return .cart(checkout.cart)
        case .detail:
            // The product list is read only once a product is open: a closed
            // detail that read it would re-render when the catalog arrives.
            guard let id = store.openProduct else { return .detail(.closed) }
            let products = store.products
            guard !products.isEmpty else { return .detail(.closed) }
            let item = products[id]
            return .detail(
                DetailScreen(
                    product: item.product, priceCents: item.price, stock: item.stock,
                    inCart: item.cartQuantity, description: store.detail))
        case .checkout:
            return .checkout(checkout.screen)
        case .recommendations:
            // The product list is read only for products shown: an empty
            // panel that read it would re-render when the catalog arrives.
            let ids = browsing.recommendations
            guard !ids.isEmpty else { return .recommendations(RecommendationScreen(items: [])) }
            let products = store.products
            return .recommendations(
                RecommendationScreen(
                    items: ids.map { id in
                        RecommendationScreen.Item(product: products[id].product, priceCents: products[id].price)
                    }))
        }
    }
}
