import StateGraph
import Workload

/// The grid's derived values as computed nodes: what `@GraphComputed`
/// declarations on an app model reading the store would make. As the
/// runtime's README teaches, each rule captures the nodes it reads
/// (`[$query]` there, `[_query]` here) and reads their `wrappedValue`; a
/// product model's accessors do the same for its own nodes. Every read
/// inside a rule records an edge, and a short-circuited condition reads (and
/// so depends on) less.
final class BrowsingModel: Sendable {
    /// Ids of products passing the query and filters, in any category.
    let _matching: Computed<[Int]>
    var matching: [Int] { _matching.wrappedValue }

    /// Ids the grid lists across all pages: the matching products of the
    /// selected category, sorted.
    let _listed: Computed<[Int]>
    var listed: [Int] { _listed.wrappedValue }

    /// Ids on the current page, in display order.
    let _visibleIDs: Computed<[Int]>
    var visibleIDs: [Int] { _visibleIDs.wrappedValue }

    /// Matching products per category.
    let _facetCounts: Computed<[Int]>
    var facetCounts: [Int] { _facetCounts.wrappedValue }

    /// Ids recommended beside the open product.
    let _recommendations: Computed<[Int]>
    var recommendations: [Int] { _recommendations.wrappedValue }

    init(store: StoreModel) {
        let _products = store._products, _categories = store._categories
        let _query = store._query, _filters = store._filters
        let _selectedCategory = store._selectedCategory, _sort = store._sort, _page = store._page
        let _openProduct = store._openProduct, _cartProducts = store._cartProducts

        _matching = Computed(name: "matching") { [_products, _query, _filters] _ in
            let query = _query.wrappedValue
            let filters = _filters.wrappedValue
            // The shared rule evaluates its stock and price arguments only
            // when a filter asks, so a product's stock and price nodes are
            // read (and are dependencies) only while such a filter is on,
            // and only for products that match the query.
            return _products.wrappedValue.filter { item in
                Browsing.matches(item.product, query: query)
                    && Browsing.passes(filters, priceCents: item.price, stock: item.stock,
                                       ratingTenths: item.product.ratingTenths)
            }.map(\.product.id)
        }
        _listed = Computed(name: "listed") { [_products, _matching, _selectedCategory, _sort] _ in
            let products = _products.wrappedValue
            let category = _selectedCategory.wrappedValue
            let order = _sort.wrappedValue
            // Only the price orders read prices, so only they depend on
            // them. Each price is read once, before sorting, rather than
            // inside the comparator: every read inside a rule records an edge.
            let readsPrices = order.comparesPrices
            let rows = _matching.wrappedValue.compactMap { id -> (product: Product, price: Int)? in
                let item = products[id]
                guard category == nil || item.product.category == category else { return nil }
                return (item.product, readsPrices ? item.price : 0)
            }
            return rows.sorted { Browsing.precedes($0.product, $0.price, $1.product, $1.price, by: order) }
                .map(\.product.id)
        }
        _visibleIDs = Computed(name: "visibleIDs") { [_listed, _page] _ in
            Array(Browsing.page(_listed.wrappedValue, page: _page.wrappedValue))
        }
        _facetCounts = Computed(name: "facetCounts") { [_products, _categories, _matching] _ in
            let products = _products.wrappedValue
            var counts = Array(repeating: 0, count: _categories.wrappedValue.count)
            for id in _matching.wrappedValue { counts[products[id].product.category] += 1 }
            return counts
        }
        _recommendations = Computed(name: "recommendations") { [_products, _openProduct, _cartProducts] _ in
            guard let open = _openProduct.wrappedValue else { return [Int]() }
            let products = _products.wrappedValue
            guard !products.isEmpty else { return [] }
            let category = products[open].product.category
            let carted = _cartProducts.wrappedValue
            // Candidates are ranked by what never changes (rating, id) first,
            // and stock is read in rank order only until the panel is full:
            // a product ranked below the shown ones is not a dependency. The
            // result is the shared rule's (in stock, ranked, the first few).
            let ranked = products
                .filter { item in
                    item.product.category == category && item.product.id != open
                        && !carted.contains(item.product.id)
                }
                .sorted { CheckoutRules.recommends($0.product, before: $1.product) }
            var picked: [Int] = []
            for item in ranked where item.stock > 0 {
                picked.append(item.product.id)
                if picked.count == CheckoutRules.recommendationCount { break }
            }
            return picked
        }
    }
}
