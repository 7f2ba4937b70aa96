import CoglintCore
import Testing

/// The fixture corpus is the rules' specification (LINT-02): every example
/// produces exactly the diagnostics its header lists, and the corpus and
/// the enabled rules name the same slugs, so no rule ships without one.
@Suite("Fixture corpus")
struct FixtureCorpusTests {
    @Test("LINT-02 every fixture produces exactly its expected diagnostics", arguments: try FixtureCorpus.all())
    func fixtureMatches(_ fixture: Fixture) {
        #expect(fixture.actual() == fixture.expected, "\(fixture.path)")
    }

    @Test("LINT-02 the enabled rule set equals the fixture inventory by slug")
    func inventoryMatchesRules() throws {
        #expect(try FixtureCorpus.ruleFolders() == RuleCatalog.rules.map(\.slug).sorted())
    }

    @Test("LINT-02 every rule has a triggering and a passing example")
    func everyRuleHasBothPolarities() throws {
        for rule in RuleCatalog.rules {
            let fixtures = try FixtureCorpus.fixtures(for: rule.slug)
            let triggering = fixtures.filter { $0.polarity == .triggers }
            #expect(!triggering.isEmpty, "\(rule.slug) has no triggering example")
            #expect(fixtures.contains { $0.polarity == .passes }, "\(rule.slug) has no passing example")
            // A triggering example of a rule shows that rule firing.
            for fixture in triggering {
                #expect(fixture.expected.contains { $0.hasSuffix(" " + rule.slug) }, "\(fixture.path)")
            }
        }
    }

    @Test("LINT-02 the harness notices drift: a moved diagnostic fails the comparison")
    func driftIsDetected() throws {
        var fixture = try FixtureCorpus.fixture("cog-declaration-suffix", "triggers")
        fixture.source = "\n" + fixture.source
        #expect(fixture.actual() != fixture.expected)
    }
}
