import Testing
import Verification
import Workload

/// The session's data must put every rule on screen, or a bug in a shared
/// rule (which the shadow model and every port call alike) could never show,
/// and a port could skip a case no step exercises. These tests walk the
/// shadow model through the script, step by step, and look at what it shows.
@Suite("the session exercises every rule on screen")
struct SessionCoverageTests {
    /// Every step's mounted screens, with the sources they came from.
    struct Walk {
        var frames: [(sources: StoreSources, screens: [(view: ViewID, screen: Screen)])] = []

        init(scale: Scale, seed: WorkloadSeed? = nil) {
            let catalog = Catalog(scale: scale, seed: seed)
            var shadow = ShadowModel(serving: catalog)
            var shuffle = seed.map { SeededGenerator(seed: $0.shuffleSeed) }
            for phase in Script(catalog: catalog).phases {
                for step in phase.steps {
                    switch step {
                    case .action(let action):
                        shadow.apply(action)
                        frames.append((shadow.sources, shadow.mountedScreens()))
                    case .deliver(let delivery):
                        for sequence in Script.resolve(delivery, pending: shadow.pending, shuffle: &shuffle) {
                            _ = shadow.deliver(sequence)
                            frames.append((shadow.sources, shadow.mountedScreens()))
                        }
                    }
                }
            }
        }
    }

    /// Whether `cents × basisPoints / 10,000` lands exactly on half a cent.
    static func isTie(_ cents: Int, basisPoints: Int) -> Bool {
        basisPoints > 0 && (cents * basisPoints) % 10_000 == 5_000
    }

    static let scales: [Scale] = [.small, .default]

    @Test("a sale price on a half-cent tie is shown on a card", arguments: scales)
    func salePriceTie(scale: Scale) {
        let walk = Walk(scale: scale)
        let tied = walk.frames.contains { frame in
            frame.screens.contains { entry in
                guard case .card(let card) = entry.screen, let catalog = frame.sources.catalog else { return false }
                let product = catalog.products[card.productID]
                return Self.isTie(
                    product.basePriceCents, basisPoints: frame.sources.salePercent[product.category] * 100)
            }
        }
        #expect(tied)
    }

    @Test("checkout shows a tax or coupon discount on a half-cent tie", arguments: scales)
    func checkoutTie(scale: Scale) {
        let walk = Walk(scale: scale)
        let tied = walk.frames.contains { frame in
            frame.screens.contains { entry in
                guard case .checkout(let checkout) = entry.screen else { return false }
                let taxTie = Self.isTie(
                    checkout.subtotalCents - checkout.discountCents, basisPoints: Money.taxBasisPoints)
                var discountTie = false
                if case .percentOff(let percent) = frame.sources.appliedCoupon {
                    discountTie = Self.isTie(checkout.subtotalCents, basisPoints: percent * 100)
                }
                return checkout.subtotalCents > 0 && (taxTie || discountTie)
            }
        }
        #expect(tied)
    }

    @Test("the grid shows a page past the last one and a search that matches nothing", arguments: scales)
    func emptyPages(scale: Scale) {
        let walk = Walk(scale: scale)
        let facetsAndGrids = walk.frames.compactMap { frame -> (FacetScreen, GridScreen)? in
            guard frame.sources.catalog != nil,
                case .facets(let facets)? = frame.screens.first(where: { $0.view == .facets })?.screen,
                case .grid(let grid)? = frame.screens.first(where: { $0.view == .grid })?.screen
            else { return nil }
            return (facets, grid)
        }
        #expect(facetsAndGrids.contains { $0.1.productIDs.isEmpty && $0.0.resultCount > 0 }, "a page past the last")
        #expect(
            facetsAndGrids.contains { $0.0.resultCount == 0 && $0.0.counts.allSatisfy { $0 == 0 } },
            "a search with no match")
    }

    @Test("a recommended product sells out while its panel is shown, and leaves it", arguments: scales)
    func soldOutRecommendation(scale: Scale) {
        let walk = Walk(scale: scale)
        var left = false
        for (before, after) in zip(walk.frames, walk.frames.dropFirst()) {
            guard before.sources.openProduct != nil, before.sources.openProduct == after.sources.openProduct,
                case .recommendations(let was)? = before.screens.first(where: { $0.view == .recommendations })?.screen,
                case .recommendations(let now)? = after.screens.first(where: { $0.view == .recommendations })?.screen
            else { continue }
            for item in was.items where !now.items.contains(where: { $0.productID == item.productID }) {
                if after.sources.stock[item.productID] == 0, before.sources.stock[item.productID] > 0 { left = true }
            }
        }
        #expect(left)
    }

    @Test("every stock badge is shown", arguments: scales)
    func everyBadge(scale: Scale) {
        let walk = Walk(scale: scale)
        var badges = Set<String>()
        for frame in walk.frames {
            for entry in frame.screens {
                switch entry.screen {
                case .card(let card): badges.insert(card.badge)
                case .detail(let detail) where detail.productID != nil: badges.insert(detail.badge)
                default: break
                }
            }
        }
        #expect(badges.contains("Sold out"))
        #expect(badges.contains("In stock"))
        #expect(badges.contains { $0.hasPrefix("Only ") })
    }
}

/// The gate's later session plays every browse combination
/// (`BrowseCoverage`) at every scale, on seed 42 with its shuffled delivery
/// order as the gate plays it and on the default workload too, so a rule
/// wrong in one combination is on screen there.
@Suite("the session plays every browse combination")
struct BrowseCombinationTests {
    static let sessions: [(scale: Scale, seed: WorkloadSeed?)] = [
        (.small, nil), (.default, nil), (.large, nil), (.small, WorkloadSeed(42)), (.default, WorkloadSeed(42)),
    ]

    @Test("no combination is left unplayed", arguments: sessions.indices)
    func everyCombination(session: Int) {
        let (scale, seed) = Self.sessions[session]
        let catalog = Catalog(scale: scale, seed: seed)
        let reached = BrowseCoverage.reached(
            catalog: catalog, phases: Script.walkingEveryCombination(catalog: catalog).phases,
            shuffleSeed: seed?.shuffleSeed)
        let unreached = BrowseCoverage.required(categories: catalog.categoryCount).subtracting(reached)
        #expect(
            unreached.isEmpty,
            "\(scale) \(seed.map { "seed \($0)" } ?? "default"): \(unreached.count) unplayed: \(unreached.map(\.description).sorted().joined(separator: "; "))"
        )
    }

    @Test("the gate's later session walks every combination; the measured session does not")
    func gatePlaysTheWalks() {
        let sessions = AgreementGate.sessions(AgreementGate.sessionCount, after: nil)
        #expect(sessions.map(\.walksEveryCombination) == [false, true])
        let catalog = Catalog(scale: .small)
        let measured = BrowseCoverage.reached(catalog: catalog, phases: Script(catalog: catalog).phases)
        #expect(
            measured.count == 11,
            "the measured session plays 11 of the \(BrowseCoverage.required(categories: 6).count) cells")
    }

    @Test("a step that shows nothing new plays no combination")
    func invisibleStepsDoNotCount() {
        let catalog = Catalog(scale: .small)
        let launch = Phase(name: "launch", steps: [.action(.launch), .deliver(.all)])
        let sorted = Phase(name: "sorted", steps: [.action(.setSort(.rating)), .action(.setPage(1))])
        let repeated = Phase(name: "repeated", steps: [.action(.setSort(.rating)), .action(.setPage(1))])
        let played = BrowseCoverage.reached(catalog: catalog, phases: [launch, sorted])
        #expect(played == [BrowseCoverage.Combination(.page, under: .sort(.rating))])
        #expect(BrowseCoverage.reached(catalog: catalog, phases: [launch, sorted, repeated]) == played)
    }
}
