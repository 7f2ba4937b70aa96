/// What the compiler made of this module's build settings, read from how it
/// compiled two declarations rather than from a flag (LEG-02). The test
/// matrix compiles Cog under default MainActor isolation on and off and
/// NonisolatedNonsendingByDefault on and off; the leg-assertion test
/// compares these answers with the leg it asked for, so a leg whose setting
/// silently did not apply fails instead of repeating another leg.
/// Package-only: an app never sees it.
package enum CogBuildLegProbe {
    /// A declaration that states no isolation: MainActor-isolated under
    /// default MainActor isolation, else nonisolated. The only declaration
    /// in Cog that relies on the default, on purpose.
    package static func unstatedIsolation() -> (any Actor)? { #isolation }

    /// A nonisolated async function: it runs on its caller's actor under
    /// NonisolatedNonsendingByDefault, else on the global executor.
    package nonisolated static func nonisolatedAsyncIsolation() async -> (any Actor)? { #isolation }
}
