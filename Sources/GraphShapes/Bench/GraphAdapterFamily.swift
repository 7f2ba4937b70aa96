import GraphSuite

/// One runtime's adapters, one per value type the shapes' graphs hold:
/// what the suite needs to build every shape on that runtime.
@MainActor
public protocol GraphAdapterFamily {
    associatedtype Integers: ReactiveAdapter where Integers.Value == Int
    associatedtype Reals: ReactiveAdapter where Reals.Value == Double
    associatedtype Molecules: ReactiveAdapter where Molecules.Value == MolValue

    static func integers() -> Integers
    static func reals() -> Reals
    static func molecules() -> Molecules
}

/// How much of the suite a runtime runs.
public enum GraphBudget: Sendable {
    /// The reference's: 500 Kairo iterations and 500 molBench calls per
    /// sample, the fastest of 10 samples (of 5 for a dynamic graph), every
    /// shape.
    case reference
    /// For a runtime an order of magnitude slower than the reference's
    /// times, which would take the suite from minutes to an hour: 10 Kairo
    /// iterations per sample, one sample per case (fastest = median), and
    /// no sBench update or dynamic graph (one run of those takes such a
    /// runtime seconds to minutes; GraphShapesTests check its counts there at
    /// reduced size). Its times are not on the reference's scale, so no
    /// published time is shown beside them.
    case reduced
}

extension GraphAdapter {
    /// The entry for `family`'s runtime, with every case `budget` allows.
    /// The shapes are specialized for the family's adapters wherever the
    /// family is declared (this module is built with cross-module
    /// optimization).
    public init<Family: GraphAdapterFamily>(_ family: Family.Type, budget: GraphBudget) {
        self.init(runtime: Family.Integers.runtimeName) { GraphBench.cases(Family.self, budget) }
    }
}
