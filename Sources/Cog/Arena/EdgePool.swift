/// The shared linked edge pool: one row per dependency edge, for every node
/// of one runtime.
///
/// Each edge sits in two doubly linked lists at once: the subscriber's
/// dependency list (in read order) and the dependency's subscriber list.
/// Rows are plain `Int32` columns, so walking or relinking an edge touches no
/// reference counts. Removed rows go on a free list threaded through
/// `nextDep` and are handed out again before the columns grow; the columns
/// never shrink, so a graph that keeps its shape reuses the same rows forever.
@usableFromInline
nonisolated struct EdgePool: Sendable {
    @usableFromInline static let none: Int32 = -1

    @usableFromInline var dep = Column<Int32>()
    @usableFromInline var sub = Column<Int32>()
    @usableFromInline var prevDep = Column<Int32>()
    @usableFromInline var nextDep = Column<Int32>()
    @usableFromInline var prevSub = Column<Int32>()
    @usableFromInline var nextSub = Column<Int32>()
    /// The run stamp of the subscriber run that last read through this edge;
    /// it lets `link` spot a repeated, non-consecutive read in the same run.
    @usableFromInline var stamp = Column<UInt32>()
    /// Head of the free list, threaded through `nextDep`.
    var freeHead: Int32 = none

    /// Number of rows ever created: the pool's high-water mark.
    var capacityInUse: Int { dep.count }

    mutating func allocate() -> Int32 {
        if freeHead != Self.none {
            let edge = freeHead
            freeHead = nextDep[Int(edge)]
            return edge
        }
        let edge = Int32(dep.count)
        dep.append(Self.none)
        sub.append(Self.none)
        prevDep.append(Self.none)
        nextDep.append(Self.none)
        prevSub.append(Self.none)
        nextSub.append(Self.none)
        stamp.append(0)
        return edge
    }

    func deallocate() {
        dep.deallocate()
        sub.deallocate()
        prevDep.deallocate()
        nextDep.deallocate()
        prevSub.deallocate()
        nextSub.deallocate()
        stamp.deallocate()
    }

    mutating func free(_ edge: Int32) {
        let index = Int(edge)
        dep[index] = Self.none
        sub[index] = Self.none
        prevDep[index] = Self.none
        prevSub[index] = Self.none
        nextSub[index] = Self.none
        nextDep[index] = freeHead
        freeHead = edge
    }
}
