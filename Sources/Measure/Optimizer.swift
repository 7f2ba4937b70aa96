import CMeasure

/// Consumes a value so the optimizer cannot delete the work that made it,
/// nor stack-promote an allocation whose only use is this call.
///
/// An empty `@inline(never)` sink is not enough: LLVM sees through it and
/// removes or stack-promotes the allocations of the work being measured.
@_optimize(none) @inline(never)
public func blackHole<Value>(_ value: Value) {
    withUnsafePointer(to: value) { cmeasure_black_hole(UnsafeRawPointer($0)) }
}

/// Returns its argument through a call the optimizer cannot look into, so
/// work computed from it cannot be hoisted out of a timed loop or folded.
@_optimize(none) @inline(never)
public func opaqueIdentity<Value>(_ value: Value) -> Value {
    value
}
