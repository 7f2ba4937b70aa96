import Foundation
import PackagePlugin

/// Writes the commit and the clean-or-changed state of the package's
/// sources into the target that applies it, before every build, so the
/// binary can say what it was built from rather than what the folder it
/// runs in holds today (issue 59: a binary run in a checkout at another
/// commit once labelled its baseline with that commit).
///
/// A prebuild command runs on every build. It rewrites the generated file
/// only when its text changes (a commit, or the sources going from clean
/// to changed or back), so an unchanged tree recompiles nothing.
@main
struct BuildProvenancePlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("generated")
        return [
            .prebuildCommand(
                displayName: "Recording the commit \(target.name) is built from",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", Self.script, "provenance", context.package.directoryURL.path, output.path],
                outputFilesDirectory: output
            )
        ]
    }

    /// `$1` the package folder, `$2` the output folder. Untracked files
    /// count as changes: `git describe --dirty` ignores them, and a new
    /// source file changes what is built as much as an edited one.
    static let script = #"""
        mkdir -p "$2" || exit 1
        file="$2/GeneratedProvenance.swift"
        commit=$(git -C "$1" rev-parse HEAD 2>/dev/null)
        changed=false
        if [ -n "$commit" ] && [ -n "$(git -C "$1" status --porcelain --untracked-files=all 2>/dev/null | head -1)" ]; then
            changed=true
        fi
        text="// Generated before each build by BuildProvenancePlugin; never edited by hand.
        let generatedCommit = \"$commit\"
        let generatedSourcesChanged = $changed"
        [ "$(cat "$file" 2>/dev/null)" = "$text" ] || printf '%s\n' "$text" > "$file"
        """#
}
