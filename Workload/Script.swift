/// Which pending response the script hands over next.
public enum Delivery: Sendable, Hashable {
    /// The oldest pending request of a slot (a stale one, when a newer exists).
    case oldest(RequestSlot)
    /// The newest pending request of a slot.
    case newest(RequestSlot)
    /// Every pending request, oldest first.
    case all
}

/// One step of the session.
public enum Step: Sendable, Hashable {
    case action(UserAction)
    case deliver(Delivery)
}

/// A named phase: its steps, then a checkpoint.
public struct Phase: Sendable {
    public var name: String
    public var steps: [Step]

    public init(name: String, steps: [Step]) {
        self.name = name
        self.steps = steps
    }
}

/// The eleven-phase session, identical for every port. It is built from the
/// catalog so that it names products that exist, are visible, are carted or
/// are cold, at every scale.
public struct Script: Sendable {
    public var phases: [Phase]

    public var actionCount: Int {
        phases.reduce(0) { $0 + $1.steps.filter { if case .action = $0 { true } else { false } }.count }
    }

    /// Picks the requests a delivery hands over, in delivery order. With a
    /// shuffle generator the same number of responses is delivered, drawn
    /// at random from everything pending: the actions stay as scripted,
    /// only the service's timing changes.
    public static func resolve(
        _ delivery: Delivery, pending: [StorefrontService.Pending],
        shuffle: inout SeededGenerator?
    ) -> [Int] {
        let chosen: [Int]
        switch delivery {
        case .oldest(let slot):
            chosen = pending.first { $0.request.slot == slot }.map { [$0.sequence] } ?? []
        case .newest(let slot):
            chosen = pending.last { $0.request.slot == slot }.map { [$0.sequence] } ?? []
        case .all:
            chosen = pending.map(\.sequence)
        }
        guard var generator = shuffle else { return chosen }
        var pool = pending.map(\.sequence)
        var picked: [Int] = []
        for _ in chosen where !pool.isEmpty {
            picked.append(pool.remove(at: generator.int(in: 0...(pool.count - 1))))
        }
        shuffle = generator
        return picked
    }

    public init(phases: [Phase]) {
        self.phases = phases
    }

    /// The memory funnel: launch, browse, search, then open `opens`
    /// products one after another (each answer delivered), then close the
    /// detail. What a runtime still holds afterwards is per-product state it
    /// kept for screens that are gone.
    public static func funnel(catalog: Catalog, opens: Int) -> Script {
        let products = catalog.products.prefix(opens).map(\.id)
        return Script(phases: [
            Phase(name: "launch", steps: [.action(.launch), .deliver(.all)]),
            Phase(
                name: "browse",
                steps: [
                    .action(.selectCategory(0)), .action(.setPage(1)), .action(.selectCategory(nil)),
                    .action(.setPage(0)),
                ]),
            Phase(name: "search", steps: ["k", "ke", "ket", ""].map { .action(.setQuery($0)) }),
            Phase(
                name: "open-products",
                steps: products.flatMap { [.action(.openProduct($0)), .deliver(.all)] }
                    + [.action(.closeProduct)]),
        ])
    }

    /// The growth suite's session: the eleven-phase script up to and
    /// including the cart phase, then, with `extraCartLines` > 0, a phase
    /// that adds that many more products to the cart, one line each. The
    /// lines are in-stock products from the end of the catalog, away from
    /// the ones the script names, so a bigger cart changes nothing else.
    public static func growth(catalog: Catalog, extraCartLines: Int) -> Script {
        let standard = Script(catalog: catalog).phases
        var phases = Array(standard.prefix { $0.name != "inventory-burst" })
        guard extraCartLines > 0 else { return Script(phases: phases) }
        var carted = Set<Int>()
        for phase in phases {
            for case .action(.addToCart(let id)) in phase.steps { carted.insert(id) }
        }
        let extra = catalog.products.reversed().lazy.map(\.id)
            .filter { !carted.contains($0) && catalog.initialStock[$0] > 0 }
            .prefix(extraCartLines)
        precondition(extra.count == extraCartLines, "the catalog has too few in-stock products for that cart")
        phases.append(Phase(name: "fill-cart", steps: extra.map { .action(.addToCart($0)) }))
        return Script(phases: phases)
    }

    /// The eleven-phase session every suite measures.
    public init(catalog: Catalog) {
        self.init(catalog: catalog, walkingEveryCombination: false)
    }

    /// The eleven phases with every browse combination walked
    /// (`BrowseCoverage`, `CombinationWalk`): each browse input changed
    /// under each filter, sort, later page and category. The agreement gate
    /// plays it in its later sessions, so a rule wrong in a state the
    /// measured session never reaches is caught; the suites measure the
    /// session as an app plays it, without the walks.
    public static func walkingEveryCombination(catalog: Catalog) -> Script {
        Script(catalog: catalog, walkingEveryCombination: true)
    }

    private init(catalog: Catalog, walkingEveryCombination walks: Bool) {
        let products = catalog.products
        let categories = catalog.categoryCount
        // Products the phases name: the first ones the featured grid shows,
        // one whose detail fails, and a cold one far down the catalog.
        let visible = Array(products.prefix(Browsing.pageSize).map(\.id))
        let failing = products.first { ServiceAnswers.detail(for: $0.id).isFailure }!.id
        let cold = products[products.count - 3].id
        let a = visible[1], b = visible[4], c = visible[7], d = visible[10], e = visible[16]
        let carted = [a, b, c, cold]
        precondition(
            ![a, b, c, d, e, cold].contains(failing), "the script's products must differ from the failing one")

        var phases: [Phase] = []

        phases.append(Phase(name: "launch", steps: [.action(.launch), .deliver(.all)]))

        var browse: [Step] = (0..<min(4, categories)).map { .action(.selectCategory($0)) }
        browse += [1, 2, 1, 0].map { .action(.setPage($0)) }
        // A page past the last one (an old link) shows an empty grid.
        let pastLastPage = products.count / Browsing.pageSize + 1
        browse += [
            .action(.selectCategory(nil)), .action(.setPage(3)), .action(.setPage(pastLastPage)),
            .action(.setPage(0)),
        ]
        phases.append(Phase(name: "browse", steps: browse))

        let query = "kettle"
        var search: [Step] = (1...query.count).map { .action(.setQuery(String(query.prefix($0)))) }
        search += (0..<query.count).reversed().map { .action(.setQuery(String(query.prefix($0)))) }
        // A plural no name or tag has matches nothing: an empty grid, every
        // facet count zero.
        search += ["tr", "tra", "trav", "teapots"].map { .action(.setQuery($0)) } + [.action(.setQuery(""))]
        phases.append(Phase(name: "search", steps: search))

        var refine: [Step] = [
            .action(.setInStockOnly(true)),
            .action(.setPriceRange(minimumCents: 1_000, maximumCents: 20_000)),
            .action(.setMinimumRating(30)),
        ]
        refine += [SortOrder.priceLowToHigh, .priceHighToLow, .rating, .name, .featured].map { .action(.setSort($0)) }
        refine += [
            .action(.setMinimumRating(0)),
            .action(.setPriceRange(minimumCents: nil, maximumCents: nil)),
            .action(.setInStockOnly(false)),
        ]
        if walks { refine += CombinationWalk.browsing(catalog: catalog, after: phases, then: refine) }
        phases.append(Phase(name: "refine", steps: refine))

        // Requests overlap so that their responses can arrive in many
        // orders: four details, then three coupons, then three quotes.
        phases.append(
            Phase(
                name: "product-detail",
                steps: [
                    .action(.openProduct(a)), .action(.openProduct(b)), .action(.openProduct(c)),
                    .action(.openProduct(e)),
                    .deliver(.newest(.detail)), .deliver(.oldest(.detail)), .deliver(.all),
                    .action(.openProduct(failing)), .deliver(.all),
                    .action(.openProduct(d)), .action(.openProduct(a)), .deliver(.oldest(.detail)), .deliver(.all),
                ]))

        phases.append(
            Phase(
                name: "cart",
                steps: [
                    .action(.addToCart(a)), .action(.addToCart(b)), .action(.addToCart(b)), .action(.addToCart(c)),
                    .action(.setQuantity(productID: c, quantity: 3)), .action(.addToCart(d)),
                    .action(.setQuantity(productID: d, quantity: 0)), .action(.addToCart(cold)),
                    .action(.setQuantity(productID: b, quantity: 1)),
                ]))

        // Hundreds of stock updates in one action over visible, carted and
        // cold products; every seventh sells out. Then single updates, then
        // the carted products are restocked so checkout can become ready.
        var generator = SeededGenerator(seed: 0x1AB0_57)
        let burstSize = min(products.count, 400)
        var burst: [StockUpdate] = []
        var touched = Set<Int>()
        for id in visible + carted where touched.insert(id).inserted {
            burst.append(StockUpdate(productID: id, stock: id % 7 == 0 ? 0 : generator.int(in: 1...30)))
        }
        while burst.count < burstSize {
            let id = generator.int(in: 0...(products.count - 1))
            guard touched.insert(id).inserted else { continue }
            burst.append(StockUpdate(productID: id, stock: id % 7 == 0 ? 0 : generator.int(in: 0...30)))
        }
        // The open product's top recommendation sells out first, so the
        // panel must drop it for the next candidate.
        var inventory: [Step] = []
        if let top = Rehearsal(catalog: catalog, phases: phases).shadow.recommendations().items.first {
            inventory.append(.action(.updateStock([StockUpdate(productID: top.productID, stock: 0)])))
        }
        inventory.append(.action(.updateStock(burst)))
        inventory += [c, visible[2], cold, visible[5], a].map {
            .action(.updateStock([StockUpdate(productID: $0, stock: 1)]))
        }
        inventory += (0..<10).map { index in
            .action(.updateStock([StockUpdate(productID: visible[(index * 5) % visible.count], stock: index)]))
        }
        // With the walks: stock changes while the shopper browses under each
        // filter, sort and category, before the carted products are restocked.
        if walks { inventory += CombinationWalk.stockChanges(catalog: catalog, after: phases, then: inventory) }
        inventory.append(.action(.updateStock(carted.map { StockUpdate(productID: $0, stock: 50) })))
        phases.append(Phase(name: "inventory-burst", steps: inventory))

        // With the walks, sales change while the shopper browses under each
        // filter, sort and category. Then the shopper browses the sale's
        // category while its prices change.
        let cartCategory = products[a].category
        phases.append(
            Phase(
                name: "promotion",
                steps: (walks ? CombinationWalk.saleChanges(catalog: catalog, after: phases, then: []) : []) + [
                    .action(.setSale(category: cartCategory, percent: 20)),
                    .action(.setSort(.priceLowToHigh)),
                    .action(.selectCategory(cartCategory)),
                    .action(.setSale(category: (cartCategory + 1) % categories, percent: 35)),
                    .action(.setSale(category: cartCategory, percent: 15)),
                    .action(.setSort(.featured)),
                    .action(.selectCategory(nil)),
                ]))

        phases.append(
            Phase(
                name: "coupon",
                steps: [
                    .action(.applyCoupon("SAVE10")), .action(.applyCoupon("SAVE25")), .action(.applyCoupon("FLAT500")),
                    .deliver(.oldest(.coupon)), .deliver(.newest(.coupon)), .deliver(.all),
                    .action(.applyCoupon("BOGUS")), .deliver(.all),
                    .action(.applyCoupon("SAVE10")), .deliver(.all),
                ]))

        var checkout: [Step] = [
            .action(.setZip("00501")), .deliver(.all),
            .action(.setZip("94110")), .action(.setZip("10001")), .action(.setZip("60601")),
            .deliver(.newest(.quote)), .deliver(.all),
        ]
        // A last quantity change, chosen so the tax or the coupon's
        // discount lands on half a cent: the rounding rule on screen.
        let rehearsal = Rehearsal(catalog: catalog, phases: phases + [Phase(name: "checkout", steps: checkout)])
        checkout.append(
            .action(
                rehearsal.quantityChangeOnHalfCent(among: [a, b, c, cold])
                    ?? .setQuantity(productID: a, quantity: 2)))
        phases.append(Phase(name: "checkout", steps: checkout))

        phases.append(Phase(name: "place-order", steps: [.action(.placeOrder), .deliver(.all)]))

        self.phases = phases
    }
}

extension Result {
    var isFailure: Bool {
        if case .failure = self { return true }
        return false
    }
}
