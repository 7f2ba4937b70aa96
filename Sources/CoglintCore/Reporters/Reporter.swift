/// Turns diagnostics into one output format. Every reporter receives the
/// same diagnostics in the same order; only the spelling differs.
public enum ReportFormat: String, Sendable, CaseIterable {
    /// `path:line:column: error: message [slug] (help: url)`: what Xcode,
    /// SwiftPM and most editors parse.
    case xcode
    /// GitHub Actions workflow commands (`::error file=…::…`).
    case github
    /// One SARIF 2.1.0 log.
    case sarif

    public func render(_ diagnostics: [Diagnostic], rules: [any Rule] = RuleCatalog.rules) -> String {
        switch self {
        case .xcode: XcodeReporter.render(diagnostics)
        case .github: GitHubReporter.render(diagnostics)
        case .sarif: SARIFReporter.render(diagnostics, rules: rules)
        }
    }
}
