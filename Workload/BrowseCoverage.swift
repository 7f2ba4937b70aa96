/// The browse rules' inputs played against the states they meet: which
/// kind of change a step makes while which category, page, query, filter
/// or sort holds. A rule can be right in every state a script reaches and
/// wrong in one it never reaches (a stock change while a price sort is on,
/// a sale under one category), and every port, the shadow model and the
/// pinned screens would agree on the wrong screen. So the script plays
/// every combination, and a test measures what it reaches.
///
/// A combination counts only when its step changed what the browse views
/// show (the grid, its cards or the facets): a step that meets a state but
/// shows nothing new does not exercise the rule there.
public enum BrowseCoverage {
    /// A kind of change the browse rules read.
    public enum Change: String, CaseIterable, Sendable {
        case category, page, query, inStockOnly, priceRange, minimumRating, sort, stock, sale

        /// The kind of `action`; nil for an action the browse rules do not read.
        public init?(_ action: UserAction) {
            switch action {
            case .selectCategory: self = .category
            case .setPage: self = .page
            case .setQuery: self = .query
            case .setInStockOnly: self = .inStockOnly
            case .setPriceRange: self = .priceRange
            case .setMinimumRating: self = .minimumRating
            case .setSort: self = .sort
            case .updateStock: self = .stock
            case .setSale: self = .sale
            default: return nil
            }
        }
    }

    /// A state the browse rules can be in when one of their inputs changes.
    public enum Condition: Hashable, Sendable, CustomStringConvertible {
        case category(Int)
        case laterPage
        case query
        case inStockOnly
        case priceRange
        case minimumRating
        case sort(SortOrder)

        /// The sorts a change can meet: every order but the default one.
        public static let sorts = SortOrder.allCases.filter { $0 != .featured }

        /// The conditions that hold in `sources`.
        public static func holding(in sources: StoreSources) -> [Condition] {
            var held: [Condition] = []
            if let category = sources.selectedCategory { held.append(.category(category)) }
            if sources.page > 0 { held.append(.laterPage) }
            if !sources.query.isEmpty { held.append(.query) }
            if sources.filters.inStockOnly { held.append(.inStockOnly) }
            if sources.filters.narrowsPrice { held.append(.priceRange) }
            if sources.filters.minimumRatingTenths > 0 { held.append(.minimumRating) }
            if sources.sort != .featured { held.append(.sort(sources.sort)) }
            return held
        }

        /// The change that sets this condition. A change of a condition's
        /// own input is not a combination.
        public var setBy: Change {
            switch self {
            case .category: .category
            case .laterPage: .page
            case .query: .query
            case .inStockOnly: .inStockOnly
            case .priceRange: .priceRange
            case .minimumRating: .minimumRating
            case .sort: .sort
            }
        }

        public var description: String {
            switch self {
            case .category(let category): "category \(category)"
            case .laterPage: "a later page"
            case .query: "a query"
            case .inStockOnly: "in stock only"
            case .priceRange: "a price range"
            case .minimumRating: "a minimum rating"
            case .sort(let order): "sort \(order.rawValue)"
            }
        }
    }

    /// One cell of the matrix: a change made while a condition holds.
    public struct Combination: Hashable, Sendable, CustomStringConvertible {
        public var change: Change
        public var condition: Condition

        public init(_ change: Change, under condition: Condition) {
            self.change = change
            self.condition = condition
        }

        public var description: String { "\(change.rawValue) under \(condition)" }
    }

    /// Every combination a session on a catalog of `categories` must play:
    /// each kind of change under each filter, each sort, a later page and
    /// each category, except its own.
    public static func required(categories: Int) -> Set<Combination> {
        let conditions: [Condition] =
            [.laterPage, .query, .inStockOnly, .priceRange, .minimumRating]
            + Condition.sorts.map(Condition.sort) + (0..<categories).map(Condition.category)
        var cells = Set<Combination>()
        for change in Change.allCases {
            for condition in conditions where condition.setBy != change {
                cells.insert(Combination(change, under: condition))
            }
        }
        return cells
    }

    /// The combinations `phases` play on `catalog`, walked against the
    /// shadow model (in the seeded delivery order with `shuffleSeed`).
    public static func reached(catalog: Catalog, phases: [Phase], shuffleSeed: UInt64? = nil) -> Set<Combination> {
        var walk = SessionWalk(catalog: catalog, phases: phases, shuffleSeed: shuffleSeed)
        var sources = walk.shadow.sources
        var shown = browseScreens(walk.shadow)
        var cells = Set<Combination>()
        while let event = walk.next() {
            if case .phaseEnd = event.kind { continue }
            let now = browseScreens(walk.shadow)
            if case .action(let action, _) = event.kind, let change = Change(action), now != shown {
                for condition in Condition.holding(in: sources) where condition.setBy != change {
                    cells.insert(Combination(change, under: condition))
                }
            }
            sources = walk.shadow.sources
            shown = now
        }
        return cells
    }

    /// What the browse views show: the grid, its cards and the facets.
    static func browseScreens(_ shadow: ShadowModel) -> [Screen] {
        shadow.mountedScreens().compactMap { entry in
            switch entry.view {
            case .grid, .card, .facets: entry.screen
            default: nil
            }
        }
    }
}
