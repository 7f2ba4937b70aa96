/// Which value-column layout this build of Cog stores states in: the typed
/// columns an app gets, or the `CompactArena` trait's type-erased ones.
/// Package-only: the benchmark labels its numbers with it (PERF-10 holds
/// each layout to a ceiling of its own).
nonisolated package enum CogArenaLayout {
    #if CompactArena
        package static let name = "compact"
    #else
        package static let name = "specialized"
    #endif

    /// Whether this build is the `CompactArena` one.
    package static var isCompact: Bool { name == "compact" }
}
