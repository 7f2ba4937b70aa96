/// The shadow model played through the phases written so far, in the
/// scripted delivery order. The script consults it where a step must be
/// chosen from what the session shows at that point (the open product's top
/// recommendation, a cart that puts the tax on a half cent), so the chosen
/// step does its job for any catalog.
struct Rehearsal {
    private(set) var shadow: ShadowModel

    init(catalog: Catalog, phases: [Phase]) {
        var walk = SessionWalk(catalog: catalog, phases: phases)
        while walk.next() != nil {}
        shadow = walk.shadow
    }

    /// A quantity (2 to 9) for one of `products` after which checkout shows
    /// a tax, or a percentage coupon's discount, that is exactly half a cent
    /// before rounding; nil when none does.
    func quantityChangeOnHalfCent(among products: [Int]) -> UserAction? {
        for product in products {
            for quantity in 2...9 {
                var trial = shadow
                let action = UserAction.setQuantity(productID: product, quantity: quantity)
                trial.apply(action)
                let checkout = trial.checkout()
                var basisPoints = [Money.taxBasisPoints]
                var amounts = [checkout.subtotalCents - checkout.discountCents]
                if case .percentOff(let percent) = trial.sources.appliedCoupon {
                    basisPoints.append(percent * 100)
                    amounts.append(checkout.subtotalCents)
                }
                if zip(amounts, basisPoints).contains(where: { $0 * $1 % 10_000 == 5_000 }) { return action }
            }
        }
        return nil
    }
}
