import Cog
import Workload

/// The app's named operations: every write is one turn named after its
/// method, as the design documents ask.
extension CogOps {
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

    func addToCart(_ id: Int) { turn { c in c[_cartCog][id, default: 0] += 1 } }
    func setQuantity(_ id: Int, to quantity: Int) { turn { c in c[_cartCog][id] = quantity > 0 ? quantity : nil } }

    func updateStock(_ updates: [StockUpdate]) {
        turn { c in
            for update in updates { c[_stockCogs[update.productID]] = update.stock }
        }
    }

    func setSale(category: Int, percent: Int) { turn(_salePercentCogs[category], to: percent) }

    func openProduct(_ id: Int) {
        turn { c in
            c[_openProductCog] = id
            c[_detailCog] = .loading
        }
    }

    func closeProduct() {
        turn { c in
            c[_openProductCog] = nil
            c[_detailCog] = .idle
        }
    }

    func showDetail(_ detail: Remote<String>) { turn(_detailCog, to: detail) }

    func beginCouponValidation(_ code: String) {
        turn { c in
            c[_couponCodeCog] = code
            c[_couponStatusCog] = .validating(code: code)
            c[_appliedCouponCog] = nil
        }
    }

    func finishCouponValidation(_ status: CouponStatus, applying coupon: Coupon?) {
        turn { c in
            c[_couponStatusCog] = status
            c[_appliedCouponCog] = coupon
        }
    }

    func beginQuote(_ zip: String) {
        turn { c in
            c[_zipCog] = zip
            c[_quoteCog] = .loading(zip: zip)
        }
    }

    func finishQuote(_ status: QuoteStatus) { turn(_quoteCog, to: status) }

    /// Records the order, clears the cart and the coupon: one turn.
    func placeOrder(number: Int, totalCents: Int) {
        turn { c in
            c[_ordersCog].append(PlacedOrder(number: number, totalCents: totalCents, confirmed: false))
            c[_cartCog] = [:]
            c[_couponCodeCog] = nil
            c[_couponStatusCog] = .none
            c[_appliedCouponCog] = nil
        }
    }

    func confirmOrder(_ number: Int) { turn { c in c[_ordersCog][number - 1].confirmed = true } }
}
