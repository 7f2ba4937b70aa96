/// Steps in the script's own words, for gate failures and logs:
/// `setQuantity(product 17, 2)`, `deliver(oldest detail)`. A long stock
/// update names its first few products and how many there are, so a failure
/// on a 400-product step stays one readable line.
extension UserAction: CustomStringConvertible {
    /// How many stock changes an `updateStock` description lists in full.
    static let listedUpdates = 3

    public var description: String {
        switch self {
        case .launch: "launch"
        case .selectCategory(let category): "selectCategory(\(category.map { "category \($0)" } ?? "all"))"
        case .setPage(let page): "setPage(\(page))"
        case .setQuery(let query): "setQuery(\"\(query)\")"
        case .setInStockOnly(let only): "setInStockOnly(\(only))"
        case .setPriceRange(let minimum, let maximum):
            "setPriceRange(\(minimum.map { "\($0)" } ?? "any")–\(maximum.map { "\($0)" } ?? "any") cents)"
        case .setMinimumRating(let tenths): "setMinimumRating(\(tenths) tenths)"
        case .setSort(let order): "setSort(\(order.rawValue))"
        case .openProduct(let id): "openProduct(product \(id))"
        case .closeProduct: "closeProduct"
        case .addToCart(let id): "addToCart(product \(id))"
        case .setQuantity(let id, let quantity): "setQuantity(product \(id), \(quantity))"
        case .updateStock(let updates): "updateStock(\(Self.describe(updates)))"
        case .setSale(let category, let percent): "setSale(category \(category), \(percent)%)"
        case .applyCoupon(let code): "applyCoupon(\"\(code)\")"
        case .setZip(let zip): "setZip(\"\(zip)\")"
        case .placeOrder: "placeOrder"
        }
    }

    private static func describe(_ updates: [StockUpdate]) -> String {
        let listed = updates.prefix(listedUpdates).map { "product \($0.productID) → \($0.stock)" }
        guard updates.count > listedUpdates else { return listed.joined(separator: ", ") }
        return "\(updates.count) products: " + listed.joined(separator: ", ") + ", …"
    }
}

extension Delivery: CustomStringConvertible {
    public var description: String {
        switch self {
        case .oldest(let slot): "oldest \(slot.rawValue)"
        case .newest(let slot): "newest \(slot.rawValue)"
        case .all: "all"
        }
    }
}

extension Step: CustomStringConvertible {
    public var description: String {
        switch self {
        case .action(let action): "\(action)"
        case .deliver(let delivery): "deliver(\(delivery))"
        }
    }
}
