import StateGraph
import Workload

/// The cart's and checkout's derived values as computed nodes. Integer and
/// optional results are Equatable, so a recompute to an equal value stops
/// downstream recomputation (not the "will change" notices, which the
/// runtime sends as soon as a node may change).
final class CheckoutModel: Sendable {
    let _itemCount: Computed<Int>
    var itemCount: Int { _itemCount.wrappedValue }

    /// Lines in product-id order.
    let _lines: Computed<[CartLineScreen]>
    var lines: [CartLineScreen] { _lines.wrappedValue }

    let _subtotal: Computed<Int>
    var subtotal: Int { _subtotal.wrappedValue }

    let _warningCount: Computed<Int>
    var warningCount: Int { _warningCount.wrappedValue }

    let _discount: Computed<Int>
    var discount: Int { _discount.wrappedValue }

    let _tax: Computed<Int>
    var tax: Int { _tax.wrappedValue }

    /// Nil until a shipping quote arrives.
    let _shipping: Computed<Int?>
    var shipping: Int? { _shipping.wrappedValue }

    let _total: Computed<Int?>
    var total: Int? { _total.wrappedValue }

    let _isReady: Computed<Bool>
    var isReady: Bool { _isReady.wrappedValue }

    init(store: StoreModel) {
        let itemCount = Computed(name: "itemCount") { [store] _ in store.cart.values.reduce(0, +) }
        let lines = Computed(name: "cartLines") { [store] _ in
            let cart = store.cart
            guard !cart.isEmpty else { return [CartLineScreen]() }
            let products = store.products
            return cart.keys.sorted().map { id in
                let item = products[id]
                let quantity = cart[id]!
                let unit = item.price
                return CartLineScreen(productID: id, name: item.product.name, quantity: quantity, unitCents: unit,
                                      lineCents: unit * quantity,
                                      warning: CheckoutRules.lineWarns(quantity: quantity, stock: item.stock))
            }
        }
        let subtotal = Computed(name: "subtotal") { _ in lines.wrappedValue.reduce(0) { $0 + $1.lineCents } }
        let warningCount = Computed(name: "warningCount") { _ in lines.wrappedValue.filter(\.warning).count }
        let discount = Computed(name: "discount") { [store] _ in
            store.appliedCoupon?.discount(onSubtotal: subtotal.wrappedValue) ?? 0
        }
        let tax = Computed(name: "tax") { _ in Money.tax(onCents: subtotal.wrappedValue - discount.wrappedValue) }
        let shipping = Computed(name: "shipping") { [store] _ -> Int? in
            guard case .quoted(_, let cents) = store.quote else { return nil }
            return Money.shipping(discountedSubtotalCents: subtotal.wrappedValue - discount.wrappedValue,
                                  quoteCents: cents)
        }
        let total = Computed(name: "total") { _ -> Int? in
            let discounted = subtotal.wrappedValue - discount.wrappedValue
            return shipping.wrappedValue.map { discounted + tax.wrappedValue + $0 }
        }
        let isReady = Computed(name: "isReady") { [store] _ in
            var couponPending = false
            if case .validating = store.coupon { couponPending = true }
            return CheckoutRules.isReady(lineCount: lines.wrappedValue.count, warningCount: warningCount.wrappedValue,
                                         hasQuote: shipping.wrappedValue != nil, couponPending: couponPending)
        }
        _itemCount = itemCount
        _lines = lines
        _subtotal = subtotal
        _warningCount = warningCount
        _discount = discount
        _tax = tax
        _shipping = shipping
        _total = total
        _isReady = isReady
    }
}
