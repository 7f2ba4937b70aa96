import Measure
import Workload

/// The shared `Workload` rules every port and the compute control call
/// (search keys, filtering and sorting, money, checkout), as the callgrind
/// function family whose share of each port's instructions every report
/// shows: the part of a ratio no runtime decides.
///
/// A rule's cost is what port, runtime and harness code spent calling it,
/// less what the rule spent calling back into port and runtime code (a
/// filter rule's closures read their runtime's state, which is the
/// runtime's cost). `FunctionFamily` says what callgrind's records can and
/// cannot tell apart; code a port inlines from a rule is not seen as the
/// rule's.
enum SharedRules {
    /// The counter each runtime result carries the rules' instructions under.
    static let counterName = "shared-rule-instructions"

    /// Each rule type's symbols begin with its mangled name, so the family
    /// follows a rename instead of trusting a typed-out mangling.
    static let ruleTypes: [Any.Type] = [Browsing.self, CheckoutRules.self, Money.self, SearchText.self, SearchKey.self]

    /// Modules holding the ports and the runtimes they run on.
    static let portAndRuntimeModules = [
        "CogPort", "Cog", "CogTesting", "MemoizedPort", "ObservablePort", "StateGraphPort", "StateGraph",
        "Observation",
    ]

    static let family = FunctionFamily(
        members: ruleTypes.map { "$s" + (_mangledTypeName($0) ?? "") },
        callers: (portAndRuntimeModules + ["Workload", "storefront"]).map(FunctionFamily.swiftModulePrefix),
        callbacks: portAndRuntimeModules.map(FunctionFamily.swiftModulePrefix))

    /// The rules' share of a result's callgrind instructions, when both
    /// were counted.
    static func share(of counters: [String: Reading]?) -> Double? {
        guard let total = counters?["callgrind-instructions"]?.value, total > 0,
            let spent = counters?[counterName]?.value
        else { return nil }
        return spent / total
    }
}
