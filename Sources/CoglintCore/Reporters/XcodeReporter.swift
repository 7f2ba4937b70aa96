/// Xcode's diagnostic grammar, one line per finding:
/// `Sources/A.swift:3:5: error: message [rule-slug] (help: https://…)`.
/// Xcode, SwiftPM's build output and editors turn such lines into issues at
/// the exact line and column.
public enum XcodeReporter {
    public static func line(_ diagnostic: Diagnostic) -> String {
        "\(diagnostic.path):\(diagnostic.line):\(diagnostic.column): \(diagnostic.severity.rawValue): "
            + "\(diagnostic.message) [\(diagnostic.rule)] (help: \(diagnostic.helpURL))"
    }

    public static func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map { line($0) + "\n" }.joined()
    }
}
