/// A node named together with the generation of the state it held when the
/// handle was taken. Work that outlives a turn (an async run's task, a
/// queued refresh or discard) holds one, because the state may be released
/// meanwhile and its row and node reused by another key: comparing
/// generations tells the two states apart (PERF-05).
struct NodeHandle: Equatable {
    let node: Int32
    let generation: UInt32
}
