/// What Cog tells a work body (through a task-local) about the generation it
/// runs for, and the acknowledgements `CogTesting` waits on: each processed
/// stream element, and the end of the task after its result was accepted or
/// rejected.
@MainActor
package final class CogWorkTicket {
    /// The state the work belongs to, rendered `name[key]` (ASYNC-17).
    package let label: String
    /// The state's generation this work runs for.
    package let generation: UInt64
    package private(set) var processedCount = 0
    package private(set) var isFinished = false
    private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    /// Bodies to run once the task ended (`CogRefresh.onWorkEnded`).
    private var finishHandlers: [@MainActor () -> Void] = []

    init(label: String, generation: UInt64) {
        self.label = label
        self.generation = generation
    }

    /// Returns once `count` elements were processed, or the task ended.
    package func waitUntilProcessed(_ count: Int) async {
        if isFinished || processedCount >= count { return }
        await withCheckedContinuation { waiters.append((count, $0)) }
    }

    /// Returns once the task ended: its outcome was accepted or rejected.
    package func waitUntilFinished() async {
        await waitUntilProcessed(.max)
    }

    func noteProcessed() {
        processedCount += 1
        wake()
    }

    func finish() {
        isFinished = true
        wake()
        let handlers = finishHandlers
        finishHandlers = []
        for handler in handlers { handler() }
    }

    /// Runs `body` when the task ends; the caller checked it has not yet.
    func whenFinished(_ body: @escaping @MainActor () -> Void) {
        finishHandlers.append(body)
    }

    private func wake() {
        var index = 0
        while index < waiters.count {
            if isFinished || processedCount >= waiters[index].count {
                waiters.remove(at: index).continuation.resume()
            } else {
                index += 1
            }
        }
    }
}

/// The task-local a work body can read to learn its ticket.
package nonisolated enum CogWorkContext {
    @TaskLocal package static var ticket: CogWorkTicket?
}

/// One started generation of an async state.
@MainActor
final class AsyncRun {
    let generation: UInt64
    let ticket: CogWorkTicket
    /// The state it runs for: a result that comes back after the state was
    /// released (and its slot perhaps reused) must not publish (PERF-05).
    let state: NodeHandle
    var task: Task<Void, Never>?

    /// Where a run is in its life. It only moves forward, and only through
    /// `takeFirstOutcome()` and `cancel()`.
    enum Phase {
        /// Started: its refresh handles wait for its first accepted outcome.
        case started
        /// A stream whose first element (or failure) was accepted and its
        /// handles resolved; it keeps delivering.
        case delivering
        /// Cog replaced or released it: whatever it does afterwards (a
        /// result, an element, a CancellationError) is silent.
        case silenced
    }

    private(set) var phase = Phase.started

    var isSilenced: Bool { phase == .silenced }

    init(generation: UInt64, ticket: CogWorkTicket, state: NodeHandle) {
        self.generation = generation
        self.ticket = ticket
        self.state = state
    }

    /// True once, at a stream's first accepted outcome, when its handles
    /// resolve; false after that, and for a silenced run.
    func takeFirstOutcome() -> Bool {
        guard phase == .started else { return false }
        phase = .delivering
        return true
    }

    func cancel() {
        phase = .silenced
        task?.cancel()
    }
}

/// The per-state async machinery the value type does not matter to.
@MainActor
class AsyncRowBase {
    let policy: AsyncPolicy
    /// The newest generation assigned (started or queued).
    var lastGeneration: UInt64 = 0
    /// Runs in flight: at most one, except under `.merged`.
    var running: [AsyncRun] = []
    /// Refresh handles waiting on each generation.
    var waiters: [UInt64: [CogRefresh]] = [:]
    var isReleased = false

    init(policy: AsyncPolicy) {
        self.policy = policy
    }

    var waitingCount: Int { 0 }

    func resolve(_ generation: UInt64, _ outcome: CogRefresh.Outcome) {
        guard let handles = waiters.removeValue(forKey: generation) else { return }
        for handle in handles { handle.resolve(outcome) }
    }

    /// Resolves every handle of a generation older than `generation` as
    /// superseded: a newer generation replaced it.
    func supersede(before generation: UInt64) {
        for older in waiters.keys.sorted() where older < generation {
            resolve(older, .superseded)
        }
    }

    /// Cancels every run and queued request and resolves their handles as
    /// released; late results publish nothing.
    func release() {
        isReleased = true
        for run in running { run.cancel() }
        running.removeAll()
        dropWaiting()
        for generation in waiters.keys.sorted() { resolve(generation, .released) }
    }

    func dropWaiting() {}

    // Written out so its isolation does not depend on the package's
    // default: `AsyncRow`'s nonisolated deinit overrides it.
    nonisolated deinit {}
}

/// The async machinery of one state whose values are `Value`.
@MainActor
final class AsyncRow<Value>: AsyncRowBase {
    let equals: (@MainActor (Value, Value) -> Bool)?
    /// Requests waiting for the running one: FIFO under `.queue`, at most one
    /// (the newest) under `.exhaustLatest`.
    var waiting: [(generation: UInt64, job: AsyncJob<Value>)] = []

    init(policy: AsyncPolicy, equals: (@MainActor (Value, Value) -> Bool)?) {
        self.equals = equals
        super.init(policy: policy)
    }

    // Written out, as the design asks of every generic class (see Family).
    nonisolated deinit {}

    override var waitingCount: Int { waiting.count }

    override func dropWaiting() {
        waiting.removeAll()
    }
}
