import Foundation
import PackagePlugin

/// Lints each Swift target of the package that applies it, as part of the
/// build. Findings print in Xcode's grammar, so SwiftPM and Xcode show them
/// at their lines, and fail the build.
///
/// A build command runs again only when its inputs changed or it failed
/// last time. A build that failed on findings therefore runs it again; the
/// cache in the plugin's work directory then answers every unchanged file
/// without parsing it, with the same diagnostics (LINT-17).
@main
struct CoglintBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let files = target.sourceFiles(withSuffix: "swift").map(\.url).sorted { $0.path < $1.path }
        guard !files.isEmpty else { return [] }
        let role = target.kind == .test ? "test" : "production"
        let cache = context.pluginWorkDirectoryURL.appendingPathComponent("\(target.name).coglint-cache.json")
        return [
            .buildCommand(
                displayName: "coglint \(target.name) (\(role))",
                executable: try context.tool(named: "coglint").url,
                arguments: ["--role", role, "--cache", cache.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [cache]
            )
        ]
    }
}
