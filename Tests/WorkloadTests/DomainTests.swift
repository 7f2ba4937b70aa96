import Testing
import Workload

@Suite("Workload domain")
struct DomainTests {
    @Test("money rounds half up in integer cents")
    func moneyRounding() {
        #expect(Money.share(of: 1_000, basisPoints: 825) == 83)  // 82.5 → 83
        #expect(Money.share(of: 999, basisPoints: 825) == 82)  // 82.41 → 82
        #expect(Money.effectivePrice(baseCents: 1_999, salePercent: 15) == 1_699)  // 299.85 off → 300
        #expect(Money.effectivePrice(baseCents: 1_000, salePercent: 0) == 1_000)
        #expect(Money.shipping(discountedSubtotalCents: 7_500, quoteCents: 649) == 0)
        #expect(Money.shipping(discountedSubtotalCents: 7_499, quoteCents: 649) == 649)
        #expect(Money.format(1_205) == "$12.05")
    }

    @Test("the catalog is the same for the same seed, and scales as named")
    func catalogDeterminism() {
        let first = Catalog(scale: .small)
        let second = Catalog(scale: .small)
        #expect(first.products == second.products)
        #expect(first.initialStock == second.initialStock)
        #expect(first.products.count == 240 && first.categoryCount == 6)
        #expect(Catalog(scale: .default).products.count == 2_400)
        #expect(Catalog(scale: .default).categoryCount == 12)
        #expect(Set(first.products.map(\.category)) == Set(0..<6))
        #expect(first.initialStock.contains(0))
    }

    @Test("coupons never discount more than the subtotal")
    func coupons() {
        #expect(Coupon.flatCents(500).discount(onSubtotal: 300) == 300)
        #expect(Coupon.percentOff(10).discount(onSubtotal: 1_005) == 101)
    }

    @Test("the script has eleven phases and one action per keystroke")
    func scriptShape() {
        let script = Script(catalog: Catalog(scale: .small))
        #expect(
            script.phases.map(\.name) == [
                "launch", "browse", "search", "refine", "product-detail", "cart",
                "inventory-burst", "promotion", "coupon", "checkout", "place-order",
            ])
        let search = script.phases[2].steps
        #expect(search.first == .action(.setQuery("k")))
        #expect(search.contains(.action(.setQuery("kettle"))))
        // The burst is one bulk update, after the top recommendation sells out.
        func bulkUpdateSizes(_ script: Script) -> [Int] {
            script.phases[6].steps.compactMap { step in
                if case .action(.updateStock(let updates)) = step, updates.count > 1 { updates.count } else { nil }
            }
        }
        #expect(bulkUpdateSizes(script).first == 240)
        #expect(bulkUpdateSizes(Script(catalog: Catalog(scale: .default))).first == 400)
    }

    @Test("the shadow model's session ends with one confirmed order and nothing outstanding")
    func shadowSession() {
        let schedule = SessionSchedule(catalog: Catalog(scale: .small))
        let shadow = schedule.finalState
        #expect(shadow.pending.isEmpty)
        #expect(shadow.sources.orders.count == 1)
        #expect(shadow.sources.orders.first?.confirmed == true)
        #expect(shadow.sources.cart.isEmpty)
        let rejected = schedule.phases.flatMap(\.steps).filter { step in
            if case .deliver(_, applied: false) = step { true } else { false }
        }
        // Four stale product details, two replaced coupons, two replaced quotes.
        #expect(rejected.count == 8)
        #expect(schedule.checkpoints.map(\.phase) == schedule.phases.map(\.name))
        guard case .header(let header) = shadow.render(.header) else { return }
        #expect(header.lastOrder == "#1 confirmed")
    }
}

@Suite("Compute control")
struct ComputeControlTests {
    @Test(
        "the control, computing only changed screens, ends with every screen the shadow model shows",
        arguments: [Scale.small, .default])
    func sameScreens(scale: Scale) {
        let catalog = Catalog(scale: scale)
        let schedule = SessionSchedule(catalog: catalog)
        let control = ComputeControl(catalog: catalog, schedule: schedule)
        let shown = control.run()
        let final = schedule.finalState
        for view in final.mountedViews {
            #expect(shown[view] == final.render(view), "\(view)")
        }
        // Every step changes something, except actions whose screens stay put.
        #expect(control.steps.count == schedule.phases.reduce(0) { $0 + $1.steps.count })
        #expect(control.screenCount > ViewID.fixed.count)
    }

    @Test(
        "every screen the control builds, from intermediates it recomputes only when their inputs changed, is the shadow model's at that step",
        arguments: [(Scale.small, nil), (.default, nil), (.small, WorkloadSeed(7)), (.large, nil)]
            as [(Scale, WorkloadSeed?)])
    func everyStepsScreens(scale: Scale, seed: WorkloadSeed?) {
        let catalog = Catalog(scale: scale, seed: seed?.catalogSeed ?? Catalog.defaultSeed)
        let schedule = SessionSchedule(catalog: catalog, shuffleSeed: seed?.shuffleSeed)
        let control = ComputeControl(catalog: catalog, schedule: schedule)
        var shadow = ShadowModel(serving: catalog)
        var checked = 0
        var mismatches: [String] = []
        var current = -1
        _ = control.run { step, view, screen in
            let index = step ?? -1
            while current < index {
                current += 1
                shadow.apply(control.steps[current].step)
            }
            checked += 1
            if screen != shadow.render(view), mismatches.count < 5 { mismatches.append("step \(index): \(view)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
        #expect(checked == control.screenCount)
    }

    @Test("the control computes each changed screen once: as many screens as a perfect runtime renders")
    func screenCountIsDeterministic() {
        let catalog = Catalog(scale: .small)
        let schedule = SessionSchedule(catalog: catalog)
        #expect(
            ComputeControl(catalog: catalog, schedule: schedule).screenCount
                == ComputeControl(catalog: catalog, schedule: schedule).screenCount)
    }
}
