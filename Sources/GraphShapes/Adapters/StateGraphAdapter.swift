import GraphSuite
import StateGraph

/// The swift-state-graph clone: a signal is a `Stored`, a computed a
/// `Computed`; reads track implicitly, so the reader and writer carry
/// nothing. The clone's effects (tracking registrations) are delivered by a
/// `Task`, after the caller returns, and it has no transactions, so the
/// adapter gives it the reference's synchronous, batched effects the way an
/// app would: each effect is a `Computed` rule that the adapter reads after
/// every batch. A clean rule does not rerun, so it runs exactly when
/// something it read changed.
@MainActor
public final class StateGraphAdapter<Value: Equatable & Sendable>: ReactiveAdapter {
    private var effects: [StateGraph.Computed<Int>] = []

    public init() {}

    public nonisolated static var runtimeName: String { "stategraph" }

    public nonisolated static var pullRule: PullRule { .everyPendingSource }

    public func signal(_ value: Value) -> Stored<Value> {
        Stored(wrappedValue: value)
    }

    public func computed(_ equality: Equality, _ body: @escaping @MainActor (inout Tracked) -> Value) -> Computed<Value>
    {
        let rule = MainActorRule(body)
        switch equality {
        case .structural: return Computed(rule: { _ in rule.run() })
        case .never:
            return Computed(descriptor: AnyComputedDescriptor(compute: { _ in rule.run() }, isEqual: { _, _ in false }))
        }
    }

    public func effect(_ body: @escaping @MainActor (inout Tracked) -> Void) {
        let rule = MainActorRule<Void>(body)
        // Never equal: nothing reads an effect, so its value is irrelevant.
        let node = StateGraph.Computed<Int>(
            descriptor: AnyComputedDescriptor(
                compute: { _ in
                    rule.run()
                    return 0
                }, isEqual: { _, _ in false }))
        effects.append(node)
        _ = node.wrappedValue
    }

    public func batch(_ body: (Tracked) -> Void) {
        body(Tracked())
        for effect in effects { _ = effect.wrappedValue }
    }

    @inline(__always)
    public func write(_ signal: Stored<Value>, _ value: Value, in writer: Tracked) {
        signal.wrappedValue = value
    }

    @inline(__always)
    public static func get(_ signal: Stored<Value>, in reader: Tracked) -> Value { signal.wrappedValue }

    @inline(__always)
    public static func get(_ computed: Computed<Value>, in reader: Tracked) -> Value { computed.wrappedValue }

    public func read(_ signal: Stored<Value>) -> Value { signal.wrappedValue }

    public func read(_ computed: Computed<Value>) -> Value { computed.wrappedValue }
}

/// The clone tracks reads implicitly, so its reader and writer carry nothing.
public struct Tracked: Sendable {}

/// A main-actor body inside the clone's `@Sendable` rules. The shapes run
/// on the main actor, and so does every pull, so the assumption holds; it
/// is checked, and traps if it ever does not.
private final class MainActorRule<Result: Sendable>: @unchecked Sendable {
    private let body: @MainActor (inout Tracked) -> Result

    init(_ body: @escaping @MainActor (inout Tracked) -> Result) { self.body = body }

    func run() -> Result {
        MainActor.assumeIsolated {
            var reader = Tracked()
            return body(&reader)
        }
    }
}

/// The clone's adapters, and its entry in the graph suite. The clone runs
/// the reduced budget: its Kairo shapes run 50–105× slower than Cog's, and
/// one sBench `update 1to1` takes it 6 s (measured).
public enum StateGraphGraphs: GraphAdapterFamily {
    public static func integers() -> StateGraphAdapter<Int> { StateGraphAdapter() }
    public static func reals() -> StateGraphAdapter<Double> { StateGraphAdapter() }
    public static func molecules() -> StateGraphAdapter<MolValue> { StateGraphAdapter() }
}

extension GraphAdapter {
    public static let stategraph = GraphAdapter(StateGraphGraphs.self, budget: .reduced)
}
