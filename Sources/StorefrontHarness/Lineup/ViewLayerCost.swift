import Measure

/// The view layer every port renders through (`ViewLayer` and its
/// `InvalidationSet`, in `Workload`), as callgrind function families: what
/// rendering costs a port in all, and how much of that is the layer's own.
///
/// - `view-layer-instructions`: everything spent inside the layer when the
///   session calls it (its bookkeeping, Observation's tracking of each
///   render and the port's `render`): the layer's inclusive share.
/// - `view-layer-render-instructions`: the port's `render` calls, which the
///   layer makes from inside Observation's tracking.
/// - `view-layer-tracking-instructions`: what Observation spends installing
///   each render's tracking, less the render it runs.
///
/// The layer's bookkeeping is the first less the other two. Each family is
/// counted where its calls enter from outside it, so a call that re-enters
/// (Observation calling back into the layer's render closure through a
/// thunk) is not counted twice. Change notices Observation delivers to the
/// layer during a port's writes are not counted: their caller is
/// Observation, inside the port's action.
enum ViewLayerCost {
    static let inclusiveCounterName = "view-layer-instructions"
    static let renderCounterName = "view-layer-render-instructions"
    static let trackingCounterName = "view-layer-tracking-instructions"

    private static let workload = FunctionFamily.swiftModulePrefix("Workload")
    /// The layer's types; their mangled names begin with these.
    static let members = [workload + "9ViewLayerC", workload + "15InvalidationSetC"]
    private static let sessionRunner = workload + "13SessionRunnerC"
    private static let observation = FunctionFamily.swiftModulePrefix("Observation")
    /// The ports' modules, and the compute control's port, which lives in
    /// Workload beside the layer (its render is the control's, not the
    /// layer's).
    private static let ports =
        SharedRules.portAndRuntimeModules.filter { $0 != "Observation" }.map(FunctionFamily.swiftModulePrefix)
        + [workload + "11ControlPortC"]

    static let families: [String: FunctionFamily] = [
        inclusiveCounterName: FunctionFamily(members: members, callers: [sessionRunner], callbacks: []),
        renderCounterName: FunctionFamily(members: ports, callers: members, callbacks: []),
        // Observation calls the render closure through a reabstraction
        // thunk in Workload: handed back whole, with the render in it.
        trackingCounterName: FunctionFamily(members: [observation], callers: members, callbacks: [workload]),
    ]

    static let counterNames = [inclusiveCounterName, renderCounterName, trackingCounterName]

    /// The layer's bookkeeping alone: its inclusive share less the renders
    /// and Observation's tracking.
    static func bookkeeping(of counters: [String: Reading]?) -> Double? {
        guard let inclusive = counters?[inclusiveCounterName]?.value,
            let renders = counters?[renderCounterName]?.value,
            let tracking = counters?[trackingCounterName]?.value
        else { return nil }
        return max(0, inclusive - renders - tracking)
    }

    /// The layer's inclusive share of a result's instructions and, in
    /// brackets, its bookkeeping's: "33.7% (4.2%)".
    static func shares(of counters: [String: Reading]?) -> String? {
        guard let total = counters?["callgrind-instructions"]?.value, total > 0,
            let inclusive = counters?[inclusiveCounterName]?.value, let own = bookkeeping(of: counters)
        else { return nil }
        return "\(ReportRenderer.percent(inclusive / total)) (\(ReportRenderer.percent(own / total)))"
    }
}
