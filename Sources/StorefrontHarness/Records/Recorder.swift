import BuildProvenance
import Foundation
import Measure

/// `--record`: writes the run under `Results/<date>-<commit>/` (JSON,
/// Markdown, a chart per runtime suite and the results page `index.html`)
/// and refreshes the generated part of `docs/perf.md`, which embeds the
/// charts. Both are written as one unit (`StagedRecord`), by one run at a
/// time (`RecordLock`).
package enum Recorder {
    static let beginMarker = "<!-- storefront:record:begin -->"
    static let endMarker = "<!-- storefront:record:end -->"

    /// The repository root: the current directory, which must hold Package.swift.
    package static func repositoryRoot() throws -> URL {
        let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path),
            FileManager.default.fileExists(atPath: root.appendingPathComponent("Results").path)
        else {
            throw ToolFailure(
                .failure,
                "--record, --baseline and --check-thresholds work from the repository root "
                    + "(the folder with Package.swift and Results/); run the tool from there")
        }
        return root
    }

    /// Refuses `--allow-test-build` for a record or a saved baseline in a
    /// git checkout. The flag lets the tool's own tests record a debug
    /// build's short run into a scratch folder, skipping the build, plan and
    /// clean-tree checks; in a checkout it would let a lesser run replace
    /// the published record (issue 38).
    package static func checkTestBuildOverride(root: URL, saving what: String) throws {
        var folder = root.standardizedFileURL
        while true {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(".git").path) {
                throw ToolFailure(
                    .failure,
                    "--allow-test-build is for the tool's own tests, which run in scratch folders; "
                        + "\(folder.path) is a git checkout, where \(what) keeps only clean, full release runs: "
                        + "drop --allow-test-build")
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return }
            folder = parent
        }
    }

    /// Everything a record needs that measuring does not, checked before
    /// minutes of measuring: with `requireCommittedTree`, the binary was
    /// built from a clean commit and the checkout is at it, with no changed
    /// or untracked file (`checkProvenance`: a record is named and read by
    /// its commit),
    /// `Results/` is a writable folder, `docs/perf.md` can take the new
    /// section and may be replaced, and no other run is recording here. The
    /// returned lock must live until the process ends.
    package static func prepare(root: URL, requireCommittedTree: Bool) throws -> RecordLock {
        if requireCommittedTree {
            try checkProvenance(built: .built, checkout: .read(root: root), root: root)
        }
        let results = root.appendingPathComponent("Results")
        guard isDirectory(results), FileManager.default.isWritableFile(atPath: results.path) else {
            throw ToolFailure(
                .failure,
                "\(results.path) is not a writable directory; --record writes its records there: "
                    + "make it one and run again")
        }
        _ = try performanceRecord(root: root)
        try checkReplaceable(root.appendingPathComponent(performanceRecordPath))
        let lock = try RecordLock.acquire(root: root)
        try StagedRecord.recoverLeftovers(root: root)
        return lock
    }

    /// Refuses a binary and a checkout a record cannot stand for. A record
    /// is named and read by the commit its binary was built from, so that
    /// commit must exist, the build must have had no changed or untracked
    /// file, and the checkout it is written into must be at that commit
    /// with none either: otherwise the numbers would belong to code no
    /// commit holds, or to another commit than the one they are filed under.
    package static func checkProvenance(built: SourceProvenance, checkout: CheckoutState, root: URL) throws {
        guard let commit = built.commit else {
            throw ToolFailure(
                .failure,
                "--record names each record by the commit its binary was built from, and this binary was not "
                    + "built from a git checkout; build it in one (swift run -c release storefront builds first) "
                    + "and run again")
        }
        let short = String(commit.prefix(12))
        if built.sourcesChanged {
            throw ToolFailure(
                .failure,
                "--record keeps the numbers of one commit, and this binary was built from sources that differed "
                    + "from \(short) (changed or untracked files); commit or remove the changes (git status lists "
                    + "them), rebuild and run again")
        }
        guard let head = checkout.commit else {
            throw ToolFailure(
                .failure,
                "--record writes into \(root.path), which git does not see as a checkout; record from the "
                    + "checkout this binary was built from (commit \(short))")
        }
        if head != commit {
            throw ToolFailure(
                .failure,
                "this binary was built from \(short), but the checkout at \(root.path) is at "
                    + "\(head.prefix(12)); rebuild it there (swift run -c release storefront builds first) and "
                    + "run again")
        }
        if !checkout.changedFiles.isEmpty {
            let shown = checkout.changedFiles.prefix(3).joined(separator: "; ")
            throw ToolFailure(
                .failure,
                "--record keeps the numbers of one commit, and \(checkout.changedFiles.count) file(s) in the "
                    + "checkout differ from \(short), tracked or untracked (\(shown)); commit, stash or remove "
                    + "them (git status lists them) and run again")
        }
    }

    /// `docs/perf.md` and its folder must take a rename over the file: a
    /// read-only file is one its owner asked not to be replaced. Read-only
    /// means no write bit in its mode, too: root may write anything, and a
    /// record must not override a mode because it runs as root.
    private static func checkReplaceable(_ file: URL) throws {
        let manager = FileManager.default
        let folder = file.deletingLastPathComponent()
        func isReadOnly(_ url: URL) -> Bool {
            let mode = (try? manager.attributesOfItem(atPath: url.path))?[.posixPermissions] as? Int
            return !manager.isWritableFile(atPath: url.path) || mode.map { $0 & 0o222 == 0 } == true
        }
        if manager.fileExists(atPath: file.path), isReadOnly(file) {
            throw ToolFailure(
                .failure,
                "\(file.path) is read-only; --record replaces it: make it writable (chmod u+w) and run again")
        }
        if manager.fileExists(atPath: folder.path), isReadOnly(folder) {
            throw ToolFailure(
                .failure,
                "\(folder.path) is read-only; --record replaces \(performanceRecordPath) in it: "
                    + "make it writable (chmod u+w) and run again")
        }
    }

    /// Renders the record in full, then writes it as one unit (`StagedRecord`).
    /// With `requireCommittedTree`, refuses a run whose checkout changed
    /// while it measured.
    package static func record(
        _ document: ResultsDocument, command: String, root: URL, requireCommittedTree: Bool
    ) throws -> URL {
        if requireCommittedTree {
            try checkProvenance(built: .built, checkout: .read(root: root), root: root)
        }
        let date = String(document.recordedAt.prefix(10))
        let commit =
            document.environment.gitCommit.hasPrefix("unavailable") ? "uncommitted" : document.environment.gitCommit
        let folderName = "\(date)-\(commit)"
        var files: [(name: String, contents: Data)] = [
            ("results.json", try ReportRenderer.encoder.encode(document)),
            ("results.md", Data(ReportRenderer.text(document, markdown: true).utf8)),
        ]
        var charts: [String: String] = [:]
        for suite in document.suites {
            guard let svg = Chart.svg(for: suite) else { continue }
            files.append(("\(suite.suite).svg", Data(svg.utf8)))
            charts[suite.suite] = "../Results/\(folderName)/\(suite.suite).svg"
        }
        // The growth suite's log-log charts, one per axis and metric, shown
        // in docs/perf.md under their axis's heading.
        var growthCharts: [String: [String]] = [:]
        for series in document.suites.compactMap(\.growth).flatMap(\.series) {
            for metric in GrowthChart.chartedMetrics(series) {
                guard let svg = GrowthChart.svg(series, metric: metric) else { continue }
                let name = "growth-\(HTML.identifier(series.axis))-\(HTML.identifier(metric)).svg"
                files.append((name, Data(svg.utf8)))
                growthCharts["#### growth with \(series.axis) (", default: []].append(
                    "![\(metric) against \(series.axis)](../Results/\(folderName)/\(name))")
            }
        }
        // The page a person opens; its charts are inline, so it stands alone.
        files.append((ResultsPage.fileName, Data(ResultsPage.html(document).utf8)))
        let existing = try performanceRecord(root: root)
        let generated =
            "\n"
            + generatedSection(document, command: command, charts: charts, growthCharts: growthCharts, root: root)
            + "\n"
        let updated = existing.text.replacingCharacters(in: existing.generated, with: generated)
        let staged = StagedRecord(folderName: folderName, files: files, performanceRecord: Data(updated.utf8))
        RecordTestHook.interrupt(at: .beforeStaging)
        return try staged.commit(root: root)
    }

    static let performanceRecordPath = "docs/perf.md"

    /// `docs/perf.md` as it stands, or a new one with empty markers when
    /// there is none, and the range between its markers; fails when it
    /// cannot take the generated section.
    private static func performanceRecord(root: URL) throws -> (text: String, generated: Range<String.Index>) {
        let file = root.appendingPathComponent(performanceRecordPath)
        let folder = file.deletingLastPathComponent()
        if FileManager.default.fileExists(atPath: folder.path), !isDirectory(folder) {
            throw ToolFailure(
                .failure,
                "\(folder.path) is not a directory; --record writes \(performanceRecordPath) "
                    + "in it: move that file away and run again")
        }
        guard FileManager.default.fileExists(atPath: file.path) else {
            let new = """
                # Performance record

                The tables between the markers below are written by `storefront --record`; edit the text
                around them, not the tables.

                \(beginMarker)
                \(endMarker)

                """
            return (new, generatedRange(in: new)!)
        }
        if isDirectory(file) {
            throw ToolFailure(
                .failure,
                "\(file.path) is a directory; --record rewrites it as a file: "
                    + "move that directory away and run again")
        }
        let existing: String
        do {
            existing = try String(contentsOf: file, encoding: .utf8)
        } catch {
            throw ToolFailure(
                .failure,
                "\(file.path) cannot be read as UTF-8 text (\(error.localizedDescription)); "
                    + "--record rewrites its section between \(beginMarker) and \(endMarker): fix the file")
        }
        guard let generated = generatedRange(in: existing) else {
            throw ToolFailure(
                .failure,
                "\(file.path) lacks the \(beginMarker) … \(endMarker) markers, in that "
                    + "order; restore them around the generated section and run again")
        }
        return (existing, generated)
    }

    /// What lies between the markers, or nil when either is missing or
    /// they are out of order.
    private static func generatedRange(in text: String) -> Range<String.Index>? {
        guard let begin = text.range(of: beginMarker), let end = text.range(of: endMarker),
            begin.upperBound <= end.lowerBound
        else { return nil }
        return begin.upperBound..<end.lowerBound
    }

    private static func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    private static func generatedSection(
        _ document: ResultsDocument, command: String,
        charts: [String: String], growthCharts: [String: [String]], root: URL
    ) -> String {
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
            if let heading = body.range(of: "### \(suite):"),
                let lineEnd = body[heading.upperBound...].firstIndex(of: "\n")
            {
                body.insert(contentsOf: "\n\n![\(suite)](\(chart))", at: lineEnd)
            }
        }
        for (heading, images) in growthCharts {
            if let start = body.range(of: heading), let lineEnd = body[start.upperBound...].firstIndex(of: "\n") {
                body.insert(contentsOf: "\n\n" + images.joined(separator: "\n"), at: lineEnd)
            }
        }
        lines.append(body)
        if let handWritten = document.handWrittenStatements {
            lines += [
                "",
                "Hand-written statements each port writes to keep derived values correct (caches, invalidation "
                    + "routing, hand-kept indexes, request generations, and their declarations), counted from the "
                    + "sources' HAND-WRITTEN markers by parsing them; what counts is in docs/storefront.md "
                    + "(\"Hand-written code: what counts\"):",
                "",
                "| port | statements |",
                "| --- | --- |",
            ]
            lines += handWritten.sorted { $0.key < $1.key }.map { "| \($0.key) | \($0.value) |" }
        }
        return lines.joined(separator: "\n")
    }
}
