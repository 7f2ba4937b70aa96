import Foundation

/// What git says of the checkout a record is written into: its commit and
/// every file that differs from it, untracked ones included.
package struct CheckoutState: Sendable, Equatable {
    /// The full commit hash of HEAD, or nil where `root` is no checkout (or
    /// git cannot be run).
    package var commit: String?
    /// `git status --porcelain` lines: changed, added, deleted and
    /// untracked files alike.
    package var changedFiles: [String]

    package init(commit: String?, changedFiles: [String]) {
        self.commit = commit
        self.changedFiles = changedFiles
    }

    /// Reads the checkout at `root`.
    package static func read(root: URL) -> CheckoutState {
        let head = git(["rev-parse", "HEAD"], in: root)
        let status = git(["status", "--porcelain", "--untracked-files=all"], in: root)
        let commit = head?.trimmingCharacters(in: .whitespacesAndNewlines)
        return CheckoutState(
            commit: commit?.isEmpty == false ? commit : nil,
            changedFiles: status?.split(separator: "\n").map(String.init) ?? [])
    }

    /// Standard output of a git command that succeeded, else nil.
    private static func git(_ arguments: [String], in root: URL) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", root.path] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return process.terminationStatus == 0 ? text : nil
    }
}
