import Observation

/// `c.track`: reading outside `@Observable` state inside a selector or
/// reaction, as a dependency (core design §8).
extension CogReader {
    /// Reads `model[keyPath: keyPath]` and makes this selector or reaction
    /// depend on it: after a mutation and one main-actor suspension (the
    /// propagation boundary), dependents see the newest value; mutations
    /// before that suspension may combine into one propagation. Only this
    /// property counts: changing another property of `model` reruns
    /// nothing. Consumers reading the same object and key path share one
    /// observation, which stops when none reads it any more.
    ///
    ///     let displayNameCog = Cog<String> { c in
    ///         c.track(profile, \.name).capitalized
    ///     }
    public func track<Model: Observable & AnyObject, Member>(
        _ model: Model, _ keyPath: KeyPath<Model, Member>
    ) -> Member {
        ensureLive()
        let cogs = self.cogs
        let (input, value) = cogs.trackKeyPath(model, keyPath)
        cogs.graph.link(dep: input, sub: node, stamp: stamp)
        return value
    }

    /// Reads what `read` returns and makes this selector or reaction depend
    /// on every `@Observable` property it read, with the key-path form's
    /// boundary and coalescing. The closure may capture what this run
    /// computed (an object chosen by another cog), so each run arms it
    /// again; prefer the key-path form in a consumer that reruns often
    /// while the object is quiet (see docs/cog.md, "Tracking outside
    /// state").
    ///
    ///     let fullNameCog = Cog<String> { c in
    ///         c.track { "\(profile.first) \(profile.last)" }
    ///     }
    public func track<Member>(_ read: @escaping @MainActor () -> Member) -> Member {
        ensureLive()
        let cogs = self.cogs
        let (input, value) = cogs.trackClosure(read, consumer: node, stamp: stamp)
        cogs.graph.link(dep: input, sub: node, stamp: stamp)
        return value
    }
}
