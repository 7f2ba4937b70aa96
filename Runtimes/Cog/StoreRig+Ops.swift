import Cog
import Workload

/// The app's named operations: every write is one turn named after its
/// method, as the design documents ask.
extension CogOps {
    func connect(to service: StorefrontService) { turn(_serviceCog, to: service) }

    func loadCatalog(_ catalog: Catalog) {
        turn { c in
            c[_catalogCog] = catalog
            for (id, stock) in catalog.initialStock.enumerated() { c[_stockCogs[id]] = stock }
        }
    }

    func selectCategory(_ category: Int?) { turn(_selectedCategoryCog, to: category) }
    func showPage(_ page: Int) { turn(_pageCog, to: page) }
    func search(_ query: String) { turn(_queryCog, to: query) }
    func showInStockOnly(_ only: Bool) { turn { c in c[_filtersCog].inStockOnly = only } }

    func limitPrice(minimum: Int?, maximum: Int?) {
        turn { c in
            c[_filtersCog].minimumPriceCents = minimum
            c[_filtersCog].maximumPriceCents = maximum
        }
    }

    func requireRating(_ tenths: Int) { turn { c in c[_filtersCog].minimumRatingTenths = tenths } }
    func sort(by order: SortOrder) { turn(_sortCog, to: order) }

    func addToCart(_ id: Int) {
        turn { c in
            c[_cartQuantityCogs[id]] += 1
            if !c[_cartProductsCog].contains(id) { c[_cartProductsCog] = (c[_cartProductsCog] + [id]).sorted() }  // hand-written
        }
    }

    func setQuantity(_ id: Int, to quantity: Int) {
        turn { c in
            c[_cartQuantityCogs[id]] = max(quantity, 0)
            let inCart = c[_cartProductsCog].contains(id)  // hand-written
            if quantity > 0, !inCart { c[_cartProductsCog] = (c[_cartProductsCog] + [id]).sorted() }  // hand-written
            if quantity <= 0, inCart { c[_cartProductsCog].removeAll { $0 == id } }  // hand-written
        }
    }

    func updateStock(_ updates: [StockUpdate]) {
        turn { c in
            for update in updates { c[_stockCogs[update.productID]] = update.stock }
        }
    }

    func setSale(category: Int, percent: Int) { turn(_salePercentCogs[category], to: percent) }

    /// Opens a product, which asks for its description. Returns the handle
    /// that follows that request, or nil when the product was already open.
    func openProduct(_ id: Int) -> CogRefresh? {
        guard peek(_openProductCog.readOnly) != id else { return nil }
        return turnStartingRequest(productDetailCog) { c in c[_openProductCog] = id }
    }

    func closeProduct() { turn(_openProductCog, to: nil) }

    /// Enters a coupon code, which asks for its validation; nil when the
    /// code was already entered.
    func applyCoupon(_ code: String) -> CogRefresh? {
        guard peek(_couponCodeCog.readOnly) != code else { return nil }
        return turnStartingRequest(couponCog) { c in c[_couponCodeCog] = code }
    }

    /// Enters a ZIP code, which asks for a shipping quote; nil when the ZIP
    /// code was already entered.
    func enterZip(_ zip: String) -> CogRefresh? {
        guard peek(_zipCog.readOnly) != zip else { return nil }
        return turnStartingRequest(shippingQuoteCog) { c in c[_zipCog] = zip }
    }

    /// One turn that writes a request's input. The refresh joins the turn, so
    /// the write and the refresh start one generation, and the returned
    /// handle follows exactly that request.
    private func turnStartingRequest<Request: CogStatusReadable>(
        _ request: Request, name: String = #function, _ write: (CogWriter) -> Void
    ) -> CogRefresh {
        var handle: CogRefresh?
        turn(name) { c in
            write(c)
            handle = refresh(request)
        }
        return handle!
    }

    /// Records the order, clears the cart and the coupon: one turn.
    func placeOrder(number: Int, totalCents: Int) {
        turn { c in
            c[_ordersCog].append(PlacedOrder(number: number, totalCents: totalCents, confirmed: false))
            for id in c[_cartProductsCog] { c[_cartQuantityCogs[id]] = 0 }
            c[_cartProductsCog] = []  // hand-written
            c[_couponCodeCog] = nil
        }
    }

    func confirmOrder(_ number: Int) { turn { c in c[_ordersCog][number - 1].confirmed = true } }
}
