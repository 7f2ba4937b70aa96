import CoglintCore

/// The command line, parsed by hand: the toolchain ships no argument parser
/// and the linter takes only a handful of flags.
struct Arguments {
    var paths: [String] = []
    var excluded: [String] = []
    var format: ReportFormat = .xcode
    var role: TargetRole = .production
    var cachePath: String?
    var listRules = false
    /// `--write-rule-articles CATALOG --corpus FIXTURES`: regenerate the
    /// rule articles of a DocC catalog from the fixture corpus.
    var articlesCatalog: String?
    var corpus: String?
    var help = false

    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    static let usage = """
        USAGE: coglint [--reporter xcode|github|sarif] [--role production|test]
                       [--exclude PATH]... [--cache FILE] PATH...
               coglint --list-rules
               coglint --write-rule-articles CATALOG --corpus FIXTURES

        Lints the Swift files under each PATH (files and directories, searched
        recursively) against Cog's usage rules.

          --reporter   output format: xcode (default), github, sarif
          --role       test lets the files drive graph primitives directly
                       (primitives-only-in-ops is off); default production
          --exclude    skip this file or directory (repeatable)
          --cache      remember diagnostics per file content in FILE
          --list-rules print each rule's slug, summary and help URL
          --write-rule-articles
                       write each rule's DocC article into CATALOG, with the
                       examples of the fixture corpus in FIXTURES

        Suppress one finding on the next line with
          // coglint:disable-next-line <rule> -- <reason>

        Exit status: 0 no findings, 1 findings, 2 usage or input error.
        """

    init(_ arguments: [String]) throws {
        var remaining = arguments[...]
        func value(for flag: String) throws -> String {
            guard let value = remaining.popFirst() else { throw UsageError(description: "\(flag) needs a value") }
            return value
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--reporter", "--format":
                let name = try value(for: argument)
                guard let format = ReportFormat(rawValue: name) else {
                    throw UsageError(description: "unknown reporter '\(name)' (xcode, github, sarif)")
                }
                self.format = format
            case "--role":
                let name = try value(for: argument)
                guard let role = TargetRole(rawValue: name) else {
                    throw UsageError(description: "unknown role '\(name)' (production, test)")
                }
                self.role = role
            case "--exclude":
                excluded.append(try value(for: argument))
            case "--cache":
                cachePath = try value(for: argument)
            case "--write-rule-articles":
                articlesCatalog = try value(for: argument)
            case "--corpus":
                corpus = try value(for: argument)
            case "--list-rules":
                listRules = true
            case "--help", "-h":
                help = true
            case "--":
                paths += remaining
                remaining = []
            default:
                guard !argument.hasPrefix("-") else { throw UsageError(description: "unknown option '\(argument)'") }
                paths.append(argument)
            }
        }
        if (articlesCatalog == nil) != (corpus == nil) {
            throw UsageError(description: "--write-rule-articles and --corpus go together")
        }
        if !help, !listRules, articlesCatalog == nil, paths.isEmpty {
            throw UsageError(description: "no paths to lint")
        }
    }
}
