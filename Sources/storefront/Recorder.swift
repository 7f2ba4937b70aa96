import Foundation
import Measure

/// `--record`: writes the run under `Results/<date>-<commit>/` (JSON,
/// Markdown and a chart per runtime suite) and refreshes the generated part
/// of `docs/perf.md`, which embeds the charts.
enum Recorder {
    static let beginMarker = "<!-- storefront:record:begin -->"
    static let endMarker = "<!-- storefront:record:end -->"

    /// The repository root: the current directory, which must hold Package.swift.
    static func repositoryRoot() throws -> URL {
        let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path),
              FileManager.default.fileExists(atPath: root.appendingPathComponent("Results").path) else {
            throw ToolFailure(.failure, "--record, --baseline and --check-thresholds work from the repository root "
                + "(the folder with Package.swift and Results/); run the tool from there")
        }
        return root
    }

    static func record(_ document: ResultsDocument, command: String, root: URL) throws -> URL {
        let date = String(document.recordedAt.prefix(10))
        let commit = document.environment.gitCommit.hasPrefix("unavailable") ? "uncommitted" : document.environment.gitCommit
        let folderName = "\(date)-\(commit)"
        let folder = root.appendingPathComponent("Results").appendingPathComponent(folderName)
        _ = try RecordWriter.write(try ReportRenderer.encoder.encode(document), named: "results.json", in: folder)
        _ = try RecordWriter.write(Data(ReportRenderer.text(document, markdown: true).utf8), named: "results.md", in: folder)
        var charts: [String: String] = [:]
        for suite in document.suites {
            guard let svg = Chart.svg(for: suite) else { continue }
            _ = try RecordWriter.write(Data(svg.utf8), named: "\(suite.suite).svg", in: folder)
            charts[suite.suite] = "../Results/\(folderName)/\(suite.suite).svg"
        }
        try refreshPerformanceRecord(document, command: command, charts: charts, root: root)
        return folder
    }

    private static func refreshPerformanceRecord(_ document: ResultsDocument, command: String,
                                                 charts: [String: String], root: URL) throws {
        let file = root.appendingPathComponent("docs/perf.md")
        let existing = (try? String(contentsOf: file, encoding: .utf8)) ?? """
            # Performance record

            The tables between the markers below are written by `storefront --record`; edit the text
            around them, not the tables.

            \(beginMarker)
            \(endMarker)

            """
        guard let begin = existing.range(of: beginMarker), let end = existing.range(of: endMarker),
              begin.upperBound <= end.lowerBound else {
            throw ToolFailure(.failure, "\(file.path) lacks the \(beginMarker) … \(endMarker) markers; restore them")
        }
        let generated = "\n" + generatedSection(document, command: command, charts: charts, root: root) + "\n"
        let updated = existing.replacingCharacters(in: begin.upperBound..<end.lowerBound, with: generated)
        _ = try RecordWriter.write(Data(updated.utf8), named: "perf.md", in: file.deletingLastPathComponent())
    }

    private static func generatedSection(_ document: ResultsDocument, command: String,
                                         charts: [String: String], root: URL) -> String {
        var lines = [
            "Recorded \(document.recordedAt) with `\(command)`.",
            "",
            "| environment | |",
            "| --- | --- |",
        ]
        lines += document.environment.rows.map { "| \($0.0) | \($0.1) |" }
        lines += [
            "",
            "Workload: \(document.workload.scale) scale, \(document.workload.products) products in "
                + "\(document.workload.categories) categories, \(document.workload.sessionActions) actions per session.",
            "",
        ]
        var body = ReportRenderer.text(document, markdown: true)
        for (suite, chart) in charts {
            // Each suite's chart goes right under its heading.
            if let heading = body.range(of: "### \(suite):"), let lineEnd = body[heading.upperBound...].firstIndex(of: "\n") {
                body.insert(contentsOf: "\n\n![\(suite)](\(chart))", at: lineEnd)
            }
        }
        lines.append(body)
        let handWritten = HandWrittenLines.count(
            in: root, folders: ["cog": "Cog", "observable": "Observable", "memoized": "Memoized", "stategraph": "StateGraphPort"])
        if !handWritten.isEmpty {
            lines += [
                "",
                "Hand-written lines each port writes to keep derived values correct (caches, invalidation "
                    + "routing, hand-kept indexes, request generations), counted from the sources' HAND-WRITTEN "
                    + "markers; what counts is in docs/storefront.md (\"Hand-written lines: what counts\"):",
                "",
                "| port | lines |",
                "| --- | --- |",
            ]
            lines += handWritten.sorted { $0.key < $1.key }.map { "| \($0.key) | \($0.value) |" }
        }
        return lines.joined(separator: "\n")
    }
}
