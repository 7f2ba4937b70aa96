/// The selector run a tracked read links to: the running node and the
/// stamp of its current run, or `none` for a read that links nothing (a
/// peek, a writer's read).
///
/// The reader carries its run's stamp anyway (its liveness check compares
/// it), so handing it down to `Graph.link` saves the link a load of the
/// node's stamp, and a run stores no stamp for its node.
@usableFromInline
struct Subscriber {
    @usableFromInline let node: Int32
    @usableFromInline let stamp: UInt32

    @inlinable init(node: Int32, stamp: UInt32) {
        self.node = node
        self.stamp = stamp
    }

    /// No subscriber: the read links nothing.
    @inlinable static var none: Subscriber { Subscriber(node: EdgePool.none, stamp: 0) }

    @inlinable var isNone: Bool { node == EdgePool.none }
}
