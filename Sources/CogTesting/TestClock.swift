import Cog
import Synchronization

/// A manually advanced clock for deterministic tests of app scheduling
/// (`m.task` sleeps) and Cog grace periods.
///
/// Nothing moves until the test calls `advance(by:)`, which wakes every
/// sleeper whose deadline has come, in deadline order. `activeSleeperCount`
/// and `maximumActiveSleeperCount` let a proof tell one renewed timer from
/// timers that accumulated.
public nonisolated final class TestClock: Clock, Sendable {
    public struct Instant: InstantProtocol, Sendable {
        public var offset: Duration

        public init(offset: Duration = .zero) { self.offset = offset }

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private enum Wake {
        case continuation(CheckedContinuation<Void, any Error>)
        case timer(@MainActor @Sendable () -> Void)
    }

    private struct Sleeper {
        var id: UInt64
        var deadline: Instant
        var wake: Wake
    }

    private struct State {
        var now = Instant()
        var nextID: UInt64 = 0
        var sleepers: [Sleeper] = []
        var maximum = 0
        var cancelledBeforeRegistration: Set<UInt64> = []
        var countWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

        /// Wakes the waiters whose sleeper count has been reached.
        mutating func reachedWaiters() -> [CheckedContinuation<Void, Never>] {
            let reached = countWaiters.filter { $0.count <= sleepers.count }.map(\.continuation)
            countWaiters.removeAll { $0.count <= sleepers.count }
            return reached
        }
    }

    private let state = Mutex(State())

    public init() {}

    public var now: Instant { state.withLock { $0.now } }
    public var minimumResolution: Duration { .zero }

    /// Sleepers (task sleeps and Cog timers) waiting now.
    public var activeSleeperCount: Int { state.withLock { $0.sleepers.count } }
    /// The most sleepers that ever waited at once.
    public var maximumActiveSleeperCount: Int { state.withLock { $0.maximum } }

    @concurrent
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (immediate, reached) = state.withLock {
                    state -> (Result<Void, any Error>?, [CheckedContinuation<Void, Never>]) in
                    if state.cancelledBeforeRegistration.remove(id) != nil {
                        return (.failure(CancellationError()), [])
                    }
                    if deadline <= state.now { return (.success(()), []) }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, wake: .continuation(continuation)))
                    state.maximum = max(state.maximum, state.sleepers.count)
                    return (nil, state.reachedWaiters())
                }
                if let immediate { continuation.resume(with: immediate) }
                for waiter in reached { waiter.resume() }
            }
        } onCancel: {
            let removed: Sleeper? = state.withLock { state in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
                    state.cancelledBeforeRegistration.insert(id)
                    return nil
                }
                return state.sleepers.remove(at: index)
            }
            if let removed, case .continuation(let continuation) = removed.wake {
                continuation.resume(throwing: CancellationError())
            }
        }
    }

    /// Schedules `fire` to run on the MainActor when the clock reaches
    /// `now + delay`; it counts as a sleeper until it fires or is cancelled.
    /// Returns a cancel action.
    /// Returns once at least `count` sleepers are waiting: the signal that a
    /// task reached its sleep, so advancing the clock will wake it.
    @concurrent
    public func waitForSleepers(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Bool in
                if state.sleepers.count >= count { return true }
                state.countWaiters.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    public func scheduleTimer(after delay: Duration, _ fire: @escaping @MainActor @Sendable () -> Void)
        -> @Sendable () -> Void
    {
        let (id, reached) = state.withLock { state -> (UInt64, [CheckedContinuation<Void, Never>]) in
            state.nextID += 1
            state.sleepers.append(
                Sleeper(id: state.nextID, deadline: state.now.advanced(by: delay), wake: .timer(fire)))
            state.maximum = max(state.maximum, state.sleepers.count)
            return (state.nextID, state.reachedWaiters())
        }
        for waiter in reached { waiter.resume() }
        return { [self] in
            state.withLock { state in state.sleepers.removeAll { $0.id == id } }
        }
    }

    /// Moves time forward by `duration`, firing due timers (synchronously,
    /// in deadline order) and resuming due sleeping tasks.
    @MainActor
    public func advance(by duration: Duration) {
        let target = state.withLock { state -> Instant in
            state.now.advanced(by: duration)
        }
        while true {
            let due: Sleeper? = state.withLock { state in
                guard
                    let index = state.sleepers.indices.filter({ state.sleepers[$0].deadline <= target })
                        .min(by: { state.sleepers[$0].deadline < state.sleepers[$1].deadline })
                else {
                    state.now = target
                    return nil
                }
                let sleeper = state.sleepers.remove(at: index)
                state.now = max(state.now, sleeper.deadline)
                return sleeper
            }
            guard let due else { return }
            switch due.wake {
            case .continuation(let continuation): continuation.resume()
            case .timer(let fire): fire()
            }
        }
    }
}

nonisolated extension TestClock: CogTimerSource {
    package var elapsedNanoseconds: Int64 { now.offset.wholeNanoseconds }

    @MainActor
    package func makeTimer(_ fire: @escaping @MainActor @Sendable () -> Void) -> any CogTimer {
        TestClockTimer(clock: self, fire: fire)
    }
}

/// A runtime's grace timer on a test clock: each arming is one sleeper, so
/// `activeSleeperCount` shows whether the runtime holds a timer.
@MainActor
private final class TestClockTimer: CogTimer {
    private let clock: TestClock
    private let fire: @MainActor @Sendable () -> Void
    private var cancelArmed: (@Sendable () -> Void)?

    init(clock: TestClock, fire: @escaping @MainActor @Sendable () -> Void) {
        self.clock = clock
        self.fire = fire
    }

    func arm(after delay: Duration) {
        cancelArmed?()
        cancelArmed = clock.scheduleTimer(after: delay) { [weak self] in
            guard let self else { return }
            cancelArmed = nil
            fire()
        }
    }

    func disarm() {
        cancelArmed?()
        cancelArmed = nil
    }

    deinit {
        cancelArmed?()
    }
}
