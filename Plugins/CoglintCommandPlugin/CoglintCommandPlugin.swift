import Foundation
import PackagePlugin

/// `swift package coglint [--target NAME]... [--reporter xcode|github|sarif]`:
/// runs the same `coglint` executable as the CLI over the package's Swift
/// targets (all of them unless named), with test targets in the test role,
/// so the engine, the roles and the reporters are the CLI's own (LINT-18).
/// Production and test files go in one run per role.
@main
struct CoglintCommandPlugin: CommandPlugin {
    struct Findings: Error, CustomStringConvertible {
        var description: String { "coglint found violations" }
    }

    struct ToolFailed: Error, CustomStringConvertible {
        var status: Int32
        var description: String { "coglint exited with status \(status)" }
    }

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let reporter = extractor.extractOption(named: "reporter").last ?? "xcode"
        let targets = names.isEmpty ? context.package.targets : try context.package.targets(named: names)
        var filesByRole: [String: [String]] = [:]
        for case let target as SourceModuleTarget in targets {
            let role = target.kind == .test ? "test" : "production"
            filesByRole[role, default: []] += target.sourceFiles(withSuffix: "swift").map(\.url.path)
        }
        let tool = try context.tool(named: "coglint").url
        var foundViolations = false
        for role in ["production", "test"] {
            guard let files = filesByRole[role], !files.isEmpty else { continue }
            let process = Process()
            process.executableURL = tool
            process.arguments = ["--reporter", reporter, "--role", role] + files
            try process.run()
            process.waitUntilExit()
            switch process.terminationStatus {
            case 0: continue
            case 1: foundViolations = true
            default: throw ToolFailed(status: process.terminationStatus)
            }
        }
        if foundViolations { throw Findings() }
    }
}
