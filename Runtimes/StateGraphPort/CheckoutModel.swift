import StateGraph
import Workload

/// The cart's and checkout's derived values as computed nodes, each rule
/// capturing the nodes it reads, as in `BrowsingModel`, and building its
/// screen with the shared builders. Screens are Equatable, so a recompute to
/// an equal value stops downstream recomputation (not the "will change"
/// notices, which the runtime sends as soon as a node may change).
///
/// The checkout is one node for the whole screen rather than one per total:
/// its view shows every total, and a reader hears of a node as soon as the
/// node may change, before any value is compared, so totals split into
/// nodes would re-render the view exactly as often while each split node
/// added its own notice, edges and pull. The header is its own screen node
/// for the same reason.
final class CheckoutModel: Sendable {
    /// The header screen: units in the cart and the last order, one node
    /// the header reads, reading only membership, quantities and orders,
    /// so a price or stock change of a carted product does not reach it.
    let _header: Computed<HeaderScreen>
    var header: HeaderScreen { _header.wrappedValue }

    /// The cart screen: lines in product-id order, count, subtotal, warnings.
    let _cart: Computed<CartScreen>
    var cart: CartScreen { _cart.wrappedValue }

    /// The checkout screen: totals, coupon and quote status, readiness.
    let _screen: Computed<CheckoutScreen>
    var screen: CheckoutScreen { _screen.wrappedValue }

    init(store: StoreModel, rows: ProductRows) {
        let _cartProducts = store._cartProducts
        let _appliedCoupon = store._appliedCoupon, _coupon = store._coupon, _quote = store._quote
        let _orders = store._orders

        _header = Computed(name: "header") { [_cartProducts, rows, _orders] _ in
            let itemCount = _cartProducts.wrappedValue.reduce(0) { $0 + rows[$1].cartQuantity }
            let orders = _orders.wrappedValue
            return HeaderScreen(
                cartItemCount: itemCount, orderCount: orders.count,
                lastOrder: orders.last.map { HeaderScreen.orderLabel(number: $0.number, confirmed: $0.confirmed) })
        }
        _cart = Computed(name: "cart") { [_cartProducts, rows] _ in
            let ids = _cartProducts.wrappedValue
            guard !ids.isEmpty else { return CartScreen(lines: []) }
            var sales = SaleReads()
            return CartScreen(
                lines: ids.map { id in
                    let item = rows[id]
                    return CartLineScreen(
                        product: item.product, quantity: item.cartQuantity, unitCents: sales.price(of: item),
                        stock: item.stock)
                })
        }
        _screen = Computed(name: "checkout") { [_cart, _appliedCoupon, _coupon, _quote] _ in
            let cart = _cart.wrappedValue
            return CheckoutScreen(
                subtotalCents: cart.subtotalCents, lineCount: cart.lines.count,
                warningCount: cart.warningCount, appliedCoupon: _appliedCoupon.wrappedValue,
                coupon: _coupon.wrappedValue, quote: _quote.wrappedValue)
        }
    }
}
