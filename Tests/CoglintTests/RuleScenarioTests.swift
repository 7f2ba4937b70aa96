import CoglintCore
import Testing

/// One test per rule scenario: each checks its rule's examples from the
/// fixture corpus (exact positions, nothing else reported), so a rule that
/// stops firing, fires elsewhere or fires on a passing example fails here
/// under its scenario ID.
@Suite("Rules")
struct RuleScenarioTests {
    private func verify(_ rule: String, _ names: [String]) throws {
        for name in names {
            let fixture = try FixtureCorpus.fixture(rule, name)
            #expect(fixture.actual() == fixture.expected, "\(fixture.path)")
            if fixture.polarity == .triggers {
                #expect(fixture.expected.contains { $0.hasSuffix(" " + rule) })
            }
        }
    }

    @Test("LINT-06 cog-declaration-suffix: keyless ends in Cog, a box in Cogs, qualifiers before the suffix")
    func declarationSuffix() throws {
        try verify("cog-declaration-suffix", ["triggers", "passes"])
    }

    @Test(
        "LINT-07 no-cogs-in-view-init rejects Cogs in a view's properties and parameters, pointing to @Environment(\\.cogs)"
    )
    func noCogsInViewInit() throws {
        try verify("no-cogs-in-view-init", ["triggers", "passes"])
        let messages = Linter().lint(path: "V.swift", source: "struct V: View { let cogs: Cogs? }").map(\.message)
        #expect(messages.count == 1)
        #expect(messages.allSatisfy { $0.contains("@Environment(\\.cogs)") })
    }

    @Test("LINT-08 primitives-only-in-ops rejects turn and refresh on graph receivers and inside extension Cogs")
    func primitivesRejected() throws {
        try verify("primitives-only-in-ops", ["triggers"])
    }

    @Test("LINT-09 primitives-only-in-ops allows primitives inside extension CogOps and in test targets")
    func primitivesAllowed() throws {
        try verify("primitives-only-in-ops", ["passes", "tests-drive-primitives"])
        // The same test file in the production role is flagged: the role is what exempts it.
        let fixture = try FixtureCorpus.fixture("primitives-only-in-ops", "tests-drive-primitives")
        #expect(findings(fixture.source, role: .production, only: "primitives-only-in-ops").count == 2)
    }

    @Test(
        "LINT-10 initial-state-in-mechanism: the assembled runtime appears in the App initializer only in its retention"
    )
    func initialStateRejected() throws {
        try verify("initial-state-in-mechanism", ["triggers"])
    }

    @Test(
        "LINT-11 initial-state-in-mechanism allows retention and construction before assembly; factory and cross-file misses are silent"
    )
    func initialStateAllowed() throws {
        try verify("initial-state-in-mechanism", ["passes", "syntax-only-misses"])
    }

    @Test("LINT-12 manual-cog-private accepts private and fileprivate sources and rejects internal or wider")
    func manualPrivate() throws {
        try verify("manual-cog-private", ["triggers", "passes"])
    }

    @Test("LINT-13 no-multi-read-cogs-helper rejects a value-returning Cogs or CogOps helper with two direct reads")
    func multiReadRejected() throws {
        try verify("no-multi-read-cogs-helper", ["triggers"])
    }

    @Test(
        "LINT-14 no-multi-read-cogs-helper ignores closure reads, void and view or binding returns, and outside helpers"
    )
    func multiReadAllowed() throws {
        try verify("no-multi-read-cogs-helper", ["passes"])
    }

    @Test("LINT-24 manual-cog-underscore: sources begin with _, projections drop exactly the underscore")
    func manualUnderscore() throws {
        try verify("manual-cog-underscore", ["triggers", "passes"])
    }

    @Test(
        "LINT-25 tracked-binding-adapters rejects a view's own Binding over the graph, not one over local state or an adapter call"
    )
    func bindingInView() throws {
        try verify("tracked-binding-adapters", ["triggers-in-view", "passes"])
    }

    @Test("LINT-26 tracked-binding-adapters rejects a peek in a binding's getter outside a view, in every spelling")
    func peekingGetter() throws {
        try verify("tracked-binding-adapters", ["triggers-peek-getter", "passes"])
    }
}
