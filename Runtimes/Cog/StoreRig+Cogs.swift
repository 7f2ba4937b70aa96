import Cog
import Workload

// The Storefront's state, declared the way the design documents tell an app
// to: private manual sources (underscore names, read elsewhere through
// `.readOnly`), automatic cogs for everything derived, boxes for per-product
// and per-category state. Declarations only name state; the runtime holds
// the values, so every session's `Cogs` gets its own.

// MARK: Sources

/// The catalog the service loaded: products never change after loading.
let _catalogCog = Cog<Catalog?>.Manual(name: "catalog") { nil }
let _stockCogs = CogBox<Int, Int>.Manual(name: "stock") { _ in 0 }
let _salePercentCogs = CogBox<Int, Int>.Manual(name: "salePercent") { _ in 0 }
let _selectedCategoryCog = Cog<Int?>.Manual(name: "selectedCategory") { nil }
let _queryCog = Cog<String>.Manual(name: "query") { "" }
let _filtersCog = Cog<Filters>.Manual(name: "filters") { Filters() }
let _sortCog = Cog<SortOrder>.Manual(name: "sort") { .featured }
let _pageCog = Cog<Int>.Manual(name: "page") { 0 }
let _openProductCog = Cog<Int?>.Manual(name: "openProduct") { nil }
/// Quantity per product in the cart.
let _cartCog = Cog<[Int: Int]>.Manual(name: "cart") { [:] }
let _ordersCog = Cog<[PlacedOrder]>.Manual(name: "orders") { [] }

// Request results, written when the service answers. (Cog's async values,
// which arrive with the async issue, will own these and their generations.)
let _detailCog = Cog<Remote<String>>.Manual(name: "detail") { .idle }
let _couponCodeCog = Cog<String?>.Manual(name: "couponCode") { nil }
let _couponStatusCog = Cog<CouponStatus>.Manual(name: "couponStatus") { .none }
let _appliedCouponCog = Cog<Coupon?>.Manual(name: "appliedCoupon") { nil }
let _zipCog = Cog<String?>.Manual(name: "zip") { nil }
let _quoteCog = Cog<QuoteStatus>.Manual(name: "quote") { .none }

struct PlacedOrder: Hashable, Sendable {
    var number: Int
    var totalCents: Int
    var confirmed: Bool
}

// MARK: Per product

/// A product's effective price: its category's sale applied to its base.
let priceCogs = CogBox<Int, Int>(name: "price") { c, id in
    guard let product = c[_catalogCog]?.products[id] else { return 0 }
    return Money.effectivePrice(baseCents: product.basePriceCents, salePercent: c[_salePercentCogs[product.category]])
}

let quantityCogs = CogBox<Int, Int>(name: "quantity") { c, id in c[_cartCog][id] ?? 0 }

/// What a card shows; it changes only when its own product's does.
let cardCogs = CogBox<CardScreen?, Int>(name: "card") { c, id in
    guard let product = c[_catalogCog]?.products[id] else { return nil }
    return CardScreen(product: product, priceCents: c[priceCogs[id]], stock: c[_stockCogs[id]], inCart: c[quantityCogs[id]])
}

// MARK: Browsing

/// Products whose name or tags match the query.
let queryMatchesCog = Cog<[Int]>(name: "queryMatches") { c in
    guard let catalog = c[_catalogCog] else { return [] }
    let query = c[_queryCog]
    return catalog.products.filter { Browsing.matches($0, query: query) }.map(\.id)
}

/// Query matches that also pass the filters. Stock and prices are read only
/// when a filter needs them, so they are dependencies only then.
let matchingCog = Cog<[Int]>(name: "matching") { c in
    let filters = c[_filtersCog]
    guard let catalog = c[_catalogCog] else { return [] }
    let needsPrice = filters.minimumPriceCents != nil || filters.maximumPriceCents != nil
    return c[queryMatchesCog].filter { id in
        let product = catalog.products[id]
        if product.ratingTenths < filters.minimumRatingTenths { return false }
        if filters.inStockOnly && c[_stockCogs[id]] == 0 { return false }
        return !needsPrice || Browsing.passes(filters, priceCents: c[priceCogs[id]], stock: 1,
                                              ratingTenths: product.ratingTenths)
    }
}

let facetCountsCog = Cog<[Int]>(name: "facetCounts") { c in
    guard let catalog = c[_catalogCog] else { return [] }
    var counts = Array(repeating: 0, count: catalog.categoryCount)
    for id in c[matchingCog] { counts[catalog.products[id].category] += 1 }
    return counts
}

let listedCog = Cog<[Int]>(name: "listed") { c in
    guard let catalog = c[_catalogCog] else { return [] }
    let category = c[_selectedCategoryCog]
    let sort = c[_sortCog]
    let ids = c[matchingCog].filter { category == nil || catalog.products[$0].category == category }
    switch sort {
    case .priceLowToHigh, .priceHighToLow:
        let prices = Dictionary(uniqueKeysWithValues: ids.map { ($0, c[priceCogs[$0]]) })
        return ids.sorted { Browsing.precedes(catalog.products[$0], prices[$0]!, catalog.products[$1], prices[$1]!, by: sort) }
    case .featured, .rating, .name:
        return ids.sorted { Browsing.precedes(catalog.products[$0], 0, catalog.products[$1], 0, by: sort) }
    }
}

let visibleCog = Cog<[Int]>(name: "visible") { c in
    Array(Browsing.page(c[listedCog], page: c[_pageCog]))
}

// MARK: Cart and checkout

let cartCog = Cog<CartScreen>(name: "cartScreen") { c in
    guard let catalog = c[_catalogCog] else { return CartScreen(lines: []) }
    let cart = c[_cartCog]
    return CartScreen(lines: cart.keys.sorted().map { id in
        CartLineScreen(product: catalog.products[id], quantity: cart[id]!, unitCents: c[priceCogs[id]],
                       stock: c[_stockCogs[id]])
    })
}

let checkoutCog = Cog<CheckoutScreen>(name: "checkout") { c in
    let cart = c[cartCog]
    return CheckoutScreen(subtotalCents: cart.subtotalCents, lineCount: cart.lines.count,
                          warningCount: cart.warningCount, appliedCoupon: c[_appliedCouponCog],
                          coupon: c[_couponStatusCog], quote: c[_quoteCog])
}

let recommendationsCog = Cog<[RecommendationScreen.Item]>(name: "recommendations") { c in
    guard let id = c[_openProductCog], let catalog = c[_catalogCog] else { return [] }
    let category = catalog.products[id].category
    let cart = c[_cartCog]
    return catalog.products
        .filter { $0.category == category && $0.id != id && cart[$0.id] == nil && c[_stockCogs[$0.id]] > 0 }
        .sorted(by: CheckoutRules.recommends)
        .prefix(CheckoutRules.recommendationCount)
        .map { RecommendationScreen.Item(product: $0, priceCents: c[priceCogs[$0.id]]) }
}

let headerCog = Cog<HeaderScreen>(name: "header") { c in
    let orders = c[_ordersCog]
    return HeaderScreen(cartItemCount: c[cartCog].itemCount, orderCount: orders.count,
                        lastOrder: orders.last.map { HeaderScreen.orderLabel(number: $0.number, confirmed: $0.confirmed) })
}

let detailScreenCog = Cog<DetailScreen>(name: "detailScreen") { c in
    guard let id = c[_openProductCog], let product = c[_catalogCog]?.products[id] else { return .closed }
    return DetailScreen(product: product, priceCents: c[priceCogs[id]], stock: c[_stockCogs[id]],
                        inCart: c[quantityCogs[id]], description: c[_detailCog])
}
