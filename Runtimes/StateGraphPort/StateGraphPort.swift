import StateGraph
import Workload

/// The `stategraph` port: the app's state as swift-state-graph nodes (the
/// project's clone of 0.27.0), used as its README teaches: stored nodes for
/// sources, computed nodes for everything derived, views reading node values
/// and observed through each node's own `ObservationRegistrar`.
@MainActor
public final class StateGraphPort: StorefrontPort {
    public nonisolated static let name = "stategraph"

    let store = StoreModel()
    let browsing: BrowsingModel
    let checkout: CheckoutModel
    private let service: StorefrontService

    // HAND-WRITTEN BEGIN: request generations, so a superseded response is
    // rejected. swift-state-graph has no async nodes; Cog's async values do
    // this themselves.
    private var detailGeneration = 0
    private var couponGeneration = 0
    private var quoteGeneration = 0
    // HAND-WRITTEN END

    /// The product models by id, made as they are first asked for.
    let rows = ProductRows()

    /// Faults are injected into the `observable` port only; this port
    /// carries none.
    public init(service: StorefrontService, fault: Fault?) {
        self.service = service
        browsing = BrowsingModel(store: store, rows: rows)
        checkout = CheckoutModel(store: store, rows: rows)
    }

    // Without a transaction API in 0.27.0, an action with several writes
    // makes several stored writes in a row; nothing reads in between, and
    // the harness re-renders only once the action returns.
    public func perform(_ action: UserAction) {
        switch action {
        case .launch: launch()
        case .selectCategory(let category): store.selectedCategory = category
        case .setPage(let page): store.page = page
        case .setQuery(let query): store.query = query
        case .setInStockOnly(let only): store.filters.inStockOnly = only
        case .setPriceRange(let minimum, let maximum):
            // One read and one write: each `store.filters.x = …` would read
            // and write the node, and notify, once per bound.
            var filters = store.filters
            filters.minimumPriceCents = minimum
            filters.maximumPriceCents = maximum
            store.filters = filters
        case .setMinimumRating(let rating): store.filters.minimumRatingTenths = rating
        case .setSort(let order): store.sort = order
        case .openProduct(let id): open(id)
        case .closeProduct:
            store.openProduct = nil
            store.detail = .idle
            detailGeneration += 1  // hand-written
        case .addToCart(let id):
            rows[id].cartQuantity += 1
            setInCart(id, true)  // hand-written
        case .setQuantity(let id, let quantity):
            rows[id].cartQuantity = max(quantity, 0)
            setInCart(id, quantity > 0)  // hand-written
        case .updateStock(let updates): updateStock(updates)
        case .setSale(let category, let percent): store.categories[category].salePercent = percent
        case .applyCoupon(let code): apply(coupon: code)
        case .setZip(let zip): quote(zip)
        case .placeOrder: placeOrder()
        }
    }

    // The cart's membership, a sorted list kept beside the per-product
    // quantities. Derived from the quantities by a computed node, it would
    // read every product's quantity and, as any node that may change,
    // notify its readers on every quantity change; kept by hand, it changes
    // only when a product enters or leaves the cart. (Cog keeps the same
    // list as a source too.)
    // HAND-WRITTEN BEGIN: the sorted membership list, kept by hand
    private func setInCart(_ id: Int, _ inCart: Bool) {
        var ids = store.cartProducts
        let index = ids.firstIndex { $0 >= id } ?? ids.endIndex
        let present = index < ids.endIndex && ids[index] == id
        if inCart, !present {
            ids.insert(id, at: index)
        } else if !inCart, present {
            ids.remove(at: index)
        } else {
            return
        }
        store.cartProducts = ids
    }
    // HAND-WRITTEN END

    // Each category's sold-out ids, kept beside the per-product stock nodes
    // for the in-stock filter. Derived by a computed node from the stock
    // nodes instead, its first run reads every product's stock node, and a
    // node read is the runtime's dominant cost (an Observation key path and
    // thread-local look-ups per read, about 25 k instructions); kept by
    // hand, it changes only when a product's stock crosses zero. The list is
    // read once per category the action touches, not each product's old
    // stock.
    // HAND-WRITTEN BEGIN: the sold-out lists, kept by hand
    private func updateStock(_ updates: [StockUpdate]) {
        // The lists this action changed, each read once, by its node.
        var lists: [(category: CategoryModel, ids: [Int], changed: Bool)] = []
        for update in updates {
            let id = update.productID
            rows.setStock(id, update.stock)
            let category = rows.category(of: id)
            let slot: Int
            if let known = lists.firstIndex(where: { $0.category === category }) {
                slot = known
            } else {
                lists.append((category, category.soldOut, false))
                slot = lists.count - 1
            }
            let index = lists[slot].ids.firstIndex { $0 >= id } ?? lists[slot].ids.endIndex
            let present = index < lists[slot].ids.endIndex && lists[slot].ids[index] == id
            if update.stock == 0, !present {
                lists[slot].ids.insert(id, at: index)
                lists[slot].changed = true
            } else if update.stock != 0, present {
                lists[slot].ids.remove(at: index)
                lists[slot].changed = true
            }
        }
        for list in lists where list.changed { list.category.soldOut = list.ids }
    }
    // HAND-WRITTEN END

    private func launch() {
        Task {
            let catalog = try await service.loadCatalog()
            var soldOut = Array(repeating: [Int](), count: catalog.categoryCount)  // hand-written
            for (product, stock) in zip(catalog.products, catalog.initialStock) where stock == 0 {  // hand-written
                soldOut[product.category].append(product.id)  // hand-written
            }  // hand-written
            let categories = soldOut.indices.map { CategoryModel(index: $0, soldOut: soldOut[$0]) }
            rows.load(catalog.products, stock: catalog.initialStock, categories: categories)  // hand-written
            store.categories = categories
            store.catalog = catalog.products
            service.acknowledge(.applied)
        }
    }

    private func open(_ id: Int) {
        guard store.openProduct != id else { return }
        store.openProduct = id
        store.detail = .loading
        detailGeneration += 1  // hand-written
        let generation = detailGeneration  // hand-written
        Task {
            let result: Remote<String>
            do {
                result = .loaded(try await service.productDetail(id))
            } catch let failure as ServiceFailure {
                result = .failed(failure.reason)
            }
            guard generation == detailGeneration else { return service.acknowledge(.rejected) }  // hand-written
            store.detail = result
            service.acknowledge(.applied)
        }
    }

    private func apply(coupon code: String) {
        guard store.couponCode != code else { return }
        store.couponCode = code
        store.coupon = .validating(code: code)
        store.appliedCoupon = nil
        couponGeneration += 1  // hand-written
        let generation = couponGeneration  // hand-written
        Task {
            let status: CouponStatus
            var applied: Coupon?
            do {
                let coupon = try await service.validateCoupon(code)
                applied = coupon
                status = .applied(code: code, label: coupon.label)
            } catch let failure as ServiceFailure {
                status = .rejected(code: code, reason: failure.reason)
            }
            guard generation == couponGeneration else { return service.acknowledge(.rejected) }  // hand-written
            store.coupon = status
            store.appliedCoupon = applied
            service.acknowledge(.applied)
        }
    }

    private func quote(_ zip: String) {
        guard store.zip != zip else { return }
        store.zip = zip
        store.quote = .loading(zip: zip)
        quoteGeneration += 1  // hand-written
        let generation = quoteGeneration  // hand-written
        Task {
            let status: QuoteStatus
            do {
                status = .quoted(zip: zip, cents: try await service.shippingQuote(zip: zip))
            } catch let failure as ServiceFailure {
                status = .failed(zip: zip, reason: failure.reason)
            }
            guard generation == quoteGeneration else { return service.acknowledge(.rejected) }  // hand-written
            store.quote = status
            service.acknowledge(.applied)
        }
    }

    private func placeOrder() {
        let screen = checkout.screen
        guard screen.ready, let total = screen.totalCents else { return }
        let number = store.orders.count + 1
        store.orders.append(StoreModel.Order(number: number, totalCents: total, confirmed: false))
        for id in store.cartProducts { rows[id].cartQuantity = 0 }
        store.cartProducts = []  // hand-written
        store.couponCode = nil
        store.coupon = .none
        store.appliedCoupon = nil
        couponGeneration += 1  // hand-written
        Task {
            _ = try await service.placeOrder(number: number, totalCents: total)
            store.orders[number - 1].confirmed = true
            service.acknowledge(.applied)
        }
    }
}
