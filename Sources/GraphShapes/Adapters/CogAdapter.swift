import Cog
import CogTesting

/// Cog: a signal is a manual cog, a computed an automatic cog, a batch a
/// turn. Cog has no reactions yet (docs/cog.md, flush step 5), so an effect
/// is an automatic cog with never-equal values read once through
/// `cogs[]`: that makes it a hot root which every flush settles, so its body
/// runs once per turn that changed what it read, after the turn's writes.
@MainActor
public final class CogAdapter<Value: Equatable>: ReactiveAdapter {
    public let cogs = Cogs.forTesting()

    /// What an effect cog stores: effects have no value of their own, but
    /// their body must receive a `CogReader<Value>` like every computed's.
    private let effectValue: Value

    public init(effectValue: Value) {
        self.effectValue = effectValue
    }

    public static var runtimeName: String { "cog" }

    public func signal(_ value: Value) -> Cog<Value>.Manual {
        Cog<Value>.Manual { value }
    }

    public func computed(_ equality: Equality, _ body: @escaping @MainActor (CogReader<Value>) -> Value) -> Cog<Value> {
        switch equality {
        case .structural: Cog<Value>(body)
        case .never: Cog<Value>(equals: { _, _ in false }, body)
        }
    }

    public func effect(_ body: @escaping @MainActor (CogReader<Value>) -> Void) {
        let placeholder = effectValue
        let effectCog = Cog<Value>(equals: { _, _ in false }) { c in
            body(c)
            return placeholder
        }
        _ = cogs[effectCog]
    }

    public func batch(_ body: (CogWriter) -> Void) {
        cogs.turn("batch", body)
    }

    @inline(__always)
    public func write(_ signal: Cog<Value>.Manual, _ value: Value, in writer: CogWriter) {
        writer[signal] = value
    }

    @inline(__always)
    public func get(_ signal: Cog<Value>.Manual, in reader: CogReader<Value>) -> Value { reader[signal] }

    @inline(__always)
    public func get(_ computed: Cog<Value>, in reader: CogReader<Value>) -> Value { reader[computed] }

    public func read(_ signal: Cog<Value>.Manual) -> Value { cogs.peek(signal) }

    public func read(_ computed: Cog<Value>) -> Value { cogs.peek(computed) }

    /// The shared edge pool's high-water mark.
    public var edgePoolHighWaterMark: Int { cogs.debugEdgePoolHighWaterMark }
}
