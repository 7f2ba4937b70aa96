import Foundation

/// What the tool publishes stays as it was published: a record folder under
/// `Results/` and a saved baseline are written only by `--record` and
/// `--baseline save` (the latter over an existing name only when told to
/// with `--replace-baseline`). Every other write goes elsewhere, so a quick
/// run or a comparison page can never replace the numbers the docs cite.
package enum PublishedData {
    /// Refuses `directory` when it is a package's `Results/` folder or lies
    /// inside one (through symbolic links too): `flag` names the option
    /// that chose it, for the message.
    package static func refuseWritingInto(_ directory: URL, flag: String) throws {
        var candidate = directory.standardizedFileURL.resolvingSymlinksInPath()
        while candidate.path != "/" {
            let parent = candidate.deletingLastPathComponent()
            if candidate.lastPathComponent == "Results",
                FileManager.default.fileExists(atPath: parent.appendingPathComponent("Package.swift").path)
            {
                throw ToolFailure(
                    .failure,
                    "\(flag) \(directory.path) lies in \(candidate.path), where only --record and --baseline save "
                        + "write (its records and baselines are published data); choose a folder outside Results/")
            }
            candidate = parent
        }
    }

    /// Refuses a `TMPDIR` that names no folder: the tool would otherwise
    /// make that path (as root, even at the file system's top) for its
    /// last-run page and callgrind's files.
    package static func checkTemporaryDirectory() throws {
        guard let named = ProcessInfo.processInfo.environment["TMPDIR"], !named.isEmpty else { return }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: named, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ToolFailure(
                .failure,
                "TMPDIR=\(named) is not a folder; the tool keeps temporary files there: set TMPDIR to an existing "
                    + "folder or unset it")
        }
    }
}
