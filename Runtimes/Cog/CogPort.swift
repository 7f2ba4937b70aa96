import Cog
import CogTesting
import Workload

/// The `cog` port: the Storefront on Cog, used as its design documents tell
/// an app to use it. Each action is one named op (one turn); each view
/// reads its screen's cog through `cogs[...]`, so Observation tracks exactly
/// the states it shows and Cog notifies only views whose value changed.
@MainActor
public final class CogPort: StorefrontPort {
    public static let name = "cog"

    /// One runtime per session. The production `Cogs.assemble` may run once
    /// per process; the benchmark starts a fresh session per iteration, so it
    /// builds each runtime with the testing constructor: the same class and
    /// graph, without claiming the app's assembly slot.
    let cogs = Cogs.forTesting()
    private let service: StorefrontService
    // Until Cog's async values land, requests run in tasks with a generation
    // per request kind, as the plain ports do.
    private var generations: [RequestSlot: Int] = [:]

    public init(service: StorefrontService, fault: Fault?) {
        self.service = service
    }

    public func perform(_ action: UserAction) {
        switch action {
        case .launch: launch()
        case .selectCategory(let category): cogs.selectCategory(category)
        case .setPage(let page): cogs.showPage(page)
        case .setQuery(let query): cogs.search(query)
        case .setInStockOnly(let only): cogs.showInStockOnly(only)
        case .setPriceRange(let minimum, let maximum): cogs.limitPrice(minimum: minimum, maximum: maximum)
        case .setMinimumRating(let tenths): cogs.requireRating(tenths)
        case .setSort(let order): cogs.sort(by: order)
        case .openProduct(let id): open(id)
        case .closeProduct:
            nextGeneration(.detail)
            cogs.closeProduct()
        case .addToCart(let id): cogs.addToCart(id)
        case .setQuantity(let id, let quantity): cogs.setQuantity(id, to: quantity)
        case .updateStock(let updates): cogs.updateStock(updates)
        case .setSale(let category, let percent): cogs.setSale(category: category, percent: percent)
        case .applyCoupon(let code): validate(code)
        case .setZip(let zip): quote(zip)
        case .placeOrder: placeOrder()
        }
    }

    @discardableResult
    private func nextGeneration(_ slot: RequestSlot) -> Int {
        generations[slot, default: 0] += 1
        return generations[slot]!
    }

    private func launch() {
        Task {
            cogs.loadCatalog(try await service.loadCatalog())
            service.acknowledge(.applied)
        }
    }

    private func open(_ id: Int) {
        guard cogs.peek(_openProductCog.readOnly) != id else { return }
        cogs.openProduct(id)
        let generation = nextGeneration(.detail)
        Task {
            let detail: Remote<String>
            do {
                detail = .loaded(try await service.productDetail(id))
            } catch let failure as ServiceFailure {
                detail = .failed(failure.reason)
            }
            guard generations[.detail] == generation else { return service.acknowledge(.rejected) }
            cogs.showDetail(detail)
            service.acknowledge(.applied)
        }
    }

    private func validate(_ code: String) {
        guard cogs.peek(_couponCodeCog.readOnly) != code else { return }
        cogs.beginCouponValidation(code)
        let generation = nextGeneration(.coupon)
        Task {
            do {
                let coupon = try await service.validateCoupon(code)
                guard generations[.coupon] == generation else { return service.acknowledge(.rejected) }
                cogs.finishCouponValidation(.applied(code: code, label: coupon.label), applying: coupon)
            } catch let failure as ServiceFailure {
                guard generations[.coupon] == generation else { return service.acknowledge(.rejected) }
                cogs.finishCouponValidation(.rejected(code: code, reason: failure.reason), applying: nil)
            }
            service.acknowledge(.applied)
        }
    }

    private func quote(_ zip: String) {
        guard cogs.peek(_zipCog.readOnly) != zip else { return }
        cogs.beginQuote(zip)
        let generation = nextGeneration(.quote)
        Task {
            let status: QuoteStatus
            do {
                status = .quoted(zip: zip, cents: try await service.shippingQuote(zip: zip))
            } catch let failure as ServiceFailure {
                status = .failed(zip: zip, reason: failure.reason)
            }
            guard generations[.quote] == generation else { return service.acknowledge(.rejected) }
            cogs.finishQuote(status)
            service.acknowledge(.applied)
        }
    }

    private func placeOrder() {
        let checkout = cogs.peek(checkoutCog)
        guard checkout.ready, let total = checkout.totalCents else { return }
        let number = cogs.peek(_ordersCog.readOnly).count + 1
        nextGeneration(.coupon)
        cogs.placeOrder(number: number, totalCents: total)
        Task {
            _ = try await service.placeOrder(number: number, totalCents: total)
            cogs.confirmOrder(number)
            service.acknowledge(.applied)
        }
    }

    // MARK: Views

    public func render(_ view: ViewID) -> Screen {
        switch view {
        case .header: .header(cogs[headerCog])
        case .grid: .grid(GridScreen(productIDs: cogs[visibleCog], page: cogs[_pageCog.readOnly]))
        case .card(let id): .card(cogs[cardCogs[id]]!)
        case .facets: .facets(facets())
        case .cart: .cart(cogs[cartCog])
        case .detail: .detail(cogs[detailScreenCog])
        case .checkout: .checkout(cogs[checkoutCog])
        case .recommendations: .recommendations(RecommendationScreen(items: cogs[recommendationsCog]))
        }
    }

    private func facets() -> FacetScreen {
        let selected = cogs[_selectedCategoryCog.readOnly]
        let counts = cogs[facetCountsCog]
        return counts.isEmpty ? .empty(selectedCategory: selected) : FacetScreen(counts: counts, selectedCategory: selected)
    }
}
