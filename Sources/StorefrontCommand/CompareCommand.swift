import Foundation
import StorefrontHarness

/// `storefront compare A B [--format text|markdown] [--output DIR]`: sets
/// two records or baselines side by side, prints the comparison (as text,
/// or as Markdown fit for a pull-request comment) and writes it as a page. A is the
/// one compared against (the older), B the one compared (the newer); every
/// factor is B's over A's. Exits 3 when a regression is marked, 1 on bad
/// input or when nothing could be compared (other workloads, no suite in
/// common), else 0.
enum CompareCommand {
    static let usage =
        "usage: storefront compare A B [--format text|markdown] [--output DIR], where A and B are record folders "
        + "(Results/<date>-<commit>/, or any folder holding results.json), results files, or baseline names"

    static func run(_ arguments: [String]) -> Never {
        do {
            let (operands, output, markdown) = try parse(arguments)
            let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
            let before = try ComparedRun.load(operands[0], root: root)
            let after = try ComparedRun.load(operands[1], root: root)
            if before.file.resolvingSymlinksInPath().standardized == after.file.resolvingSymlinksInPath().standardized {
                fail(
                    "compare: A and B are the same file (\(after.file.path)), so every factor would be 1 and nothing "
                        + "would be checked; compare two different runs")
            }
            // Only the time limit is used; with no thresholds file the default holds.
            let limit = try Thresholds.loadIfPresent(root: root)?.relativeTimeLimit ?? 1.25
            let comparison = Comparison(before, after, timeLimit: limit)
            Console.output(CompareText.text(comparison, markdown: markdown))
            let folder = output ?? ResultsPage.defaultFolder("compare")
            let page = try RecordWriter.write(
                Data(ComparePage.html(comparison).utf8), named: ResultsPage.fileName, in: folder)
            ResultsPage.announce([page])
            let regressions = comparison.regressions
            if !regressions.isEmpty { fail("regression: " + regressions.joined(separator: "; "), code: .regression) }
            // A comparison of nothing is no check: a gate built on it must not pass.
            if !comparison.timesCompare {
                fail(
                    "compare: A and B ran different workloads, so no time was compared and nothing was checked; "
                        + "compare two runs of one workload")
            }
            if comparison.sharedSuites.isEmpty {
                fail("compare: A and B share no suite, so nothing was compared; compare two runs of the same suites")
            }
            if comparison.comparedTimes == 0 {
                fail(
                    "compare: no entry has a time in both A and B (a side with no ports, or only failed ones), so "
                        + "nothing was compared; compare two runs that timed the same ports")
            }
            succeed()
        } catch let failure as ToolFailure {
            fail(failure.description, code: failure.code)
        } catch {
            fail("compare: \(error)")
        }
    }

    private static func parse(_ arguments: [String]) throws -> (operands: [String], output: URL?, markdown: Bool) {
        var operands: [String] = []
        var output: URL?
        var markdown = false
        var remaining = arguments[...]
        var given: Set<String> = []
        while let argument = remaining.popFirst() {
            if argument.hasPrefix("--"), !given.insert(argument).inserted {
                throw ToolFailure(.failure, "compare: \(argument) is given twice; give each flag once")
            }
            switch argument {
            case "--output":
                guard let directory = remaining.popFirst(), !directory.isEmpty, !directory.hasPrefix("--") else {
                    throw ToolFailure(.failure, "compare: --output needs a folder; \(usage)")
                }
                output = URL(fileURLWithPath: directory, isDirectory: true)
            case "--format":
                switch remaining.popFirst() {
                case "text": markdown = false
                case "markdown": markdown = true
                case let other:
                    throw ToolFailure(
                        .failure,
                        "compare: --format takes text or markdown, got \(other.map { "'\($0)'" } ?? "nothing")")
                }
            case "--help", "-h":
                Console.output(usage)
                succeed()
            case let flag where flag.hasPrefix("--"):
                throw ToolFailure(.failure, "compare: unknown argument '\(flag)'; \(usage)")
            default:
                operands.append(argument)
            }
        }
        guard operands.count == 2 else {
            throw ToolFailure(.failure, "compare takes two results to compare, got \(operands.count); \(usage)")
        }
        try PublishedData.checkTemporaryDirectory()
        if let output {
            try PublishedData.refuseWritingInto(output, flag: "compare --output")
            try RecordWriter.prepare(output, toWrite: ResultsPage.fileName)
        }
        return (operands, output, markdown)
    }
}
