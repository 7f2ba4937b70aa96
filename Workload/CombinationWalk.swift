/// Steps that play the browse combinations `BrowseCoverage` lists. Each
/// walk is built against the shadow model at the point of the script where
/// it goes, so its probes pick products the grid shows then, for any
/// catalog; and each ends with browsing back at its defaults (every
/// category, first page, no query, no filter, featured order), where the
/// scripted steps after it expect it.
///
/// The conditions a walk holds are mild (a one-letter query, a wide price
/// range, a low minimum rating) so that several can hold at once and the
/// grid still shows products whose screens a change can move.
struct CombinationWalk {
    static let query = "e"
    static let priceRange = (minimumCents: 1_000, maximumCents: 45_000)
    static let minimumRating = 20

    private(set) var steps: [Step] = []
    private var shadow: ShadowModel
    private let categories: Int

    /// A walk that starts after `phases` and then `steps` of the phase it joins.
    private init(catalog: Catalog, after phases: [Phase], then steps: [Step]) {
        shadow = Rehearsal(catalog: catalog, phases: phases + [Phase(name: "so far", steps: steps)]).shadow
        categories = catalog.categoryCount
    }

    /// Every browse input changed under every condition and category.
    ///
    /// Blocks alternate: one selects a category and turns every input on
    /// (a sort, the second page, the query, then each filter), the next
    /// selects a category and turns them off again (the page first, so the
    /// grid shows products while the sort changes). So each input changes
    /// under every other: in an "on" block under those turned on before it,
    /// in an "off" block under those still on after it; every category gets
    /// a block, and the "on" blocks take each sort in turn. Changes of the
    /// category itself, and sorts on a later page, get a short tour first.
    static func browsing(catalog: Catalog, after phases: [Phase], then steps: [Step]) -> [Step] {
        var walk = CombinationWalk(catalog: catalog, after: phases, then: steps)
        let sorts = BrowseCoverage.Condition.sorts
        walk.play(.setPage(1))
        for (index, sort) in sorts.enumerated() {
            walk.play(.setSort(sort))
            walk.play(.selectCategory(index % walk.categories))
        }
        walk.play(.setPage(0))
        walk.play(.setSort(.featured))
        for condition in [BrowseCoverage.Condition.query, .inStockOnly, .priceRange, .minimumRating] {
            walk.hold(condition)
        }
        walk.play(.selectCategory(nil))
        walk.restoreBrowsing()

        for block in 0..<max(walk.categories, 2 * sorts.count) {
            walk.play(.selectCategory(block % walk.categories))
            if block.isMultiple(of: 2) {
                walk.hold(.sort(sorts[block / 2 % sorts.count]))
                walk.hold(.laterPage)
                for condition in [BrowseCoverage.Condition.query, .inStockOnly, .priceRange, .minimumRating] {
                    walk.hold(condition)
                }
            } else {
                walk.restoreBrowsing(keepingCategory: true)
            }
        }
        walk.restoreBrowsing()
        return walk.steps
    }

    /// A store-side change (`probe`) under every condition and category:
    /// one block per category, at least one per condition, each holding one
    /// condition while the probe runs.
    private static func storeChanges(
        catalog: Catalog, after phases: [Phase], then steps: [Step],
        probe: (inout CombinationWalk, _ block: Int) -> Void
    ) -> [Step] {
        var walk = CombinationWalk(catalog: catalog, after: phases, then: steps)
        let conditions: [BrowseCoverage.Condition] =
            [.laterPage, .query, .inStockOnly, .priceRange, .minimumRating]
            + BrowseCoverage.Condition.sorts.map(BrowseCoverage.Condition.sort)
        for block in 0..<max(walk.categories, conditions.count) {
            if block > 0 { walk.release(conditions[(block - 1) % conditions.count]) }
            walk.hold(conditions[block % conditions.count])
            walk.play(.selectCategory(block % walk.categories))
            probe(&walk, block)
        }
        walk.restoreBrowsing()
        return walk.steps
    }

    /// Stock changes under every condition and category: each sells out the
    /// first product the grid shows, or restocks it when it is sold out.
    static func stockChanges(catalog: Catalog, after phases: [Phase], then steps: [Step]) -> [Step] {
        storeChanges(catalog: catalog, after: phases, then: steps) { walk, _ in
            let listed = walk.shadow.grid().productIDs
            guard let product = listed.first else { return }
            walk.play(
                .updateStock([StockUpdate(productID: product, stock: walk.shadow.sources.stock[product] == 0 ? 3 : 0)]))
        }
    }

    /// Sale changes under every condition and category: each re-prices the
    /// selected category, which the grid shows.
    static func saleChanges(catalog: Catalog, after phases: [Phase], then steps: [Step]) -> [Step] {
        let percents = [10, 25, 40, 5, 30]
        return storeChanges(catalog: catalog, after: phases, then: steps) { walk, block in
            guard let category = walk.shadow.sources.selectedCategory else { return }
            var percent = percents[block % percents.count]
            if walk.shadow.sources.salePercent[category] == percent {
                percent = percents[(block + 1) % percents.count]
            }
            walk.play(.setSale(category: category, percent: percent))
        }
    }

    // MARK: Steps

    /// Plays `action` unless it would leave the browse sources as they are.
    private mutating func play(_ action: UserAction) {
        let sources = shadow.sources
        let unchanged =
            switch action {
            case .selectCategory(let category): sources.selectedCategory == category
            case .setPage(let page): sources.page == page
            case .setQuery(let query): sources.query == query
            case .setInStockOnly(let only): sources.filters.inStockOnly == only
            case .setPriceRange(let minimum, let maximum):
                sources.filters.minimumPriceCents == minimum && sources.filters.maximumPriceCents == maximum
            case .setMinimumRating(let rating): sources.filters.minimumRatingTenths == rating
            case .setSort(let order): sources.sort == order
            default: false
            }
        guard !unchanged else { return }
        steps.append(.action(action))
        shadow.apply(action)
    }

    private mutating func hold(_ condition: BrowseCoverage.Condition) {
        switch condition {
        case .category(let category): play(.selectCategory(category))
        case .laterPage: play(.setPage(1))
        case .query: play(.setQuery(Self.query))
        case .inStockOnly: play(.setInStockOnly(true))
        case .priceRange:
            play(.setPriceRange(minimumCents: Self.priceRange.minimumCents, maximumCents: Self.priceRange.maximumCents))
        case .minimumRating: play(.setMinimumRating(Self.minimumRating))
        case .sort(let order): play(.setSort(order))
        }
    }

    private mutating func release(_ condition: BrowseCoverage.Condition) {
        switch condition {
        case .category: play(.selectCategory(nil))
        case .laterPage: play(.setPage(0))
        case .query: play(.setQuery(""))
        case .inStockOnly: play(.setInStockOnly(false))
        case .priceRange: play(.setPriceRange(minimumCents: nil, maximumCents: nil))
        case .minimumRating: play(.setMinimumRating(0))
        case .sort: play(.setSort(.featured))
        }
    }

    /// Browsing back at its defaults: the page first (so the grid shows
    /// products while the rest change), then the sort, the query and each
    /// filter, and the category last unless it is kept.
    private mutating func restoreBrowsing(keepingCategory: Bool = false) {
        for condition in [
            BrowseCoverage.Condition.laterPage, .sort(.featured), .query, .inStockOnly, .priceRange, .minimumRating,
        ] {
            release(condition)
        }
        if !keepingCategory { play(.selectCategory(nil)) }
    }
}
