import Dispatch
#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Lifetime: manual state lives for the app; automatic and async state are
/// `whileObserved`. A releasable state with no subscriber (a reaction, an
/// export, or a live automatic state reading it) and no UI boundary (UI
/// reads pin for the app) is released when its grace period ends. A peek or
/// refresh is transient demand: it starts or renews one grace window.
///
/// Grace windows share one timer for the whole runtime (`GraceWindows`):
/// renewing a window only moves its deadline, so a renewal allocates
/// nothing, and an unobserved state costs no sleeping task. Release detaches
/// the state's dependencies (cascading to dependencies nothing else
/// observes), cancels async work (late results publish nothing, exact
/// refresh handles resolve `released`), and frees the row and node for reuse
/// by the next new key.
extension Cogs {
    /// A peek or write of `node`: on releasable state nothing observes,
    /// starts or renews its grace window. The common case, observed or
    /// app-lifetime state, is two loads inlined at the read.
    @inlinable @inline(__always)
    func noteTransientDemand(_ node: Int32) {
        let n = Int(node)
        if _slowPath(graph.flags[n].rawValue & NodeFlags.releasableBit != 0 && graph.subsHead[n] == Graph.none) {
            noteTransientDemandUnsubscribed(node)
        }
    }

    @usableFromInline @inline(never)
    func noteTransientDemandUnsubscribed(_ node: Int32) {
        guard graph.boundaryIndex[Int(node)] == Graph.none else { return }
        noteUnobserved(node)
    }

    /// `node` lost its last subscriber edge: a tracked input stops
    /// observing (`c.track`), and releasable state the UI does not pin
    /// starts its grace window.
    func lostLastSubscriber(_ node: Int32) {
        let n = Int(node)
        if graph.flags[n].contains(.tracked) {
            stopTrackInput(node: node)
        } else if graph.boundaryIndex[n] == Graph.none {
            noteUnobserved(node)
        }
    }

    /// Starts or renews `node`'s grace window (the declaration's own grace
    /// period, else the context default).
    func noteUnobserved(_ node: Int32) {
        let grace =
            graceOverrides.isEmpty
            ? graceNanoseconds : graceOverrides[ObjectIdentifier(graph.family[Int(node)])] ?? graceNanoseconds
        let now = timers.elapsedNanoseconds
        graceWindows.open(node, until: now + grace)
        armGraceTimer(now: now)
    }

    /// Arms the runtime's one grace timer for the earliest window, unless it
    /// is already armed for that time or sooner.
    private func armGraceTimer(now: Int64? = nil) {
        guard let earliest = graceWindows.earliest else { return }
        if let armed = graceWindows.armedDeadline, earliest >= armed { return }
        let delay = Duration.nanoseconds(max(earliest - (now ?? timers.elapsedNanoseconds), 0))
        graceWindows.armedDeadline = earliest
        if graceWindows.timer == nil {
            graceWindows.timer = timers.makeTimer { [weak self] in self?.graceTimerFired() }
        }
        graceWindows.timer?.arm(after: delay)
    }

    private func graceTimerFired() {
        graceWindows.armedDeadline = nil
        for node in graceWindows.takeDue(at: timers.elapsedNanoseconds) {
            guard isUnobserved(node), turns.phase == .idle, !graph.isComputing else { continue }
            release(node)
        }
        armGraceTimer()
        #if DEBUG
            checkInvariantsIfAsked()
        #endif
    }

    private func isUnobserved(_ node: Int32) -> Bool {
        let n = Int(node)
        return graph.flags[n].contains(.releasable) && graph.subsHead[n] == Graph.none
            && graph.boundaryIndex[n] == Graph.none
    }

    /// Releases `node` and, with it, dependencies nothing else observes and
    /// no transient demand holds.
    func release(_ root: Int32) {
        var pending: [Int32] = [root]
        while let node = pending.popLast() {
            guard isUnobserved(node) else { continue }
            graceWindows.close(node)
            asyncRows.removeValue(forKey: node)?.release()
            // Collect the dependencies before detaching, then cascade to the
            // ones left unobserved with no grace window of their own.
            // Only a dependency's own earlier grace window (a peek) holds it;
            // the window this detach opens does not.
            var dependencies: [(node: Int32, heldUntil: Int64?)] = []
            var edge = graph.depsHead[Int(node)]
            while edge != Graph.none {
                let dependency = graph.edges.dep[Int(edge)]
                dependencies.append((dependency, graceWindows.deadline(of: dependency)))
                edge = graph.edges.nextDep[Int(edge)]
            }
            graph.detachDependencies(node)
            graph.family[Int(node)].releaseRow(slot: graph.slot[Int(node)])
            graph.flags[Int(node)] = []
            for dependency in dependencies where isUnobserved(dependency.node) {
                if let heldUntil = dependency.heldUntil, heldUntil > timers.elapsedNanoseconds {
                    graceWindows.open(dependency.node, until: heldUntil)
                    continue
                }
                pending.append(dependency.node)
            }
        }
    }

    // MARK: Discard

    /// Releases one exact state the application is finished with, including
    /// the Observation boundary that pinned it: the one explicit release
    /// (core design §5.3, decision 32).
    ///
    /// Only a declaration that already permits release and reset is
    /// eligible: automatic state, or a source declared
    /// `.whileObserved(resetToInitial: true)`. Discarding an `.app` source
    /// or async state stops with an error in every build. A state another
    /// consumer still leases or subscribes to (a reaction, an export, a live
    /// automatic state) is left to that owner; a state that does not exist
    /// is nothing to do. Otherwise it runs as its own turn at the first safe
    /// graph boundary (now at idle; after the current turn or flush
    /// otherwise): the boundary is detached, the state released, and only
    /// then the detached boundary notified, so a reader still tracking it
    /// re-reads, recreates the state at its starting value, and attaches to
    /// a fresh boundary.
    public func discard<Reference: CogReadable>(_ reference: Reference) {
        discard(reference, owner: nil)
    }

    func discard<Reference: CogReadable>(_ reference: Reference, owner: CogController?) {
        let reference = reference.cogReference
        let descriptor = reference.descriptor
        if descriptor.isAsync {
            fatalError(
                "Cog: discard of async state '\(descriptor.name)'. Its generations belong to its demand; "
                    + "async state is released by its grace period, never discarded."
            )
        }
        if !descriptor.isAutomatic, !descriptor.isReleasableSource {
            fatalError(
                "Cog: discard of '\(descriptor.name)', a manual source declared .app. A released source has no value "
                    + "to come back as; declare it with lifetime: .whileObserved(resetToInitial: true) to make it discardable."
            )
        }
        if let computing = graph.computingNode, !graph.flags[Int(computing)].contains(.reaction) {
            fatalError(
                "Cog: discard of '\(descriptor.name)' was attempted while automatic cog '\(graph.label(of: computing))' "
                    + "was computing. Automatic computation cannot write; discard from an op."
            )
        }
        let family = family(for: descriptor)
        guard let row = family.existingRow(for: reference.key) else { return }
        let node = family.node(ofRow: row)
        turns.queued.append(
            .init(
                name: "discard(\(family.label(slot: row)))", owner: owner,
                discards: [graph.handle(of: node)]
            )
        )
        guard turns.phase == .idle else { return }
        #if DEBUG
            history.beginChain()
            defer { history.endChain() }
        #endif
        drainQueuedTurns()
        #if DEBUG
            checkInvariantsIfAsked()
        #endif
    }

    /// Runs at the start of a discard turn's flush.
    func performDiscards(_ discards: [NodeHandle]) {
        for state in discards {
            // The exact state still exists (not one created for the same
            // key after it was released), and nothing else leases it.
            guard graph.isCurrent(state) else { continue }
            let node = graph.node(of: state)
            guard graph.subsHead[Int(node)] == Graph.none else { continue }
            #if DEBUG
                recordState(.discard, node)
            #endif
            let boundary = detachBoundary(node)
            release(node)
            boundary?.notifyChange()
        }
    }

    /// Removes `node`'s boundary from the arena (the last boundary moves
    /// into its place) and returns it; the node is no longer a hot root.
    private func detachBoundary(_ node: Int32) -> CogBoundary? {
        let n = Int(node)
        let index = Int(graph.boundaryIndex[n])
        guard index != Int(Graph.none) else { return nil }
        let boundary = graph.boundaries[index]
        let last = graph.boundaries.count - 1
        if index != last {
            graph.boundaries[index] = graph.boundaries[last]
            if let moved = graph.boundaryIndex.firstIndex(of: Int32(last)) {
                graph.boundaryIndex[moved] = Int32(index)
            }
        }
        graph.boundaries.removeLast()
        graph.boundaryIndex[n] = Graph.none
        graph.flags[n].remove([.hot, .queued])
        return boundary
    }

    // MARK: Seams for CogTesting

    /// Installs a test clock and grace period (before anything is read).
    package func useTimers(_ timers: any CogTimerSource, grace: Duration) {
        self.timers = timers
        self.grace = grace
    }

    /// Rows holding live state, across every declaration.
    package var liveRowCount: Int {
        var seen = Set<ObjectIdentifier>()
        var total = 0
        for family in graph.family where seen.insert(ObjectIdentifier(family)).inserted {
            total += family.liveRowCount
        }
        return total
    }

    /// States whose grace window is open now.
    package var pendingGraceTimerCount: Int { graceWindows.count }
}

/// Where grace periods get their time: `ContinuousClock` and the main
/// queue in production, `CogTesting.TestClock` in tests.
package nonisolated protocol CogTimerSource: Sendable {
    /// Monotonic time since the source started, in nanoseconds (the unit
    /// grace windows keep).
    var elapsedNanoseconds: Int64 { get }
    /// The runtime's one grace timer; `fire` runs on the MainActor each time
    /// an armed deadline passes.
    @MainActor func makeTimer(_ fire: @escaping @MainActor @Sendable () -> Void) -> any CogTimer
}

/// A timer one runtime re-arms for its earliest grace deadline.
@MainActor
package protocol CogTimer: AnyObject {
    /// Fires once, `delay` from now, replacing any earlier arming.
    func arm(after delay: Duration)
    func disarm()
}

/// Production grace time: the continuous clock (the one `ContinuousClock`
/// reads: it keeps counting while the device sleeps), read as nanoseconds
/// directly, since a window is renewed every time a selector stops reading
/// releasable state and a `Duration` costs a 128-bit division to convert.
nonisolated struct ContinuousTimers: CogTimerSource {
    #if canImport(Darwin) || canImport(Glibc)
        let start = Self.clockNanoseconds()

        var elapsedNanoseconds: Int64 { Self.clockNanoseconds() &- start }

        private static func clockNanoseconds() -> Int64 {
            #if canImport(Darwin)
                Int64(clock_gettime_nsec_np(CLOCK_MONOTONIC_RAW))
            #else
                var time = timespec()
                clock_gettime(CLOCK_BOOTTIME, &time)
                return Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
            #endif
        }
    #else
        // Elsewhere, the clock itself.
        let start = ContinuousClock.now

        var elapsedNanoseconds: Int64 { (ContinuousClock.now - start).wholeNanoseconds }
    #endif

    @MainActor
    func makeTimer(_ fire: @escaping @MainActor @Sendable () -> Void) -> any CogTimer {
        MainQueueTimer(fire)
    }
}

/// A dispatch timer source on the main queue, which is the MainActor's
/// executor. Arming reschedules the one source: no task is created and
/// nothing hops to the global executor, where a sleeping task per arming
/// went there and back (Dispatch itself allocates 32 bytes of timer
/// configuration per reschedule, measured). The deadline is on the wall
/// clock, which keeps running while a device sleeps, like the
/// `ContinuousClock` the grace deadlines are kept in; a firing that comes
/// early (the wall clock was set forward) finds nothing due and re-arms.
@MainActor
final class MainQueueTimer: CogTimer {
    private let source: any DispatchSourceTimer

    init(_ fire: @escaping @MainActor @Sendable () -> Void) {
        source = DispatchSource.makeTimerSource(queue: .main)
        source.setEventHandler { MainActor.assumeIsolated { fire() } }
        source.schedule(deadline: .distantFuture)
        source.activate()
    }

    func arm(after delay: Duration) {
        let (seconds, attoseconds) = delay.components
        let nanoseconds =
            seconds >= Int64(Int.max / 1_000_000_000) - 1
            ? Int.max : Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        source.schedule(wallDeadline: .now() + .nanoseconds(nanoseconds))
    }

    func disarm() {
        source.schedule(deadline: .distantFuture)
    }

    isolated deinit {
        source.cancel()
    }
}

extension Cogs {
    // MARK: Seams for CogTesting (PERF-05)

    /// The node and generation of a live state, or nil when it does not exist.
    package func stateSlot<Reference: CogReadable>(of reference: Reference) -> (node: Int32, generation: UInt32)? {
        let reference = reference.cogReference
        let family = family(for: reference.descriptor)
        guard let row = family.existingRow(for: reference.key) else { return nil }
        let node = family.node(ofRow: row)
        return (node, graph.generation[Int(node)])
    }

    /// Follows a node and generation the way internal work follows a held
    /// handle, returning the state's label; debug builds trap on a stale one.
    package func label(ofNode node: Int32, generation: UInt32) -> String {
        graph.label(of: graph.node(of: NodeHandle(node: node, generation: generation)))
    }
}
