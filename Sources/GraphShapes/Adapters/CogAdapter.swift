import Cog
import CogTesting
import GraphSuite

/// Cog: a signal is a manual cog, a computed an automatic cog, a batch a
/// turn, and an effect a reaction (`CogController.run`), as an app
/// registers one: it runs once now, then once after each turn that changed
/// what it read. Reactions read through `CogReactionReader`, so effect
/// bodies get their own reader type.
@MainActor
public final class CogAdapter<Value: Equatable>: ReactiveAdapter {
    public let cogs: Cogs
    private let controller: CogController

    /// `clock` replaces the real grace timer (a dispatch source, freed by
    /// the main queue after a dropped runtime cancels it) with a test one,
    /// for tests that count what a dropped graph leaves on the heap.
    public init(clock: TestClock? = nil) {
        (cogs, controller) = Cogs.forTestingWithController(clock: clock, checkingInvariants: false)
    }

    public nonisolated static var runtimeName: String { "cog" }

    public nonisolated static var pullRule: PullRule { .firstChangedSourceSparingRestored }

    public func signal(_ value: Value) -> Cog<Value>.Manual {
        Cog<Value>.Manual { value }
    }

    public func computed(_ equality: Equality, _ body: @escaping @MainActor (inout CogReader<Value>) -> Value) -> Cog<
        Value
    > {
        switch equality {
        case .structural: Cog<Value>(body)
        case .never: Cog<Value>(equals: { _, _ in false }, body)
        }
    }

    public func effect(_ body: @escaping @MainActor (inout CogReactionReader) -> Void) {
        controller.run(name: "effect", body)
    }

    public func batch(_ body: (CogWriter) -> Void) {
        // coglint:disable-next-line primitives-only-in-ops -- a shape's batch is the bare primitive under measurement, not app code
        cogs.turn("batch", body)
    }

    @inline(__always)
    public func write(_ signal: Cog<Value>.Manual, _ value: Value, in writer: CogWriter) {
        writer[signal] = value
    }

    @inline(__always)
    public static func get(_ signal: Cog<Value>.Manual, in reader: CogReader<Value>) -> Value { reader[signal] }

    @inline(__always)
    public static func get(_ computed: Cog<Value>, in reader: CogReader<Value>) -> Value { reader[computed] }

    @inline(__always)
    public static func get(_ signal: Cog<Value>.Manual, in reader: CogReactionReader) -> Value { reader[signal] }

    @inline(__always)
    public static func get(_ computed: Cog<Value>, in reader: CogReactionReader) -> Value { reader[computed] }

    public func read(_ signal: Cog<Value>.Manual) -> Value { cogs.peek(signal) }

    public func read(_ computed: Cog<Value>) -> Value { cogs.peek(computed) }

    /// The shared edge pool's high-water mark.
    public var edgePoolHighWaterMark: Int? { cogs.debugEdgePoolHighWaterMark }
}

/// Cog's adapters, and its entry in the graph suite at the reference's budget.
public enum CogGraphs: GraphAdapterFamily {
    public static func integers() -> CogAdapter<Int> { CogAdapter() }
    public static func reals() -> CogAdapter<Double> { CogAdapter() }
    public static func molecules() -> CogAdapter<MolValue> { CogAdapter() }
}

extension GraphAdapter {
    public static let cog = GraphAdapter(CogGraphs.self, budget: .reference)
}
