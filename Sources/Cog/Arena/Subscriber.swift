/// The selector run a tracked read links to: the running node and the
/// stamp of its current run. Reads take a `Subscriber?`: nil for a read
/// that links nothing (a peek, a writer's read). Both are known where the
/// read is inlined (a reader's subscript always links, a peek never), so
/// the test folds away.
///
/// The reader carries its run's stamp anyway (its liveness check compares
/// it), so handing it down to `Graph.link` saves the link a load of the
/// node's stamp, and a run stores no stamp for its node.
@usableFromInline
nonisolated struct Subscriber {
    @usableFromInline let node: Int32
    @usableFromInline let stamp: UInt32

    @inlinable init(node: Int32, stamp: UInt32) {
        self.node = node
        self.stamp = stamp
    }
}
