/// Versions that skip work: a node whose inputs all hold the values its
/// last run read does not run again, even after a source changed and
/// changed back over several turns (core design §2.4; issue 40).
///
/// The versions are flush stamps, so nothing is stored per edge or per
/// read. A node notes the flush of its last run (`RunSlot`); each value
/// notes the flush it changed in (`changedInFlush`). An input whose value
/// changed no later than the reader's last run still holds what that run
/// read. A source that a commit restores to the value it replaced notes
/// when it held that value before (`RestoreWindow`), and its direct
/// subscribers get `restoredInput` beside DIRTY; before such a node runs,
/// it checks each input: unchanged since its last run, or a source whose
/// restored value it read inside that window. If all hold, it is CLEAN
/// without running, and nothing below it runs either.
///
/// Only sources keep the value they replaced (`Family.replaced`): an
/// automatic value that changes and changes back, because something read
/// it in between, makes the nodes below it run once. Keeping every
/// cached value's predecessor would double the memory of the graph.
extension Graph {
    /// When a source last held the value a commit restored: from `since`
    /// up to (not including) `until`, the flush of the change that replaced
    /// it. Valid while the source's `changedInFlush` is still `restoredIn`.
    struct RestoreWindow {
        let since: UInt64
        let until: UInt64
        let restoredIn: UInt64
    }

    /// A commit of this flush restored `node` to the value it held from
    /// flush `since` until flush `until`.
    @usableFromInline
    func noteRestored(_ node: Int32, since: UInt64, until: UInt64) {
        restoreWindows[node] = RestoreWindow(since: since, until: until, restoredIn: flushStamp)
    }

    /// `sourceChanged` for a commit that restored the source's earlier
    /// value: its direct subscribers may find, before running, that what
    /// they read is back. Not those the flush settles (UI roots, async
    /// status, reactions): they ran in the flush that changed the source,
    /// so they read the value in between and must run; and an async status
    /// node may be DIRTY from a refresh, which must run whatever it read.
    func sourceRestored(_ node: Int32) {
        sourceChanged(node)
        var edge = subsHead[Int(node)]
        while edge != Self.none {
            let sub = Int(edges.sub[Int(edge)])
            if flags[sub].isDisjoint(with: .settledByFlush) { flags[sub].insert(.restoredInput) }
            edge = edges.nextSub[Int(edge)]
        }
    }

    /// Whether every input of `node` holds the value its last run read:
    /// unchanged since that run, or a source restored to the value it held
    /// then. An input that is itself stale might change when settled, so
    /// it counts as changed.
    func inputsHoldLastRunValues(_ node: Int32) -> Bool {
        let lastRun = runSlot[Int(node)].lastRunFlush
        var edge = depsHead[Int(node)]
        while edge != Self.none {
            let input = edges.dep[Int(edge)]
            let i = Int(input)
            guard flags[i].rawValue & NodeFlags.needsWorkMask == 0 else { return false }
            let changed = changedInFlush[i]
            if changed > lastRun {
                guard let window = restoreWindows[input], window.restoredIn == changed,
                    window.since <= lastRun, lastRun < window.until
                else { return false }
            }
            edge = edges.nextDep[Int(edge)]
        }
        return true
    }
}
