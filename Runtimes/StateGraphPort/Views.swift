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
            return .header(checkout.header)
        case .grid:
            return .grid(browsing.grid)
        case .card(let id):
            let item = rows[id]
            return .card(
                CardScreen(
                    product: item.product, priceCents: item.price, stock: item.stock,
                    inCart: item.cartQuantity))
        case .facets:
            return .facets(browsing.facets)
        case .cart:
            return .cart(checkout.cart)
        case .detail:
            // The row comes from the untracked `rows`. Only a product opened
            // before the catalog arrives reads the catalog node, to hear of
            // its arrival.
            guard let id = store.openProduct else { return .detail(.closed) }
            guard id < rows.count else {
                _ = store.catalog
                return .detail(.closed)
            }
            let item = rows[id]
            return .detail(
                DetailScreen(
                    product: item.product, priceCents: item.price, stock: item.stock,
                    inCart: item.cartQuantity, description: store.detail))
        case .checkout:
            return .checkout(checkout.screen)
        case .recommendations:
            return .recommendations(browsing.recommendations)
        }
    }
}
