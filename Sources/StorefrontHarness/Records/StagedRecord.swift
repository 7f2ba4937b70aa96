import Foundation

/// A record written as one unit: the results folder and the new
/// `docs/perf.md` are written in full under a staging folder,
/// `Results/.staging-<pid>/`, then renamed into place, with interrupts held
/// back throughout (`Interrupts`), so a reader sees the old record or the
/// new one and an interrupt leaves no part of either behind. A same-named
/// results folder (a rerun on the same day and commit) is moved aside
/// first and deleted at the end, so none of its files outlive it. A failed
/// rename undoes the ones before it.
///
/// A SIGKILL cannot be held back; the next record run, which holds the lock,
/// finishes or undoes what a killed run left (`recoverLeftovers`).
struct StagedRecord {
    let folderName: String
    /// The results folder's files, by name.
    let files: [(name: String, contents: Data)]
    /// The whole new `docs/perf.md`.
    let performanceRecord: Data

    /// Writes the record and returns its results folder.
    func commit(root: URL) throws -> URL {
        try Interrupts.heldBack {
            let staging = Staging(root: root, name: "\(Staging.prefix)\(getpid())")
            defer { try? FileManager.default.removeItem(at: staging.folder) }
            try stage(in: staging)
            return try swapIn(from: staging)
        }
    }

    private func stage(in staging: Staging) throws {
        let manager = FileManager.default
        do {
            try Files.makeDirectory(staging.newFolder(folderName))
            try Files.makeDirectory(staging.replaced)
            try Files.makeDirectory(staging.performanceRecordDestination.deletingLastPathComponent())
            for file in files {
                try Files.write(file.contents, to: staging.newFolder(folderName).appendingPathComponent(file.name))
            }
            // Written last: its presence tells recovery that staging was complete.
            try Files.write(performanceRecord, to: staging.performanceRecord)
            // The rename replaces the file, so the new one takes the old one's mode.
            if let mode = try? manager.attributesOfItem(atPath: staging.performanceRecordDestination.path)[
                .posixPermissions]
            {
                try manager.setAttributes([.posixPermissions: mode], ofItemAtPath: staging.performanceRecord.path)
            }
        } catch let failure as Files.Failure {
            throw ToolFailure(.failure, "\(failure.description); nothing was recorded")
        } catch {
            throw ToolFailure(
                .failure,
                "cannot keep docs/perf.md's permissions on the staged copy under \(staging.folder.path) "
                    + "(\(error.localizedDescription)); nothing was recorded")
        }
    }

    private func swapIn(from staging: Staging) throws -> URL {
        let destination = staging.results.appendingPathComponent(folderName)
        let replaced = staging.replaced.appendingPathComponent(folderName)
        var undo: [() -> Void] = []
        do {
            if try Staging.move(destination, to: replaced, ifPresent: true) {
                undo.append { _ = try? Staging.move(replaced, to: destination) }
            }
            try Staging.move(staging.newFolder(folderName), to: destination)
            undo.append { _ = try? Staging.move(destination, to: staging.newFolder(folderName)) }
            RecordTestHook.interrupt(at: .midCommit)
            try Staging.move(staging.performanceRecord, to: staging.performanceRecordDestination)
        } catch {
            for step in undo.reversed() { step() }
            throw ToolFailure(.failure, "\(error); nothing was recorded")
        }
        return destination
    }

    /// Finishes or undoes the record of a run that was killed while writing
    /// it. Call under the record lock, so that no staging folder is in use.
    /// A run killed after its results folder went into place gets its
    /// `docs/perf.md` too; one killed before that gets back the record it
    /// had moved aside. Then the staging folder goes.
    static func recoverLeftovers(root: URL) throws {
        let manager = FileManager.default
        let results = root.appendingPathComponent("Results")
        for name in try manager.contentsOfDirectory(atPath: results.path) where name.hasPrefix(Staging.prefix) {
            let staging = Staging(root: root, name: name)
            try Interrupts.heldBack {
                let stagingWasComplete = manager.fileExists(atPath: staging.performanceRecord.path)
                let stillStaged = (try? manager.contentsOfDirectory(atPath: staging.new.path)) ?? []
                if stagingWasComplete, stillStaged.isEmpty {
                    // The results folder went in; only docs/perf.md is missing.
                    try Staging.move(staging.performanceRecord, to: staging.performanceRecordDestination)
                } else {
                    // The results folder never went in: put back what it replaced.
                    for moved in (try? manager.contentsOfDirectory(atPath: staging.replaced.path)) ?? []
                    where !Staging.exists(results.appendingPathComponent(moved)) {
                        try Staging.move(
                            staging.replaced.appendingPathComponent(moved),
                            to: results.appendingPathComponent(moved))
                    }
                }
                do {
                    try manager.removeItem(at: staging.folder)
                } catch {
                    throw ToolFailure(
                        .failure,
                        "cannot remove \(staging.folder.path), left by a record run that was "
                            + "killed: \(error.localizedDescription); remove it by hand")
                }
            }
        }
    }
}

/// Where a staged record lies: `new/<folder>/` (the new results folder),
/// `perf.md` (the new docs/perf.md) and `replaced/<folder>/` (a same-named
/// record moved aside).
private struct Staging {
    static let prefix = ".staging-"

    let results: URL
    let folder: URL
    let performanceRecordDestination: URL

    init(root: URL, name: String) {
        results = root.appendingPathComponent("Results")
        folder = results.appendingPathComponent(name)
        performanceRecordDestination = root.appendingPathComponent(Recorder.performanceRecordPath)
    }

    var new: URL { folder.appendingPathComponent("new") }
    var replaced: URL { folder.appendingPathComponent("replaced") }
    var performanceRecord: URL { folder.appendingPathComponent("perf.md") }
    func newFolder(_ name: String) -> URL { new.appendingPathComponent(name) }

    /// Renames `source` to `destination`; with `ifPresent`, returns false
    /// when there is no `source`.
    @discardableResult
    static func move(_ source: URL, to destination: URL, ifPresent: Bool = false) throws -> Bool {
        if rename(source.path, destination.path) == 0 { return true }
        let reason = errno
        if ifPresent, reason == ENOENT { return false }
        throw ToolFailure(
            .failure,
            "cannot rename \(source.path) to \(destination.path): "
                + Files.words(reason))
    }

    /// Whether anything, even a dangling link, is at `url`.
    static func exists(_ url: URL) -> Bool {
        var status = stat()
        return lstat(url.path, &status) == 0
    }
}

/// Test hook: `STOREFRONT_TEST_INTERRUPT_DURING_RECORD=before-staging`,
/// `=mid-commit`, `=before-output` or `=mid-output` makes the run send its own process SIGINT at that
/// point, as Ctrl-C does (to the process, not to one thread), so that tests
/// interrupt a record at an exact point without timing. `mid-commit` falls
/// after the results folder is renamed into place and before
/// `docs/perf.md` is. `STOREFRONT_TEST_INTERRUPT_SIGNAL=TERM` or `=HUP`
/// sends that signal instead, as `kill` or a closed terminal does.
enum RecordTestHook {
    static let variable = "STOREFRONT_TEST_INTERRUPT_DURING_RECORD"
    static let signalVariable = "STOREFRONT_TEST_INTERRUPT_SIGNAL"

    enum Point: String {
        case beforeStaging = "before-staging"
        case midCommit = "mid-commit"
        /// Before an --output run writes its folder, and between its
        /// results.json and its page.
        case beforeOutput = "before-output"
        case midOutput = "mid-output"
    }

    static func interrupt(at point: Point) {
        let environment = ProcessInfo.processInfo.environment
        guard environment[variable] == point.rawValue else { return }
        switch environment[signalVariable] {
        case "TERM": kill(getpid(), SIGTERM)
        case "HUP": kill(getpid(), SIGHUP)
        default: kill(getpid(), SIGINT)
        }
    }
}
