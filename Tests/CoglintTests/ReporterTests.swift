import CoglintCore
import Foundation
import Testing

/// The GitHub (LINT-15) and SARIF (LINT-16) reporters.
@Suite("Reporters")
struct ReporterTests {
    private static func corpusDiagnostics() throws -> [Diagnostic] {
        try FixtureCorpus.all().filter { $0.polarity == .triggers }.flatMap { fixture in
            Linter(role: fixture.role).lint(path: fixture.path, source: fixture.source)
        }
    }

    @Test(
        "LINT-15 one GitHub annotation per finding with the Xcode reporter's path, position, severity, slug, message and URL"
    )
    func githubMatchesXcode() throws {
        let diagnostics = try Self.corpusDiagnostics()
        let annotations = GitHubReporter.render(diagnostics).split(separator: "\n")
        #expect(annotations.count == diagnostics.count)
        #expect(XcodeReporter.render(diagnostics).split(separator: "\n").count == diagnostics.count)
        for (annotation, diagnostic) in zip(annotations, diagnostics) {
            #expect(
                annotation.hasPrefix(
                    "::error file=\(GitHubReporter.escapeProperty(diagnostic.path)),"
                        + "line=\(diagnostic.line),col=\(diagnostic.column),"))
            #expect(annotation.contains(",title=coglint \(diagnostic.rule)::"))
            #expect(
                annotation.hasSuffix(
                    "::"
                        + GitHubReporter.escapeData(
                            "\(diagnostic.message) [\(diagnostic.rule)] (help: \(diagnostic.helpURL))")))
        }
    }

    @Test("LINT-15 annotations escape %, CR and LF in the message and also : and , in properties")
    func githubEscaping() {
        let diagnostic = Diagnostic(
            path: "odd,dir/50%:x.swift", line: 3, column: 7, endLine: 3, endColumn: 12, severity: .error,
            rule: "cog-declaration-suffix", message: "100% wrong:\r\nsecond, line", helpURL: "https://h/x")
        #expect(
            GitHubReporter.line(diagnostic) == "::error file=odd%2Cdir/50%25%3Ax.swift,line=3,col=7,endLine=3,"
                + "endColumn=12,title=coglint cog-declaration-suffix::100%25 wrong:%0D%0Asecond, line "
                + "[cog-declaration-suffix] (help: https://h/x)")
    }

    /// The structure SARIF 2.1.0 requires of what coglint writes, checked
    /// field by field: no SARIF schema package is available to this
    /// toolchain-only build, so the test encodes the schema's required
    /// properties and value constraints for the objects the log uses.
    @Test("LINT-16 the SARIF log has SARIF 2.1.0's required structure, exact regions and each rule's helpUri")
    func sarifStructure() throws {
        let diagnostics = try Self.corpusDiagnostics()
        let text = ReportFormat.sarif.render(diagnostics)
        let log = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        #expect(log["$schema"] as? String == SARIFReporter.schemaURI)
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "coglint")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == RuleCatalog.rules.map(\.slug))
        for rule in rules {
            let id = try #require(rule["id"] as? String)
            #expect(rule["helpUri"] as? String == RuleCatalog.helpURL(for: id))
            #expect(URL(string: RuleCatalog.helpURL(for: id))?.scheme == "https")
            #expect(((rule["shortDescription"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
        }
        let results = try #require(runs[0]["results"] as? [[String: Any]])
        #expect(results.count == diagnostics.count)
        for (result, diagnostic) in zip(results, diagnostics) {
            #expect(result["ruleId"] as? String == diagnostic.rule)
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == diagnostic.rule)
            #expect(["none", "note", "warning", "error"].contains(result["level"] as? String ?? ""))
            #expect((result["message"] as? [String: Any])?["text"] as? String == diagnostic.message)
            let locations = try #require(result["locations"] as? [[String: Any]])
            let physical = try #require(locations.first?["physicalLocation"] as? [String: Any])
            let uri = try #require((physical["artifactLocation"] as? [String: Any])?["uri"] as? String)
            #expect(URL(string: uri) != nil)
            #expect(uri.hasPrefix("file://") == diagnostic.path.hasPrefix("/"))
            let region = try #require(physical["region"] as? [String: Int])
            #expect(
                region == [
                    "startLine": diagnostic.line, "startColumn": diagnostic.column,
                    "endLine": diagnostic.endLine, "endColumn": diagnostic.endColumn,
                ])
            #expect(region["startLine"]! >= 1 && region["startColumn"]! >= 1)
            #expect((region["endLine"]!, region["endColumn"]!) > (region["startLine"]!, region["startColumn"]!))
        }
    }

    @Test("LINT-16 a region covers exactly the flagged token")
    func sarifRegionIsTheToken() {
        let diagnostic = Linter().lint(path: "a.swift", source: "  let weather = Cog<Int> { _ in 0 }").first
        #expect(diagnostic.map { [$0.line, $0.column, $0.endLine, $0.endColumn] } == [1, 7, 1, 14])
    }
}
