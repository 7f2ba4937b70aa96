import Foundation

/// The package's root folder, for tests that read the repository's own
/// files (Cog's sources, `.ci/run`). Found from this file's place in it,
/// `Tests/CogTests/Support/`, so no test counts folders of its own.
nonisolated enum PackageRoot {
    static let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Cog's own sources.
    static var cogSources: URL { url.appendingPathComponent("Sources/Cog") }
}
