/// The graph's traps: a cycle, a runaway nesting, a reader used outside
/// its run. Each names what it found and the way out.
extension Graph {
    // MARK: Traps

    /// The closed path of a cycle: every run from the first visit of `node`,
    /// with the dependency walks between them, back to `node`.
    func trapCycle(closingAt node: Int32) -> Never {
        var path: [Int32] = []
        let runs = runStack
        if let start = runs.firstIndex(of: node) {
            for index in start..<runs.count {
                path.append(runs[index])
                let begin = Int(runSlot[Int(runs[index])].settleBase)
                let end = index + 1 < runs.count ? Int(runSlot[Int(runs[index + 1])].settleBase) : settleStack.count
                for frame in begin..<end where settleStack[frame].node != path.last {
                    path.append(settleStack[frame].node)
                }
            }
        }
        path.append(node)
        let rendered = path.map(label(of:)).joined(separator: " → ")
        fatalError(
            "Cog: dependency cycle: \(rendered). An automatic cog read itself through this path; "
                + "Cog never returns a partial or previous value for a cycle. Break the cycle in one of these selectors."
        )
    }

    func trapNesting(startingAt node: Int32, limit: Int) -> Never {
        let innermost = ([node] + runStack.suffix(3).reversed()).map(label(of:))
        let kind = limit == Self.coldNestingLimit ? "first read" : "read"
        fatalError(
            "Cog: a \(kind) nested more than \(limit) automatic computations "
                + "(innermost links: \(innermost.joined(separator: " ← ")) ← …). "
                + "Read the chain from its source end first, or make it shorter."
        )
    }
}

/// Traps for a reader used outside its run: the reader of node `node` in
/// the runtime numbered `runtimeSerial`, named only when that runtime still
/// exists (the reader does not keep it alive).
///
/// A free function of values the read has loaded anyway: a generic static
/// one took its metatype in the context register, which made every
/// selector that reads save and restore registers on each run, and the
/// reader's family, passed for the name, held one more register through
/// every read of a loop (measured, item 41 in docs/perf.md).
@MainActor @usableFromInline @inline(never)
func trapReaderOutlived(node: Int32, runtimeSerial: UInt64) -> Never {
    let state: String
    if let graph = Graph.liveGraphs[runtimeSerial]?.takeUnretainedValue(), Int(node) < graph.family.count {
        state = "'\(graph.label(of: node))'"
    } else {
        state = "a state of a runtime that no longer exists"
    }
    fatalError(
        "Cog: the reader of \(state) was used outside the selector run that created it. "
            + "Read through c only inside the selector body."
    )
}
