import StateGraph
import Workload

/// The grid's derived values as computed nodes (`@GraphComputed` on an app
/// model that reads the store). Each is cached until something it read last
/// time changes; rules read through the store's forwarding accessors, so
/// every read records an edge, and a short-circuited condition reads (and so
/// depends on) less.
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
        let matching = Computed(name: "matching") { [store] _ in
            let query = store.query
            let filters = store.filters
            return store.products.filter { item in
                Browsing.matches(item.product, query: query)
                    && Browsing.passes(filters, priceCents: item.price, stock: item.stock,
                                       ratingTenths: item.product.ratingTenths)
            }.map(\.product.id)
        }
        let listed = Computed(name: "listed") { [store] _ in
            let products = store.products
            let category = store.selectedCategory
            let order = store.sort
            // Each price is read once, before sorting, rather than inside the
            // comparator: every read inside a rule records an edge.
            let rows = matching.wrappedValue.compactMap { id -> (product: Product, price: Int)? in
                let item = products[id]
                guard category == nil || item.product.category == category else { return nil }
                return (item.product, item.price)
            }
            return rows.sorted { Browsing.precedes($0.product, $0.price, $1.product, $1.price, by: order) }
                .map(\.product.id)
        }
        let visibleIDs = Computed(name: "visibleIDs") { [store] _ in
            Array(Browsing.page(listed.wrappedValue, page: store.page))
        }
        let facetCounts = Computed(name: "facetCounts") { [store] _ in
            let products = store.products
            var counts = Array(repeating: 0, count: store.categories.count)
            for id in matching.wrappedValue { counts[products[id].product.category] += 1 }
            return counts
        }
        let recommendations = Computed(name: "recommendations") { [store] _ in
            guard let open = store.openProduct else { return [Int]() }
            let products = store.products
            guard !products.isEmpty else { return [] }
            let category = products[open].product.category
            let cart = store.cart
            return products
                .filter { item in
                    item.product.category == category && item.product.id != open
                        && cart[item.product.id] == nil && item.stock > 0
                }
                .map(\.product)
                .sorted(by: CheckoutRules.recommends)
                .prefix(CheckoutRules.recommendationCount)
                .map(\.id)
        }
        _matching = matching
        _listed = listed
        _visibleIDs = visibleIDs
        _facetCounts = facetCounts
        _recommendations = recommendations
    }
}
