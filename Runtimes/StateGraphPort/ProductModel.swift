import StateGraph
import Synchronization
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
    let _soldOut: Stored<[Int]>
    var soldOut: [Int] {
        get { _soldOut.wrappedValue }
        set { _soldOut.wrappedValue = newValue }
    }
    // HAND-WRITTEN END

    /// The node starts with the catalog's sold-out ids, as a product's
    /// stock node starts with its stock: an assignment after init would go
    /// through the write path (a willSet and a didSet hop) for a node no
    /// one reads yet.
    init(index: Int, soldOut: [Int]) {
        self.index = index
        _soldOut = Stored(name: "soldOut", wrappedValue: soldOut)  // hand-written
    }
}

/// One catalog product: its live stock and its quantity in the cart as its
/// own stored nodes, as a swift-state-graph app keeps one model object per
/// list row. Made when first asked for (`ProductRows`).
final class ProductModel: Sendable {
    let product: Product
    /// Its category's sale node (`CategoryModel._salePercent`), the one
    /// node of its category a price reads.
    let _categorySale: Stored<Int>

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
        _stock = Stored(name: "stock", wrappedValue: stock)
    }
}

// HAND-WRITTEN BEGIN: product rows made on first use
/// Each product's row model, made the first time a view, a rule or an
/// action asks for it rather than for the whole catalog when it arrives, as
/// a lazy list makes a row's model when the row first appears: a session
/// shows a few hundred of the catalog's products, and each row is two
/// stored nodes to make and tear down. Until its row exists a product's
/// stock is a plain value here, which nothing reads but the row it seeds
/// (the in-stock filter reads the categories' sold-out lists). Untracked,
/// as a SwiftUI parent hands a row view its model; locked, since rules run
/// wherever a node is read.
final class ProductRows: Sendable {
    private struct Table {
        var catalog: [Product] = []
        var categories: [CategoryModel] = []
        var stock: [Int] = []
        var rows: [ProductModel?] = []
    }

    private let table = Mutex(Table())

    /// 0 until the catalog arrives.
    var count: Int { table.withLock { $0.rows.count } }

    /// The catalog's products by id, empty until the catalog arrives and
    /// never replaced after: a rule that reads it here records no edge, and
    /// hears of the arrival through the catalog node only while this is
    /// empty.
    var catalog: [Product] { table.withLock { $0.catalog } }

    /// The category models, made with the catalog and never replaced.
    var categories: [CategoryModel] { table.withLock { $0.categories } }

    func load(_ catalog: [Product], stock: [Int], categories: [CategoryModel]) {
        table.withLock { table in
            table.catalog = catalog
            table.categories = categories
            table.stock = stock
            table.rows = Array(repeating: nil, count: catalog.count)
        }
    }

    subscript(id: Int) -> ProductModel {
        table.withLock { table in
            if let row = table.rows[id] { return row }
            let category = table.categories[table.catalog[id].category]
            let row = ProductModel(product: table.catalog[id], stock: table.stock[id], category: category)
            table.rows[id] = row
            return row
        }
    }

    func category(of id: Int) -> CategoryModel {
        table.withLock { $0.categories[$0.catalog[id].category] }
    }

    /// A product's new stock: written to its row's node once the row exists
    /// (outside the lock, since the write notifies its readers), else kept
    /// as the value the row will start from.
    func setStock(_ id: Int, _ stock: Int) {
        let row = table.withLock { table -> ProductModel? in
            if table.rows[id] == nil { table.stock[id] = stock }
            return table.rows[id]
        }
        row?.stock = stock
    }
}
// HAND-WRITTEN END
