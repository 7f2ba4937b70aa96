import CoglintCore
import Foundation

/// `coglint PATH...`: discover, lint, report, and exit 0 (clean), 1
/// (findings) or 2 (usage or input error).
@main
struct Coglint {
    static func main() async {
        let arguments: Arguments
        do {
            arguments = try Arguments(Array(CommandLine.arguments.dropFirst()))
        } catch {
            fail("\(error)\n\n\(Arguments.usage)")
        }
        if arguments.help {
            write(Arguments.usage + "\n", to: .standardOutput)
            exit(0)
        }
        if arguments.listRules {
            for rule in RuleCatalog.rules {
                write("\(rule.slug)\t\(rule.summary)\t\(RuleCatalog.helpURL(for: rule.slug))\n", to: .standardOutput)
            }
            exit(0)
        }
        if let catalog = arguments.articlesCatalog, let corpus = arguments.corpus {
            do {
                let fixtures = try RuleFixture.corpus(at: URL(fileURLWithPath: corpus))
                for rule in RuleCatalog.rules {
                    let article = RuleArticle.markdown(for: rule, fixtures: fixtures.filter { $0.rule == rule.slug })
                    try article.write(toFile: catalog + "/\(rule.slug).md", atomically: true, encoding: .utf8)
                }
                exit(0)
            } catch {
                fail("\(error)")
            }
        }
        do {
            let files = try SourceDiscovery.swiftFiles(in: arguments.paths, excluding: arguments.excluded)
            var cache = arguments.cachePath.map { LintCache(url: URL(fileURLWithPath: $0), role: arguments.role) }
            let run = LintRun(linter: Linter(role: arguments.role))
            let outcome = try await run.lint(files: files, known: cache?.entries ?? [:])
            if cache != nil {
                cache?.entries = outcome.entries
                try cache?.save()
            }
            write(arguments.format.render(outcome.diagnostics), to: .standardOutput)
            let cached = outcome.filesFromCache > 0 ? " (\(outcome.filesFromCache) from cache)" : ""
            write(
                "coglint: \(outcome.diagnostics.count) finding(s) in \(outcome.filesLinted) file(s)\(cached)\n",
                to: .standardError)
            exit(outcome.diagnostics.contains { $0.severity == .error } ? 1 : 0)
        } catch {
            fail("\(error)")
        }
    }

    static func fail(_ message: String) -> Never {
        write("coglint: \(message)\n", to: .standardError)
        exit(2)
    }

    static func write(_ text: String, to handle: FileHandle) {
        handle.write(Data(text.utf8))
    }
}
