import Cog
import CogTesting
import Measure
import Testing

/// Selectors written against a protocol's associated types, the way the
/// graph suite's shapes are written against `ReactiveAdapter`: the body's
/// reader and value are abstract, so the closure passes both by address.
@MainActor
private protocol SelectorMaker {
    associatedtype Reader
    associatedtype Value
    static func declare(_ body: @escaping @MainActor (inout Reader) -> Value) -> Cog<Value>
    static func read(_ source: Cog<Value>.Manual, in reader: Reader) -> Value
}

/// Generic over the value, as the suite's `CogAdapter` is: a maker fixed
/// to `Int` would return `Int` directly and convert the closure for that.
@MainActor
private enum CogSelectorMaker<Value: Equatable>: SelectorMaker {
    static func declare(_ body: @escaping @MainActor (inout CogReader<Value>) -> Value) -> Cog<Value> {
        Cog<Value>(body)
    }
    static func read(_ source: Cog<Value>.Manual, in reader: CogReader<Value>) -> Value { reader[source] }
}

@MainActor
private func declareGenerically<Maker: SelectorMaker>(
    _ maker: Maker.Type, _ source: Cog<Int>.Manual, plus offset: Int
) -> Cog<Int> where Maker.Value == Int {
    maker.declare { c in maker.read(source, in: c) + offset }
}

@MainActor
struct GenericSelectorInfrastructureTests {
    /// Selectors take their reader `inout` so that a closure built in
    /// generic code is stored as written (docs/cog.md). Passed by value,
    /// the declaration wrapped it in a conversion thunk, whose context is
    /// one more allocation per declaration (and one more call per run).
    @Test(
        "a selector written in generic code is stored as written: its declaration allocates what a closure literal's does",
        .enabled(if: AllocationCounter.isActive)
    )
    func genericSelectorNeedsNoThunk() {
        let sourceCog = Cog<Int>.Manual { 2 }
        let offset = opaqueIdentity(3)
        // Once each first, so type metadata and caches are in place.
        blackHole(declareGenerically(CogSelectorMaker<Int>.self, sourceCog, plus: offset))
        blackHole(Cog<Int> { c in c[sourceCog] + offset })

        let generic = AllocationCounter.count(.thread) {
            blackHole(declareGenerically(CogSelectorMaker<Int>.self, sourceCog, plus: offset))
        }
        let literal = AllocationCounter.count(.thread) {
            blackHole(Cog<Int> { c in c[sourceCog] + offset })
        }
        #expect(literal.allocations > 0, "the counter saw the declaration")
        #expect(generic.allocations == literal.allocations, "generic: \(generic.calls), literal: \(literal.calls)")

        let cogs = Cogs.forTesting()
        let sum = declareGenerically(CogSelectorMaker<Int>.self, sourceCog, plus: offset)
        #expect(cogs[sum] == 5)
        cogs.turn(sourceCog, to: 10)
        #expect(cogs[sum] == 13)
    }
}
