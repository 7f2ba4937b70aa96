import StateGraph
import Workload

/// The cart's and checkout's derived values as computed nodes, each rule
/// capturing the nodes it reads, as in `BrowsingModel`. Integer and optional
/// results are Equatable, so a recompute to an equal value stops downstream
/// recomputation (not the "will change" notices, which the runtime sends as
/// soon as a node may change).
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
        let _products = store._products, _cartProducts = store._cartProducts
        let _appliedCoupon = store._appliedCoupon, _coupon = store._coupon, _quote = store._quote

        _itemCount = Computed(name: "itemCount") { [_cartProducts, _products] _ in
            let ids = _cartProducts.wrappedValue
            guard !ids.isEmpty else { return 0 }
            let products = _products.wrappedValue
            return ids.reduce(0) { $0 + products[$1].cartQuantity }
        }
        _lines = Computed(name: "cartLines") { [_cartProducts, _products] _ in
            let ids = _cartProducts.wrappedValue
            guard !ids.isEmpty else { return [CartLineScreen]() }
            let products = _products.wrappedValue
            return ids.map { id in
                let item = products[id]
                let quantity = item.cartQuantity
                let unit = item.price
                return CartLineScreen(productID: id, name: item.product.name, quantity: quantity, unitCents: unit,
                                      lineCents: unit * quantity,
                                      warning: CheckoutRules.lineWarns(quantity: quantity, stock: item.stock))
            }
        }
        _subtotal = Computed(name: "subtotal") { [_lines] _ in _lines.wrappedValue.reduce(0) { $0 + $1.lineCents } }
        _warningCount = Computed(name: "warningCount") { [_lines] _ in _lines.wrappedValue.filter(\.warning).count }
        _discount = Computed(name: "discount") { [_appliedCoupon, _subtotal] _ in
            _appliedCoupon.wrappedValue?.discount(onSubtotal: _subtotal.wrappedValue) ?? 0
        }
        _tax = Computed(name: "tax") { [_subtotal, _discount] _ in
            Money.tax(onCents: _subtotal.wrappedValue - _discount.wrappedValue)
        }
        _shipping = Computed(name: "shipping") { [_quote, _subtotal, _discount] _ -> Int? in
            guard case .quoted(_, let cents) = _quote.wrappedValue else { return nil }
            return Money.shipping(discountedSubtotalCents: _subtotal.wrappedValue - _discount.wrappedValue,
                                  quoteCents: cents)
        }
        _total = Computed(name: "total") { [_subtotal, _discount, _tax, _shipping] _ -> Int? in
            let discounted = _subtotal.wrappedValue - _discount.wrappedValue
            return _shipping.wrappedValue.map { discounted + _tax.wrappedValue + $0 }
        }
        _isReady = Computed(name: "isReady") { [_lines, _warningCount, _shipping, _coupon] _ in
            var couponPending = false
            if case .validating = _coupon.wrappedValue { couponPending = true }
            return CheckoutRules.isReady(lineCount: _lines.wrappedValue.count,
                                         warningCount: _warningCount.wrappedValue,
                                         hasQuote: _shipping.wrappedValue != nil, couponPending: couponPending)
        }
    }
}
