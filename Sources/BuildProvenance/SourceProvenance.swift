/// What a binary was built from: the commit of this package's checkout at
/// build time and whether any source differed from it (edited, added or
/// deleted, tracked or not). `BuildProvenancePlugin` writes the two
/// generated constants before each build.
public struct SourceProvenance: Sendable, Equatable, CustomStringConvertible {
    /// The full commit hash, or nil when the package was not built from a
    /// git checkout (a source archive, or no git on the build machine).
    public let commit: String?
    /// Whether any file of the checkout differed from `commit` at build time.
    public let sourcesChanged: Bool

    public init(commit: String?, sourcesChanged: Bool) {
        self.commit = commit
        self.sourcesChanged = sourcesChanged
    }

    /// This binary's.
    public static let built = SourceProvenance(
        commit: generatedCommit.isEmpty ? nil : generatedCommit, sourcesChanged: generatedSourcesChanged)

    /// The commit abbreviated as `git describe --abbrev=12` does, `-dirty`
    /// when the sources differed from it; records are named by this.
    public var description: String {
        guard let commit else { return "unavailable: not built from a git checkout" }
        return String(commit.prefix(12)) + (sourcesChanged ? "-dirty" : "")
    }
}
