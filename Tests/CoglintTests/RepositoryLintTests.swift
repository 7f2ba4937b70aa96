import CoglintCore
import Foundation
import Testing

/// This repository follows Cog's usage rules (LINT-21): the library, the
/// tool, the workload, the ports and the gate under production rules, the
/// test targets with the primitive exemption. `.ci/run` runs the same two
/// `coglint` commands.
@Suite("Repository lint")
struct RepositoryLintTests {
    private static let root = DependencyGraphTests.packageRoot.path

    private func lint(_ paths: [String], role: TargetRole, excluding excluded: [String] = []) async throws -> [String] {
        let files = try SourceDiscovery.swiftFiles(
            in: paths.map { Self.root + "/" + $0 },
            excluding: excluded.map { Self.root + "/" + $0 })
        #expect(!files.isEmpty)
        let outcome = try await LintRun(linter: Linter(role: role)).lint(files: files)
        return outcome.diagnostics.map(XcodeReporter.line)
    }

    @Test("LINT-21 the production sources lint clean with production rules")
    func productionSourcesAreClean() async throws {
        #expect(try await lint(["Sources", "Runtimes", "Workload", "Verification"], role: .production) == [])
    }

    @Test("LINT-21 the test targets lint clean with the primitive exemption")
    func testTargetsAreClean() async throws {
        let diagnostics = try await lint(
            ["Tests"], role: .test,
            excluding: ["Tests/CoglintTests/Fixtures", "Tests/CogTests/Fixtures"])
        #expect(diagnostics == [])
    }
}
