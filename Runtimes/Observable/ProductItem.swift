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
    var stock: Int
    /// How many of this product the cart holds; 0 when it is not in the cart.
    var quantity = 0

    init(product: Product, stock: Int) {
        self.product = product
        self.stock = stock
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
        _stock = stock
    }
}
