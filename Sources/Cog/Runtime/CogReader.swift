/// The read capability a selector receives as `c`.
///
/// `c[ref]` reads and records a dependency; `c.peek(ref)` reads a settled
/// value without one; `c.curr` is this state's own previous value. A reader
/// is valid only during the run that created it: use after that traps.
@MainActor
public struct CogReader<Value> {
    let cogs: Cogs
    unowned(unsafe) let family: Family<Value>
    let slot: Int32
    let node: Int32
    let stamp: UInt32

    /// Reads `reference` and makes this automatic value depend on it.
    public subscript<Reference: CogReadable>(reference: Reference) -> Reference.Value {
        ensureLive()
        return cogs.read(reference.cogReference, subscriber: node)
    }

    /// Reads the current, settled value of `reference` without a dependency:
    /// a change to it alone will not rerun this selector.
    public func peek<Reference: CogReadable>(_ reference: Reference) -> Reference.Value {
        ensureLive()
        return cogs.read(reference.cogReference, subscriber: Graph.none)
    }

    /// This state's previous completed value, or nil on its first run.
    /// Reading it creates no self-dependency.
    public var curr: Value? {
        ensureLive()
        return family.values[slot]
    }

    private func ensureLive() {
        let graph = cogs.graph
        guard graph.activeSubscriber == node, graph.runStamp[Int(node)] == stamp else {
            fatalError(
                "Cog: the reader of '\(graph.label(of: node))' was used outside the selector run that created it. "
                    + "Read through c only inside the selector body."
            )
        }
    }
}
