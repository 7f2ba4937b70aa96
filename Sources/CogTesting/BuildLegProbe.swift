/// CogTesting's half of the leg probe (`CogBuildLegProbe` in Cog): the
/// settings are per module, so each module answers for itself (LEG-02).
/// Package-only: an app never sees it.
package enum CogTestingBuildLegProbe {
    /// MainActor-isolated under default MainActor isolation, else nonisolated.
    package static func unstatedIsolation() -> (any Actor)? { #isolation }

    /// On its caller's actor under NonisolatedNonsendingByDefault, else on
    /// the global executor.
    package nonisolated static func nonisolatedAsyncIsolation() async -> (any Actor)? { #isolation }
}
