import Workload

/// What kind of action an interactions sample timed. The cycle mixes cheap
/// and costly actions, so one median over all of them can hide a port that
/// is fast at one kind and slow at another; each kind is reported on its own.
///
/// The kind comes from the `UserAction` case alone. The switch names every
/// case, so a new action must be given a kind (or `other`) where it is
/// added, rather than falling silently into one.
enum ActionKind: String, CaseIterable, Codable {
    /// A cart line's quantity changes (set, or one more added).
    case quantity
    /// A product-list filter (in stock, price range, minimum rating) turns
    /// on or narrows. Kept apart from turning one off: a filter that
    /// narrows makes every product's filtered field a dependency, one that
    /// clears drops them, and the two cost very different amounts.
    case filterOn = "filter-on"
    /// A product-list filter clears.
    case filterOff = "filter-off"
    /// The product list turns to another page.
    case page
    /// Any action the kinds above do not describe (navigation, search,
    /// sorting, requests, stock and sale updates, checkout).
    case other

    init(_ action: UserAction) {
        switch action {
        case .setQuantity, .addToCart:
            self = .quantity
        case .setInStockOnly(let on):
            self = on ? .filterOn : .filterOff
        case .setPriceRange(let minimum, let maximum):
            self = minimum == nil && maximum == nil ? .filterOff : .filterOn
        case .setMinimumRating(let rating):
            self = rating > 0 ? .filterOn : .filterOff
        case .setPage:
            self = .page
        // Category and query narrow the list too, but they are navigation
        // and search, with costs of their own: lumping them in with the
        // filter toggles would blur the filter kinds.
        case .launch, .selectCategory, .setQuery, .setSort, .openProduct, .closeProduct,
            .updateStock, .setSale, .applyCoupon, .setZip, .placeOrder:
            self = .other
        }
    }

    /// The kinds present in `actions`, in the order they first appear.
    static func kinds(in actions: [UserAction]) -> [ActionKind] {
        var seen: [ActionKind] = []
        for action in actions.map(ActionKind.init) where !seen.contains(action) { seen.append(action) }
        return seen
    }
}
