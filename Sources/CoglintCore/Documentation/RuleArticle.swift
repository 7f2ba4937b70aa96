/// A rule's DocC article, generated from its fixtures (LINT-02, LINT-22):
/// the article shows the corpus's own examples, so there is no second copy
/// to drift. The file is named for the slug, which makes its URL
/// `documentation/cog/<slug>`, the help URL every diagnostic carries.
public enum RuleArticle {
    public static func markdown(for rule: any Rule, fixtures: [RuleFixture]) -> String {
        var text = """
            # \(rule.slug)

            \(rule.summary)

            @Metadata {
                @PageKind(article)
            }

            ## Overview

            `coglint` reports this rule as an error, with the help URL
            `\(RuleCatalog.helpURL(for: rule.slug))`. The examples below are the
            rule's fixture corpus (`Tests/CoglintTests/Fixtures/\(rule.slug)/`),
            the specification its tests check; this article is generated from
            them. Silence one finding with
            `// coglint:disable-next-line \(rule.slug) -- <reason>` on the line
            before it.

            """
        for polarity in [RuleFixture.Polarity.triggers, .passes] {
            let examples = fixtures.filter { $0.polarity == polarity }
            guard !examples.isEmpty else { continue }
            text += polarity == .triggers ? "\n## Flagged\n" : "\n## Accepted\n"
            for fixture in examples {
                text += "\n### \(fixture.name)\n\n"
                if fixture.role == .test { text += "Linted as a test target (`--role test`).\n\n" }
                if !fixture.expected.isEmpty {
                    text += "Diagnostics (line:column in the example):\n\n"
                    text += fixture.expectedInExample.map { "- `\($0)`\n" }.joined() + "\n"
                }
                text += "```swift\n" + fixture.example.trimmingTrailingNewlines() + "\n```\n"
            }
        }
        return text
    }
}

extension String {
    func trimmingTrailingNewlines() -> String {
        var result = self
        while result.hasSuffix("\n") { result.removeLast() }
        return result
    }
}
