import StateGraph
import Workload

// What `@GraphStored` and `@GraphComputed` would expand to is written out by
// hand (the macros need swift-syntax, which is not available here): each
// property is a node named with a leading underscore (the macro's `$name`,
// a prefix user code may not declare) plus an accessor forwarding to the
// node's `wrappedValue`.

/// One category, its sale and its sold-out products: a model object per
/// category, so that a sale change dirties only that category's prices.
final class CategoryModel: Sendable {
    let index: Int
    // @GraphStored var salePercent = 0
    let _salePercent = Stored(name: "salePercent", wrappedValue: 0)
    var salePercent: Int {
        get { _salePercent.wrappedValue }
        set { _salePercent.wrappedValue = newValue }
    }

    // @GraphStored var soldOut: [Int] (ids of the category's products whose
    // stock is 0, ascending)
    // HAND-WRITTEN BEGIN: each category's sold-out products, a hand-kept index
    // beside the per-product stock nodes (built with the catalog, maintained
    // in `StateGraphPort.updateStock`), so that the in-stock filter reads one
    // node per category, not one per product
    let _soldOut = Stored(name: "soldOut", wrappedValue: [Int]())
    var soldOut: [Int] {
        get { _soldOut.wrappedValue }
        set { _soldOut.wrappedValue = newValue }
    }
    // HAND-WRITTEN END

    init(index: Int) {
        self.index = index
    }
}

/// One catalog product: its live stock and its quantity in the cart as its
/// own stored nodes, as a swift-state-graph app keeps one model object per
/// list row.
final class ProductModel: Sendable {
    let product: Product
    /// Its category's sale node (`CategoryModel._salePercent`), the one
    /// node of its category a price reads.
    let _categorySale: Stored<Int>
    /// Its category's sold-out list (`CategoryModel._soldOut`), which the
    /// stock action keeps.
    let _categorySoldOut: Stored<[Int]>  // hand-written

    // @GraphStored var stock: Int
    let _stock: Stored<Int>
    var stock: Int {
        get { _stock.wrappedValue }
        set { _stock.wrappedValue = newValue }
    }

    // @GraphStored var cartQuantity = 0 (0: not in the cart)
    let _cartQuantity = Stored(name: "cartQuantity", wrappedValue: 0)
    var cartQuantity: Int {
        get { _cartQuantity.wrappedValue }
        set { _cartQuantity.wrappedValue = newValue }
    }

    /// The effective price: the shared rule over the base price and the
    /// category's sale node. A plain property, not a node: a reader depends
    /// on the sale it reads, which is what a price node would forward, and a
    /// node per product would add a node, an edge and a pull to every read
    /// for a value that changes only with its category's sale.
    var price: Int {
        Money.effectivePrice(baseCents: product.basePriceCents, salePercent: _categorySale.wrappedValue)
    }

    init(product: Product, stock: Int, category: CategoryModel) {
        self.product = product
        _categorySale = category._salePercent
        _categorySoldOut = category._soldOut  // hand-written
        _stock = Stored(name: "stock", wrappedValue: stock)
    }
}
