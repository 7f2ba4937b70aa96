/// Reads and runs: making a node current before its value is read, and
/// running a selector between `beginRun` and `endRun`.
extension Graph {
    // MARK: Reads

    /// Makes `node` current before its value is read: a cycle check, then a
    /// cold first run or a settle of a stale cached value. The common case,
    /// a current value, is one flag test inlined at the read.
    @inlinable @inline(__always)
    func prepareRead(_ node: Int32) {
        if _fastPath(isCurrent(node)) { return }
        prepareReadSlow(node)
    }

    /// `prepareRead` for a node the flush runs (a reaction): the common
    /// case, CHECK alone, starts the settle walk with no call between.
    @inline(__always)
    func prepareQueuedRun(_ node: Int32) {
        let needs = flags[Int(node)].rawValue & NodeFlags.needsWorkMask
        if needs == NodeFlags.checkBit { settleWalk(node) } else if needs != 0 { prepareReadSlow(node) }
    }

    @usableFromInline @inline(never)
    func prepareReadSlow(_ node: Int32) {
        let current = flags[Int(node)]
        if current.contains(.computing) { trapCycle(closingAt: node) }
        guard current.contains(.automatic), current.contains(.cold) || !current.isDisjoint(with: .stale) else { return }
        // Runs nest only through reads like this one, so the bound is kept
        // here rather than on every run.
        if readNesting >= Self.nestingLimit { trapNesting(startingAt: node, limit: Self.nestingLimit) }
        readNesting &+= 1
        if current.contains(.cold) || current.contains(.dirty) {
            // No value yet, or a direct dependency changed: no walk can
            // spare the run.
            rerun(node)
        } else {
            settle(node)
        }
        readNesting &-= 1
    }

    /// Whether `node`'s value is current: nothing to run, settle or trap
    /// for before it is read.
    @inlinable @inline(__always)
    func isCurrent(_ node: Int32) -> Bool {
        flags[Int(node)].rawValue & NodeFlags.needsWorkMask == 0
    }

    // MARK: Runs

    /// Starts a selector run of `node`. Inlined into `runKernel`, and so
    /// into the settle loop, so a run makes no call to begin.
    @inline(__always)
    func beginRun(_ node: Int32) -> RunToken {
        var stamp = Self.lastRunStamp &+ 1
        if _slowPath(stamp == 0) { stamp = 1 }
        Self.lastRunStamp = stamp
        let n = Int(node)
        flags[n] = NodeFlags(rawValue: (flags[n].rawValue & ~NodeFlags.clearedByRun) | NodeFlags.computingBit)
        // Between runs the cursor rests on the last dependency edge.
        let previousLastDep = depsTail[n]
        depsTail[n] = Self.none
        let parent = activeSubscriber
        runSlot[n] = RunSlot(parent: parent, settleBase: Int32(truncatingIfNeeded: settleStack.count))
        activeSubscriber = node
        let token = RunToken(
            stamp: stamp, previousLiveStamp: Self.liveRunStamp, parent: parent, previousLastDep: previousLastDep)
        Self.liveRunStamp = stamp
        Self.lastTrackedRead = Self.noTrackedRead
        return token
    }

    /// Ends the run of `node`: drops every edge the run did not read again.
    /// The steady case, a cursor on the previous run's last edge, is one
    /// compare inlined here; a first run, a run that read fewer or other
    /// dependencies, or one that appended an edge takes the call.
    @inline(__always)
    func endRun(_ node: Int32, _ token: RunToken) {
        let n = Int(node)
        activeSubscriber = token.parent
        Self.liveRunStamp = token.previousLiveStamp
        Self.lastTrackedRead = Self.noTrackedRead
        flags[n] = NodeFlags(rawValue: flags[n].rawValue & ~(NodeFlags.computingBit | NodeFlags.coldBit))
        runSlot[n] = RunSlot(lastRunFlush: flushStamp)
        if _slowPath(depsTail[n] != token.previousLastDep) { dropEdgesAfterCursor(of: n) }
    }

    /// Runs the selector of `node` and, on a real change, upgrades the
    /// subscribers that were waiting on a CHECK to DIRTY; returns whether
    /// the value changed. Inlined into the settle loop, where nearly every
    /// run starts. `soleSubscriberRerunsNext`: the walk reached `node` from
    /// the one subscriber it will rerun next on a change, so when that
    /// subscriber is `node`'s only one the walk carries the news in a
    /// local instead of upgrading it to DIRTY here and reading the flag
    /// back there.
    @inline(__always)
    func recompute(_ node: Int32, soleSubscriberRerunsNext: Bool) -> Bool {
        let n = Int(node)
        if _slowPath(flags[n].rawValue & NodeFlags.unusualRunBits != 0) {
            return recomputeUnusual(node)
        }
        return runKernel(node, soleSubscriberRerunsNext: soleSubscriberRerunsNext)
    }

    /// `recompute` of a node with no value yet, or one a restored source
    /// made DIRTY: the latter runs only if an input no longer holds what
    /// its last run read (`Graph+Versions`).
    @inline(never)
    private func recomputeUnusual(_ node: Int32) -> Bool {
        let n = Int(node)
        if flags[n].rawValue & NodeFlags.coldBit != 0 { return recomputeCold(node) }
        if inputsHoldLastRunValues(node) {
            // As good as a run: its value is what a run now would give.
            flags[n] = NodeFlags(rawValue: flags[n].rawValue & ~NodeFlags.clearedByRun)
            runSlot[n] = RunSlot(lastRunFlush: flushStamp)
            return false
        }
        return runKernel(node, soleSubscriberRerunsNext: false)
    }

    /// `recompute`, out of line for the read path.
    @inline(never)
    private func rerun(_ node: Int32) {
        _ = recompute(node, soleSubscriberRerunsNext: false)
    }

    /// A first run: counted and bounded before it starts.
    @inline(never)
    private func recomputeCold(_ node: Int32) -> Bool {
        if coldRuns >= Self.coldNestingLimit { trapNesting(startingAt: node, limit: Self.coldNestingLimit) }
        coldRuns += 1
        let changed = runKernel(node, soleSubscriberRerunsNext: false)
        coldRuns -= 1
        return changed
    }

    /// Begins the run, calls the family's typed kernel (the selector,
    /// equality and store), ends the run. Beginning and ending here rather
    /// than in the kernel keeps the graph's bookkeeping in the caller's
    /// frame, which already holds its columns' bases, and leaves the
    /// kernel a small frame (docs/perf.md, item 32: 1–5% fewer
    /// instructions on the Kairo shapes).
    @inline(__always)
    private func runKernel(_ node: Int32, soleSubscriberRerunsNext: Bool) -> Bool {
        let n = Int(node)
        let row = slot[n]
        let run = beginRun(node)
        let changed = familyRef[n].family.withGuaranteed { $0.recompute(slot: row, node: node, stamp: run.stamp) }
        endRun(node, run)
        recomputeCount &+= 1
        #if DEBUG
            lifetime?.takeUnretainedValue().recordState(flags[n].contains(.reaction) ? .reaction : .recompute, node)
        #endif
        guard changed else { return false }
        changedInFlush[n] = flushStamp
        var edge = subsHead[n]
        guard edge != Self.none else { return true }
        let flags = self.flags.base.unsafelyUnwrapped
        let subOf = edges.sub.base.unsafelyUnwrapped
        let nextSub = edges.nextSub.base.unsafelyUnwrapped
        if soleSubscriberRerunsNext && nextSub[Int(id: edge)] == Self.none { return true }
        while edge != Self.none {
            let sub = Int(id: subOf[Int(id: edge)])
            let current = flags[sub]
            if current.contains(.check) { flags[sub] = current.subtracting(.check).union(.dirty) }
            edge = nextSub[Int(id: edge)]
        }
        return true
    }
}
