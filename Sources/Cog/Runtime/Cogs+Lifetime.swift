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
    @usableFromInline
    func noteTransientDemand(_ node: Int32) {
        let n = Int(node)
        guard graph.flags[n].contains(.releasable), graph.subsHead[n] == Graph.none,
            graph.boundaryIndex[n] == Graph.none
        else { return }
        noteUnobserved(node)
    }

    /// Starts or renews `node`'s grace window.
    func noteUnobserved(_ node: Int32) {
        graceWindows.open(node, until: timers.elapsed + grace)
        armGraceTimer()
    }

    /// Arms the runtime's one grace timer for the earliest window, unless it
    /// is already armed for that time or sooner.
    private func armGraceTimer() {
        guard let earliest = graceWindows.earliest else { return }
        if let armed = graceWindows.armedDeadline {
            guard earliest < armed else { return }
            graceWindows.disarm()
        }
        let delay = max(earliest - timers.elapsed, .zero)
        graceWindows.armedDeadline = earliest
        graceWindows.cancelArmed = timers.scheduleTimer(after: delay) { [weak self] in
            self?.graceTimerFired()
        }
    }

    private func graceTimerFired() {
        graceWindows.armedDeadline = nil
        graceWindows.cancelArmed = nil
        for node in graceWindows.takeDue(at: timers.elapsed) {
            guard isUnobserved(node), turns.phase == .idle, !graph.isComputing else { continue }
            release(node)
        }
        armGraceTimer()
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
            var dependencies: [(node: Int32, heldUntil: Duration?)] = []
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
                if let heldUntil = dependency.heldUntil, heldUntil > timers.elapsed {
                    graceWindows.open(dependency.node, until: heldUntil)
                    continue
                }
                pending.append(dependency.node)
            }
        }
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

/// Where grace periods get their time: `ContinuousClock` in production,
/// `CogTesting.TestClock` in tests.
package protocol CogTimerSource: Sendable {
    /// Monotonic time since the source started.
    var elapsed: Duration { get }
    /// Runs `fire` on the MainActor after `delay`; returns a cancel action.
    func scheduleTimer(after delay: Duration, _ fire: @escaping @MainActor @Sendable () -> Void) -> @Sendable () -> Void
}

/// Production grace timers: a sleeping task per armed timer.
struct ContinuousTimers: CogTimerSource {
    let start = ContinuousClock.now

    var elapsed: Duration { ContinuousClock.now - start }

    func scheduleTimer(after delay: Duration, _ fire: @escaping @MainActor @Sendable () -> Void) -> @Sendable () -> Void {
        let task = Task { @MainActor in
            try? await Task.sleep(for: delay)
            if !Task.isCancelled { fire() }
        }
        return { task.cancel() }
    }
}
