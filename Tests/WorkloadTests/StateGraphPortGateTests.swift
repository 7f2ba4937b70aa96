import Observation
import StateGraphPort
import Synchronization
import Testing
import Verification
import Workload

@MainActor
@Suite("Agreement gate: stategraph")
struct StateGraphPortGateTests {
    @Test("the stategraph port passes the gate at small scale with the shadow model's digest")
    func passesSmall() async throws {
        let report = try await AgreementGate.run(StateGraphPort.self, scale: .small)
        #expect(report.digest == AgreementGate.shadowDigest(scale: .small))
        #expect(report.actions == Script(catalog: Catalog(scale: .small)).actionCount)
        #expect(report.deliveries == 18, "\(report.requestLog)")
    }

    @Test("the stategraph port passes the gate at default scale with the shadow model's digest")
    func passesDefault() async throws {
        let report = try await AgreementGate.run(StateGraphPort.self, scale: .default)
        #expect(report.digest == AgreementGate.shadowDigest(scale: .default))
    }

    @Test("the stategraph port passes under 200 shuffled delivery orders, with the same checkpoints")
    func shuffledDeliveries() async throws {
        let expected = AgreementGate.shadowDigest(scale: .small)
        var orders = Set<[Int]>()
        for seed in 0..<200 {
            let report = try await AgreementGate.run(StateGraphPort.self, scale: .small, shuffleSeed: UInt64(seed))
            // Every phase ends with everything delivered and the newest
            // request winning, so no delivery order may change a checkpoint.
            #expect(report.digest == expected, "seed \(seed)")
            orders.insert(report.deliveryOrder)
        }
        #expect(orders.count > 150)
    }
}

/// Counts change notices; Observation's `onChange` is `@Sendable`.
private final class Notices: Sendable {
    private let count = Mutex(0)
    func hit() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}

@MainActor
@Suite("stategraph port: observing views")
struct StateGraphPortObservationTests {
    /// The runtime sends willSet through a `Task.immediate` main-actor hop;
    /// on the main actor it runs at once, so a view hears of a change before
    /// the action returns, which the harness's refresh relies on.
    @Test("a view's change notice arrives before the action returns")
    func noticeIsSynchronous() {
        let port = StateGraphPort(service: StorefrontService(catalog: Catalog(scale: .small)), fault: nil)
        let notices = Notices()
        withObservationTracking {
            _ = port.render(.grid)
        } onChange: {
            notices.hit()
        }
        port.perform(.setPage(1))
        #expect(notices.value == 1)
    }

    /// Stock is one node per product: a card hears of its own product's
    /// stock, not of another's.
    @Test("a card is invalidated by its own product's stock only")
    func perProductStock() async {
        let service = StorefrontService(catalog: Catalog(scale: .small))
        let port = StateGraphPort(service: service, fault: nil)
        port.perform(.launch)
        await service.waitUntilIssued(1)
        #expect(await service.deliver(0) == .applied)

        let notices = Notices()
        withObservationTracking {
            _ = port.render(.card(productID: 5))
        } onChange: {
            notices.hit()
        }
        port.perform(.updateStock([StockUpdate(productID: 6, stock: 0)]))
        #expect(notices.value == 0)
        port.perform(.updateStock([StockUpdate(productID: 5, stock: 0)]))
        #expect(notices.value == 1)
    }

    /// The cart is a quantity node per product plus the sorted ids of the
    /// carted products: a quantity change notifies that product's card, not
    /// another card and not the recommendations, which read membership only.
    @Test("a quantity change notifies its own card, not another's nor the recommendations")
    func perProductCart() async {
        let service = StorefrontService(catalog: Catalog(scale: .small))
        let port = StateGraphPort(service: service, fault: nil)
        port.perform(.launch)
        await service.waitUntilIssued(1)
        #expect(await service.deliver(0) == .applied)
        port.perform(.openProduct(0))
        await service.waitUntilIssued(2)
        #expect(await service.deliver(1) == .applied)
        port.perform(.addToCart(5))

        let card5 = Notices(), card6 = Notices(), recommendations = Notices()
        withObservationTracking {
            _ = port.render(.card(productID: 5))
        } onChange: {
            card5.hit()
        }
        withObservationTracking {
            _ = port.render(.card(productID: 6))
        } onChange: {
            card6.hit()
        }
        withObservationTracking {
            _ = port.render(.recommendations)
        } onChange: {
            recommendations.hit()
        }
        port.perform(.setQuantity(productID: 5, quantity: 3))
        #expect(card5.value == 1)
        #expect(card6.value == 0)
        #expect(recommendations.value == 0)
        port.perform(.addToCart(6))
        #expect(card6.value == 1)
        #expect(recommendations.value == 1)
    }

    /// The grid's rules read a product's stock only while the in-stock
    /// filter is on, and its price only while a price range or a price sort
    /// asks for it: otherwise a stock or sale change does not reach them.
    @Test("stock and prices reach the grid only while a filter or the sort needs them")
    func conditionalGridDependencies() async {
        let service = StorefrontService(catalog: Catalog(scale: .small))
        let port = StateGraphPort(service: service, fault: nil)
        port.perform(.launch)
        await service.waitUntilIssued(1)
        #expect(await service.deliver(0) == .applied)

        func gridNotices(after action: UserAction) -> Int {
            let notices = Notices()
            withObservationTracking {
                _ = port.render(.grid)
            } onChange: {
                notices.hit()
            }
            port.perform(action)
            return notices.value
        }
        #expect(gridNotices(after: .updateStock([StockUpdate(productID: 5, stock: 121)])) == 0)
        #expect(gridNotices(after: .setSale(category: 0, percent: 30)) == 0)
        #expect(gridNotices(after: .setInStockOnly(true)) == 1)
        // With the filter on, the grid hears of stock through its category's
        // sold-out list: a change that keeps product 7 in stock leaves the
        // list alone, and selling it out does not.
        #expect(gridNotices(after: .updateStock([StockUpdate(productID: 7, stock: 122)])) == 0)
        #expect(gridNotices(after: .updateStock([StockUpdate(productID: 7, stock: 0)])) == 1)
        #expect(gridNotices(after: .setInStockOnly(false)) == 1)
        #expect(gridNotices(after: .updateStock([StockUpdate(productID: 7, stock: 123)])) == 0)
        #expect(gridNotices(after: .setSort(.priceLowToHigh)) == 1)
        #expect(gridNotices(after: .setSale(category: 0, percent: 10)) == 1)
        #expect(gridNotices(after: .setSort(.rating)) == 1)
        #expect(gridNotices(after: .setSale(category: 0, percent: 20)) == 0)
        #expect(gridNotices(after: .setPriceRange(minimumCents: 1_000, maximumCents: nil)) == 1)
        #expect(gridNotices(after: .setSale(category: 0, percent: 0)) == 1)
    }

    /// The recommendations rule ranks candidates first and asks for stock
    /// in rank order only until the panel is full; the panel's screen node
    /// reads its category's sold-out list, so a stock change that sells
    /// nothing out is not a dependency.
    @Test("a stock change that sells nothing out does not reach the recommendations panel")
    func recommendationsReadStockAsNeeded() async {
        let catalog = Catalog(scale: .small)
        let open = 0
        let ranked = catalog.products
            .filter { $0.category == catalog.products[open].category && $0.id != open }
            .sorted { CheckoutRules.recommends($0, before: $1) }
        let shown = ranked.filter { catalog.initialStock[$0.id] > 0 }.prefix(CheckoutRules.recommendationCount)
        let lastShown = ranked.firstIndex { $0.id == shown.last!.id }!
        #expect(shown.count == CheckoutRules.recommendationCount && lastShown + 1 < ranked.count)

        let service = StorefrontService(catalog: catalog)
        let port = StateGraphPort(service: service, fault: nil)
        port.perform(.launch)
        await service.waitUntilIssued(1)
        #expect(await service.deliver(0) == .applied)
        port.perform(.openProduct(open))
        #expect(
            port.render(.recommendations)
                == .recommendations(
                    RecommendationScreen(
                        items: shown.map {
                            RecommendationScreen.Item(product: $0, priceCents: $0.basePriceCents)
                        })))

        let notices = Notices()
        withObservationTracking {
            _ = port.render(.recommendations)
        } onChange: {
            notices.hit()
        }
        // Since round 4 the panel is one screen node that hears stock
        // through its category's sold-out list: a shown product whose stock
        // moves but stays above 0 changes nothing it reads.
        port.perform(.updateStock([StockUpdate(productID: shown.first!.id, stock: 1)]))
        #expect(notices.value == 0)
        port.perform(.updateStock([StockUpdate(productID: shown.first!.id, stock: 0)]))
        #expect(notices.value == 1)
    }
}
