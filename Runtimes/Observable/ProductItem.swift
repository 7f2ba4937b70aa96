import Observation
import Workload

/// One catalog product and its live stock: a row model, as a SwiftUI app
/// would keep one observable object per list item.
@Observable
@MainActor
final class ProductItem {
    let product: Product
    var stock: Int

    init(product: Product, stock: Int) {
        self.product = product
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
