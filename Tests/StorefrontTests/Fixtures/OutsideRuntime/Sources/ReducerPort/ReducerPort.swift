import Observation
import Workload

/// The one observable box the views read. Every view reads all of the
/// state, so every change re-renders every mounted view: the reducer
/// style's cost, paid honestly.
@Observable
@MainActor
final class Store {
    var state = StoreState()
}

/// The Storefront as one state value and a reducer.
@MainActor
public final class ReducerPort: StorefrontPort {
    public nonisolated static let name = "reducer"

    let store = Store()
    private let service: StorefrontService
    /// The deliberate bug `FaultyReducerPort` carries.
    private let headerCountsLines: Bool

    public convenience init(service: StorefrontService, fault: Fault?) {
        self.init(service: service, headerCountsLines: false)
    }

    init(service: StorefrontService, headerCountsLines: Bool) {
        self.service = service
        self.headerCountsLines = headerCountsLines
    }

    public func perform(_ action: UserAction) {
        send(.user(action))
    }

    /// Reduces `event`, acknowledges an answer, and starts the work it asks for.
    private func send(_ event: Event, answering: Bool = false) {
        let (effect, applied) = store.state.reduce(event)
        if answering { service.acknowledge(applied ? .applied : .rejected) }
        if let effect { run(effect) }
    }

    private func run(_ effect: Effect) {
        Task {
            switch effect {
            case .loadCatalog:
                send(.catalogLoaded(try await service.loadCatalog()), answering: true)
            case .loadDetail(let id, let request):
                let answer: Remote<String>
                do {
                    answer = .loaded(try await service.productDetail(id))
                } catch let failure as ServiceFailure {
                    answer = .failed(failure.reason)
                }
                send(.detailAnswered(request: request, answer), answering: true)
            case .validateCoupon(let code, let request):
                do {
                    let coupon = try await service.validateCoupon(code)
                    send(
                        .couponAnswered(request: request, .applied(code: code, label: coupon.label), coupon),
                        answering: true)
                } catch let failure as ServiceFailure {
                    send(
                        .couponAnswered(request: request, .rejected(code: code, reason: failure.reason), nil),
                        answering: true)
                }
            case .quoteShipping(let zip, let request):
                let status: QuoteStatus
                do {
                    status = .quoted(zip: zip, cents: try await service.shippingQuote(zip: zip))
                } catch let failure as ServiceFailure {
                    status = .failed(zip: zip, reason: failure.reason)
                }
                send(.quoteAnswered(request: request, status), answering: true)
            case .placeOrder(let number, let total):
                _ = try await service.placeOrder(number: number, totalCents: total)
                send(.orderConfirmed(number: number), answering: true)
            }
        }
    }

    public var recomputations: Int? { nil }

    public func render(_ view: ViewID) -> Screen {
        let state = store.state
        switch view {
        case .header:
            let count = headerCountsLines ? state.cartIDs.count : state.quantity.reduce(0, +)
            let last = state.orders.last.map { HeaderScreen.orderLabel(number: $0.number, confirmed: $0.confirmed) }
            return .header(HeaderScreen(cartItemCount: count, orderCount: state.orders.count, lastOrder: last))
        case .grid:
            return .grid(GridScreen(productIDs: state.visible, page: state.page))
        case .card(let id):
            let product = state.products[id]
            return .card(
                CardScreen(
                    product: product, priceCents: state.price(product), stock: state.stock[id],
                    inCart: state.quantity[id]))
        case .facets:
            guard !state.products.isEmpty else { return .facets(.empty(selectedCategory: state.selectedCategory)) }
            var counts = Array(repeating: 0, count: state.categoryCount)
            for id in state.matching { counts[state.products[id].category] += 1 }
            return .facets(FacetScreen(counts: counts, selectedCategory: state.selectedCategory))
        case .cart:
            return .cart(CartScreen(lines: state.cartLines))
        case .detail:
            guard let id = state.openProduct, !state.products.isEmpty else { return .detail(.closed) }
            let product = state.products[id]
            return .detail(
                DetailScreen(
                    product: product, priceCents: state.price(product), stock: state.stock[id],
                    inCart: state.quantity[id], description: state.detail))
        case .checkout:
            return .checkout(state.checkout)
        case .recommendations:
            let items = state.recommended.map { id in
                RecommendationScreen.Item(product: state.products[id], priceCents: state.price(state.products[id]))
            }
            return .recommendations(RecommendationScreen(items: items))
        }
    }
}

/// `ReducerPort` with its one deliberate bug: the header shows the number
/// of cart lines where it should show the number of items.
@MainActor
public final class FaultyReducerPort: StorefrontPort {
    public nonisolated static let name = "reducer"

    private let port: ReducerPort

    public init(service: StorefrontService, fault: Fault?) {
        port = ReducerPort(service: service, headerCountsLines: true)
    }

    public func perform(_ action: UserAction) { port.perform(action) }
    public func render(_ view: ViewID) -> Screen { port.render(view) }
    public var recomputations: Int? { nil }
}
