/// Runs the enabled rules over one file's text and positions what they
/// find. Pure: the same text gives the same diagnostics, in line, column
/// and rule order.
public struct Linter: Sendable {
    public var rules: [any Rule]
    public var role: TargetRole

    public init(rules: [any Rule] = RuleCatalog.rules, role: TargetRole = .production) {
        self.rules = rules
        self.role = role
    }

    public func lint(path: String, source: String) -> [Diagnostic] {
        let facts = FileFacts(path: path, source: source)
        let suppressions = Suppressions(facts.tree, facts.converter)
        var diagnostics: [Diagnostic] = []
        for rule in rules where rule.applies(to: role) {
            for finding in rule.check(facts) {
                let place = facts.location(of: finding.token)
                guard !suppressions.silences(rule.slug, onLine: place.line) else { continue }
                diagnostics.append(
                    Diagnostic(
                        path: path, line: place.line, column: place.column,
                        endLine: place.endLine, endColumn: place.endColumn,
                        severity: .error, rule: rule.slug, message: finding.message,
                        helpURL: RuleCatalog.helpURL(for: rule.slug)
                    ))
            }
        }
        return diagnostics.sorted { ($0.line, $0.column, $0.rule) < ($1.line, $1.column, $1.rule) }
    }
}
