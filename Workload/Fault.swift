/// Defects the gate must catch, injected into a port by name
/// (`storefront --inject-fault NAME`). The port that carries one declares
/// it in its `Runtime` registration.
public enum Fault: String, CaseIterable, Sendable {
    /// A sale change does not refresh the cart's cached lines.
    case staleCache = "stale-cache"
    /// Turning "in stock only" on does not refresh the cached list; the next
    /// filter change does. Wrong for one step only: right again long before
    /// the phase ends.
    case lateFilter = "late-filter"
    /// Facet counts ignore "in stock only" while it is on: wrong through the
    /// refine phase's filtering, right again once the filter is off.
    case facetIgnoresStock = "facet-ignores-stock"
    /// Pages after the first start one product early: wrong while the
    /// shopper pages, right again on page 0.
    case pageOffByOne = "page-off-by-one"
    /// One product's stock changes without notifying observers, so a view
    /// that shows it is not invalidated.
    case droppedInvalidation = "dropped-invalidation"
    /// A superseded product-detail response is accepted.
    case staleResponse = "stale-response"
    /// Sale prices are truncated instead of rounded half up.
    case wrongRounding = "wrong-rounding"
    /// Orders are also kept in a process-wide history that the port starts
    /// from in its third session with the fault, as a singleton cache does
    /// once warm: right in the gate's two sessions, wrong in measured ones.
    case sessionLeak = "session-leak"
    /// Every list a view showed is kept until the session ends, as a cache
    /// that frees only at teardown does: every screen right, the gate
    /// passes, and only the heap ceilings of `--check-thresholds` see it.
    case lateFree = "late-free"
    /// The loaded catalog is kept process-wide and, from the port's third
    /// session with the fault on, loaded before launch, as an app's warm
    /// cache would; the catalog response is loaded only when it differs.
    /// Every session ends on the right screens and the gate (its first two
    /// sessions) passes, but measured sessions after the first skip the
    /// catalog's load and the renders it causes, which only the two-sided
    /// render pins of `--check-thresholds` see.
    case warmCatalog = "warm-catalog"
}
