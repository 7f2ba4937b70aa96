/// How a computed node produces and compares its values.
///
/// `Computed` keeps its descriptor as an existential, so every recompute
/// calls the rule through a witness table and a closure, and the closures'
/// struct is boxed on the heap when the node is created, as in the original.
public protocol ComputedDescriptor<Value>: Sendable {
    associatedtype Value: SendableMetatype
    func compute(context: inout Computed<Value>.Context) -> Value
    func isEqual(lhs: Value, rhs: Value) -> Bool
}

/// A descriptor made of two closures.
public struct AnyComputedDescriptor<Value: SendableMetatype>: ComputedDescriptor {
    private let rule: @Sendable (inout Computed<Value>.Context) -> Value
    private let equality: @Sendable (Value, Value) -> Bool

    public init(
        compute: @escaping @Sendable (inout Computed<Value>.Context) -> Value,
        isEqual: @escaping @Sendable (Value, Value) -> Bool
    ) {
        self.rule = compute
        self.equality = isEqual
    }

    public func compute(context: inout Computed<Value>.Context) -> Value {
        rule(&context)
    }

    public func isEqual(lhs: Value, rhs: Value) -> Bool {
        equality(lhs, rhs)
    }
}
