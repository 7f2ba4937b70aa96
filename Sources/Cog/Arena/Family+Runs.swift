/// Running a typed family's selector, and the kernels the graph calls to
/// run it and to commit a write, specialized where the declaration is
/// written.
extension Family {
    /// Runs the selector of row `slot` in the run `stamp` (begun and ended
    /// by the graph around this call) and stores a changed result; `equal`
    /// decides whether the result changed (inlined into the kernel, so an
    /// `Equatable` declaration compares with `==` directly). `keyed` is
    /// `isKeyed`, a constant in a kernel formed for one kind of declaration.
    ///
    /// The reader holds the family unretained, and the kernel that runs
    /// this was called on a family the graph holds, so a run retains
    /// nothing of its own.
    @inlinable @inline(__always)
    func runSelector(slot: Int32, node: Int32, stamp: UInt32, keyed: Bool, equal: (Value, Value) -> Bool) -> Bool {
        var reader = CogReader(family: self, slot: slot, node: node, stamp: stamp)
        let fresh = selector(&reader)
        // Equality runs inside the run, so a turn attempted from a custom
        // equals: is caught like one attempted from the selector.
        let changed: Bool
        if let old = value(ofRow: slot, keyed: keyed) {
            changed = !equal(old, fresh)
        } else {
            changed = true
        }
        if changed { setValue(fresh, ofRow: slot, keyed: keyed) }
        return changed
    }

    /// The generic kernels: equality through the descriptor's `equals`.
    @inlinable
    static func genericRecompute(_ base: FamilyBase, _ slot: Int32, _ node: Int32, _ stamp: UInt32) -> Bool {
        let family = unsafeDowncast(base, to: Family<Value>.self)
        return family.runSelector(slot: slot, node: node, stamp: stamp, keyed: family.isKeyed) {
            family.isEqual($0, $1)
        }
    }

    @inlinable
    static func genericCommit(_ base: FamilyBase, _ slot: Int32) -> CommitOutcome {
        let family = unsafeDowncast(base, to: Family<Value>.self)
        return family.commit(slot: slot, keyed: family.isKeyed) { family.isEqual($0, $1) }
    }
}

extension Family where Value: Equatable {
    /// The kernels of an `Equatable` declaration without `equals:`: `==`
    /// inlined, specialized where the declaration is written, and formed
    /// for a keyed or a keyless family so a run never tests which.
    @inlinable
    nonisolated static func equatableKernels(keyed: Bool) -> (recompute: RecomputeKernel, commit: CommitKernel) {
        // Closure literals rather than references to static functions: a
        // function reference becomes a wrapper closure that calls the
        // function, one more call per run.
        if keyed {
            return (
                recompute: { @MainActor base, slot, node, stamp in
                    unsafeDowncast(base, to: Family<Value>.self).runSelector(
                        slot: slot, node: node, stamp: stamp, keyed: true
                    ) { $0 == $1 }
                },
                commit: { @MainActor base, slot in
                    unsafeDowncast(base, to: Family<Value>.self).commit(slot: slot, keyed: true) { $0 == $1 }
                }
            )
        }
        return (
            recompute: { @MainActor base, slot, node, stamp in
                unsafeDowncast(base, to: Family<Value>.self).runSelector(
                    slot: slot, node: node, stamp: stamp, keyed: false
                ) { $0 == $1 }
            },
            commit: { @MainActor base, slot in
                unsafeDowncast(base, to: Family<Value>.self).commit(slot: slot, keyed: false) { $0 == $1 }
            }
        )
    }
}
