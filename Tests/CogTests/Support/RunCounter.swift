import Synchronization

/// Counts selector runs or other events from MainActor closures.
@MainActor
final class RunCounter {
    var count = 0

    nonisolated init() {}

    func bump() { count += 1 }
}

/// Counts Observation notices, which arrive through @Sendable callbacks.
nonisolated final class NoticeCounter: Sendable {
    private let notices = Atomic<Int>(0)

    var count: Int { notices.load(ordering: .sequentiallyConsistent) }

    func bump() { notices.add(1, ordering: .sequentiallyConsistent) }
}
