/// GitHub Actions workflow commands, one per finding (LINT-15):
/// `::error file=…,line=…,col=…,endLine=…,endColumn=…,title=…::message`.
///
/// The runner splits a command at newlines, its properties at `,` and the
/// property list from the message at `::`, so both halves are escaped as
/// GitHub's own toolkit does: `%` first (so an escape is never read twice),
/// then CR and LF in the message, and additionally `:` and `,` in
/// properties.
public enum GitHubReporter {
    public static func line(_ diagnostic: Diagnostic) -> String {
        let properties = [
            "file=\(escapeProperty(diagnostic.path))",
            "line=\(diagnostic.line)",
            "col=\(diagnostic.column)",
            "endLine=\(diagnostic.endLine)",
            "endColumn=\(diagnostic.endColumn)",
            "title=\(escapeProperty("coglint " + diagnostic.rule))",
        ]
        let message = "\(diagnostic.message) [\(diagnostic.rule)] (help: \(diagnostic.helpURL))"
        return "::\(diagnostic.severity.rawValue) \(properties.joined(separator: ","))::\(escapeData(message))"
    }

    public static func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map { line($0) + "\n" }.joined()
    }

    public static func escapeData(_ text: String) -> String {
        text.replacingAll("%", "%25").replacingAll("\r", "%0D").replacingAll("\n", "%0A")
    }

    public static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingAll(":", "%3A").replacingAll(",", "%2C")
    }
}

extension String {
    /// Replaces by Unicode scalars, so "\r\n" is two characters to replace,
    /// not one grapheme that matches neither.
    func replacingAll(_ target: Unicode.Scalar, _ replacement: String) -> String {
        var result = ""
        for scalar in unicodeScalars {
            if scalar == target { result += replacement } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }
}
