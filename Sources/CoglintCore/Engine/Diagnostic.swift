/// One finding, positioned and ready for any reporter.
///
/// Lines and columns are 1-based; a column counts UTF-8 bytes, as the Swift
/// compiler's own diagnostics do, so an editor lands on the same character.
/// The end is exclusive and lies on the flagged token, which SARIF needs for
/// an exact region.
public struct Diagnostic: Sendable, Hashable, Codable {
    public enum Severity: String, Sendable, Codable {
        case error
        case warning
    }

    public var path: String
    public var line: Int
    public var column: Int
    public var endLine: Int
    public var endColumn: Int
    public var severity: Severity
    public var rule: String
    public var message: String
    public var helpURL: String

    public init(
        path: String, line: Int, column: Int, endLine: Int, endColumn: Int,
        severity: Severity, rule: String, message: String, helpURL: String
    ) {
        self.path = path
        self.line = line
        self.column = column
        self.endLine = endLine
        self.endColumn = endColumn
        self.severity = severity
        self.rule = rule
        self.message = message
        self.helpURL = helpURL
    }
}
