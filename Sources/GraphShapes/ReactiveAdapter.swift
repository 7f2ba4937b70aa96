/// The signal/computed/effect/batch interface the classic reactive shapes
/// are written against. One adapter drives one runtime; every node of one
/// graph holds the same `Value` type, so a runtime whose tracked reads are
/// typed by the reading node (Cog's `CogReader<Value>`) needs no casts.
@MainActor
public protocol ReactiveAdapter: AnyObject {
    associatedtype Value
    /// What a computed body receives for its tracked reads.
    associatedtype Reader
    /// What an effect body receives for its tracked reads: the computed's
    /// reader in a runtime whose effects are computeds nothing reads, a
    /// reader of its own where effects are a different kind of node (Cog's
    /// reactions).
    associatedtype EffectReader
    /// What a batch body receives for its writes.
    associatedtype Writer
    associatedtype Signal
    associatedtype Computed

    /// The runtime's name in reports: the name of the runtime that
    /// registers this adapter's family.
    nonisolated static var runtimeName: String { get }
    /// How the runtime brings a dirty computed up to date, where a shape's
    /// counts depend on it.
    nonisolated static var pullRule: PullRule { get }
    /// Rows in the runtime's edge pool at its high-water mark, for a
    /// runtime that pools its edges (the suite checks steady iterations do
    /// not grow it); nil for one that does not.
    var edgePoolHighWaterMark: Int? { get }

    func signal(_ value: Value) -> Signal
    /// A cached computed. `equality` decides whether a recompute that
    /// lands on an equal value stops propagation.
    func computed(_ equality: Equality, _ body: @escaping @MainActor (inout Reader) -> Value) -> Computed
    /// Runs once now, then once after each batch that changed what it read.
    func effect(_ body: @escaping @MainActor (inout EffectReader) -> Void)
    /// One batch: effects run once, after `body` returns.
    func batch(_ body: (Writer) -> Void)
    func write(_ signal: Signal, _ value: Value, in writer: Writer)
    /// Tracked reads, inside a computed or effect body. Static: a body
    /// reads through its reader alone, so it need not capture the adapter,
    /// which owns the bodies (a captured adapter is a retain cycle, and
    /// every dropped graph would leak).
    static func get(_ signal: Signal, in reader: Reader) -> Value
    static func get(_ computed: Computed, in reader: Reader) -> Value
    /// Tracked reads, inside an effect body.
    static func get(_ signal: Signal, in reader: EffectReader) -> Value
    static func get(_ computed: Computed, in reader: EffectReader) -> Value
    /// Untracked reads from outside any body.
    func read(_ signal: Signal) -> Value
    func read(_ computed: Computed) -> Value
}

extension ReactiveAdapter {
    public var edgePoolHighWaterMark: Int? { nil }
}

/// How a runtime brings a dirty computed up to date. The shapes' counts are
/// the reference's under `firstChangedSource` (the rule an adapter from
/// outside declares when it follows alien-signals); a runtime documented to
/// follow another rule shows other counts in the shapes where they differ.
public enum PullRule: Sendable {
    /// Reruns as soon as one source turns out changed, and drops the
    /// dependencies its last run did not read (alien-signals).
    case firstChangedSource
    /// `firstChangedSource`, except that a computed whose sources changed
    /// and changed back to the values its last run read does not rerun
    /// (Cog's versions, docs/cog.md). alien-signals drops an unobserved
    /// computed's dependencies and reruns it when next read, so in
    /// `unstable` this spares one run of `double` per iteration.
    case firstChangedSourceSparingRestored
    /// Brings every pending source up to date before it reruns, and keeps
    /// every dependency it ever read (swift-state-graph).
    case everyPendingSource
}

/// When a recompute counts as a change.
public enum Equality: Sendable {
    /// `==` on the value: an equal result stops the wave.
    case structural
    /// Every recompute is a change, as JavaScript identity is for a fresh array.
    case never
}

/// Counts body runs. Shapes bump it from their own bodies, so every
/// runtime is counted by the same code.
@MainActor
public final class RunCounter {
    public var count = 0
    public init() {}
    @inline(__always) public func bump() { count &+= 1 }
}

/// Computed-body and effect-body runs, as the reference counts them.
public struct RunCounts: Equatable, Sendable, CustomStringConvertible {
    public var computed: Int
    public var effects: Int
    public init(computed: Int, effects: Int) {
        self.computed = computed
        self.effects = effects
    }
    public var description: String { "comp \(computed), eff \(effects)" }
}

/// The first wrong value a shape saw, kept instead of trapping so that a
/// run can report shape, runtime, expected and actual.
@MainActor
public final class Checker {
    public private(set) var firstMismatch: String?
    public init() {}

    @inline(__always)
    public func expect<T: Equatable>(_ actual: T, _ expected: T, _ what: @autoclosure () -> String) {
        if actual != expected, firstMismatch == nil {
            firstMismatch = "\(what()): expected \(expected), got \(actual)"
        }
    }
}
