import Observation
import Workload

/// One catalog product's live stock and cart quantity: a row model, as a
/// SwiftUI app would keep one observable object per list item. The product
/// itself is read from the store's catalog list.
@Observable
@MainActor
final class ProductItem {
    var stock: Int
    /// How many of this product the cart holds; 0 when it is not in the cart.
    var quantity = 0

    init(stock: Int) {
        self.stock = stock
    }
}

extension ProductItem {
    /// The `dropped-invalidation` fault: change the stock behind
    /// Observation's back, as a port that forgot one change notice would.
    func setStockWithoutNotice(_ stock: Int) {
        _stock = stock
    }
}
