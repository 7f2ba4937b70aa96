import ObservablePort
import Testing
import Verification
import Workload

/// The observable port behind a grid memo used while a price range is set,
/// keyed by what the shopper chose (category, page, query, filters, sort)
/// but not by prices, as a port might cache its most expensive list. It is
/// right wherever prices stand still under a price range, which is every
/// step of the measured session, and wrong when a sale moves a product
/// across the range, a combination only the gate's walked session plays.
@MainActor
private final class PriceRangeMemoPort: StorefrontPort {
    struct BrowseKey: Hashable {
        var category: Int?
        var page = 0
        var query = ""
        var filters = Filters()
        var sort = SortOrder.featured
    }

    static let name = "price-range-memo"
    private let inner: ObservablePort
    private var browsing = BrowseKey()
    private var memo: [BrowseKey: Screen] = [:]

    init(service: StorefrontService, fault: Fault?) {
        inner = ObservablePort(service: service, fault: nil)
    }

    func perform(_ action: UserAction) {
        switch action {
        case .selectCategory(let category): browsing.category = category
        case .setPage(let page): browsing.page = page
        case .setQuery(let query): browsing.query = query
        case .setInStockOnly(let only): browsing.filters.inStockOnly = only
        case .setPriceRange(let minimum, let maximum):
            browsing.filters.minimumPriceCents = minimum
            browsing.filters.maximumPriceCents = maximum
        case .setMinimumRating(let rating): browsing.filters.minimumRatingTenths = rating
        case .setSort(let order): browsing.sort = order
        default: break
        }
        inner.perform(action)
    }

    var recomputations: Int? { nil }

    func render(_ view: ViewID) -> Screen {
        // The inner render runs either way, so the view stays tracked.
        let fresh = inner.render(view)
        guard view == .grid, browsing.filters.narrowsPrice else { return fresh }
        if let kept = memo[browsing] { return kept }
        memo[browsing] = fresh
        return fresh
    }
}

@MainActor
@Suite("Agreement gate: a rule wrong only in a combination the measured session never plays")
struct PriceRangeMemoPortTests {
    @Test(
        "a grid memo blind to sales passes the measured session and fails the walked one where a sale moved prices under a price range"
    )
    func caughtInTheWalkedSession() async {
        let measured = BrowseCoverage.reached(
            catalog: Catalog(scale: .small), phases: Script(catalog: Catalog(scale: .small)).phases)
        #expect(!measured.contains(BrowseCoverage.Combination(.sale, under: .priceRange)))
        do {
            _ = try await AgreementGate.runSessions(PriceRangeMemoPort.self, scale: .small, sessions: 2)
            Issue.record("a memo blind to sales under a price range was not caught")
        } catch {
            #expect(error.session == 2, "\(error)")
            #expect(error.phase == "promotion", "\(error)")
            // In the sale walk: a range set again over a category whose
            // prices a sale moved since the memo kept its grid.
            #expect(error.step.contains("setPriceRange"), "\(error)")
            #expect(error.view == "grid", "\(error)")
            #expect(error.field?.hasPrefix("grid.productIDs") == true, "\(error)")
        }
    }
}
