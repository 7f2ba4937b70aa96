import StateGraph
import Workload

// What `@GraphStored` and `@GraphComputed` would expand to is written out by
// hand (the macros need swift-syntax, which is not available here): each
// property is a node named with a leading underscore (the macro's `$name`,
// a prefix user code may not declare) plus an accessor forwarding to the
// node's `wrappedValue`.

/// One category and its sale: a model object per category, so that a sale
/// change dirties only that category's prices.
final class CategoryModel: Sendable {
    let index: Int
    // @GraphStored var salePercent = 0
    let _salePercent = Stored(name: "salePercent", wrappedValue: 0)
    var salePercent: Int {
        get { _salePercent.wrappedValue }
        set { _salePercent.wrappedValue = newValue }
    }

    // @GraphStored var products: [ProductModel] (the category's products,
    // ascending by id; filled once, when the catalog arrives)
    // HAND-WRITTEN BEGIN: each category's products, a hand-kept index filled
    // with the catalog, so that its stocks are one node
    let _products = Stored(name: "products", wrappedValue: [ProductModel]())
    var products: [ProductModel] {
        get { _products.wrappedValue }
        set { _products.wrappedValue = newValue }
    }
    // HAND-WRITTEN END

    // @GraphComputed var stocks: [Int] (its products' stock, in `products`
    // order): the in-stock filter reads one node per category, not one per
    // product.
    let _stocks: Computed<[Int]>
    var stocks: [Int] { _stocks.wrappedValue }

    init(index: Int) {
        self.index = index
        let products = _products
        _stocks = Computed(name: "stocks") { [products] _ in products.wrappedValue.map(\.stock) }
    }
}

/// One catalog product: its live stock and its quantity in the cart as its
/// own stored nodes, as a swift-state-graph app keeps one model object per
/// list row.
final class ProductModel: Sendable {
    let product: Product
    /// Its category's sale node (`CategoryModel._salePercent`; the node, not
    /// the model, which holds its products and would make a cycle).
    let _categorySale: Stored<Int>
    /// Its index in its category's `products`.
    let categoryPosition: Int

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

    init(product: Product, stock: Int, category: CategoryModel, categoryPosition: Int) {
        self.product = product
        _categorySale = category._salePercent
        self.categoryPosition = categoryPosition
        _stock = Stored(name: "stock", wrappedValue: stock)
    }
}
