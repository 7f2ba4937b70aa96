import Observation
import Workload

/// One catalog product's live stock and cart quantity: a row model, as a
/// SwiftUI app would keep one observable object per list item and hand it to
/// the item's view.
@Observable
@MainActor
final class ProductItem {
    /// The catalog product this row shows; fixed, so not observed.
    let product: Product

    /// The row's live values, observed as one property: every view that
    /// reads the row (a card, the detail, a cart line) reads both, and
    /// Observation's bookkeeping is per property per render (a key path
    /// hashed into the access list, registered with the row's registrar on
    /// install, removed on cancel), so one property halves it. The
    /// recommendations read only the stock of products not in the cart,
    /// whose quantity changes only as they join the cart, which the panel
    /// tracks anyway; the header reads quantities from the store's cart.
    struct State: Equatable {
        var stock: Int
        /// How many of this product the cart holds; 0 when it is not in the cart.
        var quantity = 0
    }

    /// Assigned whole, never modified in place, so an equal value notifies
    /// nobody (the macro's setter compares; its `_modify` does not).
    var state: State

    init(product: Product, stock: Int) {
        self.product = product
        self.state = State(stock: stock)
    }
}

/// One category's sale: a model per category, so a card tracks only its own
/// category's sale rather than every category's.
@Observable
@MainActor
final class CategorySale {
    var percent = 0
}

extension ProductItem {
    /// The `dropped-invalidation` fault: change the stock behind
    /// Observation's back, as a port that forgot one change notice would.
    func setStockWithoutNotice(_ stock: Int) {
        _state.stock = stock
    }
}
