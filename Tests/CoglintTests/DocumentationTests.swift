import CoglintCore
import Foundation
import Testing

/// Cog's DocC catalog (LINT-22, LINT-02): one article per rule, generated
/// from the fixture corpus, linked from both topic lists, and built by the
/// toolchain's docc into an archive where every help URL resolves.
@Suite("Documentation")
struct DocumentationTests {
    static let regenerate =
        "swift run coglint --write-rule-articles Sources/Cog/Cog.docc --corpus Tests/CoglintTests/Fixtures"
    static let catalog = DependencyGraphTests.packageRoot.appendingPathComponent("Sources/Cog/Cog.docc")

    @Test("LINT-02 each rule article's examples are the fixture corpus (regenerate with coglint --write-rule-articles)")
    func articlesMatchCorpus() throws {
        for rule in RuleCatalog.rules {
            let article = try String(
                contentsOf: Self.catalog.appendingPathComponent("\(rule.slug).md"), encoding: .utf8)
            let generated = RuleArticle.markdown(for: rule, fixtures: try FixtureCorpus.fixtures(for: rule.slug))
            #expect(article == generated, "\(rule.slug).md is stale: run \(Self.regenerate)")
            for fixture in try FixtureCorpus.fixtures(for: rule.slug) {
                #expect(article.contains(fixture.example.trimmingCharacters(in: .newlines)))
            }
        }
    }

    @Test("LINT-22 both topic lists link every rule article")
    func topicListsLinkEveryRule() throws {
        for page in ["Cog.md", "Coglint.md"] {
            let text = try String(contentsOf: Self.catalog.appendingPathComponent(page), encoding: .utf8)
            let topics = try #require(text.range(of: "## Topics")).upperBound
            for rule in RuleCatalog.rules {
                #expect(text[topics...].contains("- <doc:\(rule.slug)>"), "\(page) does not link \(rule.slug)")
            }
        }
    }

    @Test("LINT-22 the archive built by docc has an article at every diagnostic's help URL")
    func helpURLsResolveInTheArchive() throws {
        let scratch = try ScratchDirectory()
        let archive = scratch.url.appendingPathComponent("Cog.doccarchive")
        let modules = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("Modules")
        let script = DependencyGraphTests.packageRoot.appendingPathComponent(".ci/docc")
        let outcome = try runProgram(script, [modules.path, archive.path])
        try #require(outcome.status == 0, "\(outcome.standardOutput)\(outcome.standardError)")
        for rule in RuleCatalog.rules {
            let url = try #require(URL(string: RuleCatalog.helpURL(for: rule.slug)))
            let page = archive.appendingPathComponent("data").appendingPathComponent(url.path + ".json")
            let data = try #require(FileManager.default.contents(atPath: page.path), "no page at \(url.path)")
            let json = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect((json["metadata"] as? [String: Any])?["title"] as? String == rule.slug)
        }
    }
}
