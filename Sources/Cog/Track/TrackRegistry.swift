/// One runtime's tracked inputs, created with its first `c.track`: a
/// runtime that tracks nothing allocates none of it.
@MainActor
final class TrackRegistry {
    /// The backend new inputs use (tests switch it before tracking).
    var backend = TrackBackend.platformDefault
    let ledger = TrackLedger()
    var inputs: [TrackIdentity: TrackInput] = [:]
    /// The same inputs by hidden node, for the last-subscriber hook.
    var byNode: [Int32: TrackInput] = [:]
    /// Per consumer, its run stamp and how many closure-form calls that run
    /// made so far: the next call's ordinal.
    var closureCursors: [Int32: (stamp: UInt32, next: Int)] = [:]
    /// Ids of stopped inputs, reused so the hidden family's keys stay dense.
    var freeIDs: [Int] = []
    var nextID = 0
    /// Captures of stopped inputs, released at the next main-actor job:
    /// an input stops inside the graph's loops (a run dropping its edge),
    /// where a model's deinitializer must not run.
    var parked: [@MainActor () -> Void] = []

    func takeID() -> Int {
        if let reused = freeIDs.popLast() { return reused }
        nextID += 1
        return nextID
    }

    func releaseParked() {
        let count = parked.count
        guard count > 0 else { return }
        parked.removeAll()
        ledger.releasesDone(count)
    }
}
