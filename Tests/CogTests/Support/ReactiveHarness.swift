import Cog
import CogTesting

/// The signal/computed/effect/batch interface of the classic reactivity
/// shapes, mapped onto Cog: a signal is a manual cog, a computed an
/// automatic cog, a batch a turn, and an effect an automatic cog read once
/// through `cogs[]`, which makes it a hot root that every flush settles.
@MainActor
final class ReactiveHarness {
    let cogs = Cogs.forTesting()
    let computedRuns = RunCounter()
    let effectRuns = RunCounter()

    func signal<Value: Equatable>(_ value: Value) -> Cog<Value>.Manual {
        Cog<Value>.Manual { value }
    }

    func computed<Value: Equatable>(_ body: @escaping @MainActor (inout CogReader<Value>) -> Value) -> Cog<Value> {
        let runs = computedRuns
        return Cog<Value> { c in
            runs.bump()
            return body(&c)
        }
    }

    /// Runs once now, then after every turn that changed what it read.
    func effect(_ body: @escaping @MainActor (inout CogReader<Int>) -> Void) {
        let runs = effectRuns
        let effectCog = Cog<Int>(equals: { _, _ in false }) { c in
            runs.bump()
            body(&c)
            return runs.count
        }
        _ = cogs[effectCog]
    }

    func batch(_ body: (CogWriter) -> Void) {
        cogs.turn("batch", body)
    }

    func read<Reference: CogReadable>(_ reference: Reference) -> Reference.Value {
        cogs.peek(reference)
    }

    /// Computed and effect runs performed by `body`.
    func counting(_ body: () -> Void) -> (computed: Int, effects: Int) {
        let computedBefore = computedRuns.count
        let effectsBefore = effectRuns.count
        body()
        return (computedRuns.count - computedBefore, effectRuns.count - effectsBefore)
    }
}
