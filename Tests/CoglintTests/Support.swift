import CoglintCore
import Foundation

/// Lints a snippet as production (or test) code and returns
/// `"line:column rule"` for each diagnostic.
func findings(_ source: String, role: TargetRole = .production, only rule: String? = nil) -> [String] {
    Linter(role: role).lint(path: "Snippet.swift", source: source)
        .filter { rule == nil || $0.rule == rule }
        .map { "\($0.line):\($0.column) \($0.rule)" }
}

/// Runs the built `coglint` executable, which sits beside the test bundle.
enum CoglintProcess {
    struct Outcome {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("coglint")
    }

    static func run(_ arguments: [String], in directory: URL? = nil) throws -> Outcome {
        try runProgram(executable, arguments, in: directory)
    }
}

/// Runs a program to completion. Its outputs go to files, not pipes, so a
/// chatty child can never fill a pipe and stall.
func runProgram(
    _ executable: URL, _ arguments: [String], in directory: URL? = nil,
    environment: [String: String]? = nil
) throws -> CoglintProcess.Outcome {
    let scratch = try ScratchDirectory()
    let outputURL = scratch.url.appendingPathComponent("stdout")
    let errorURL = scratch.url.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    if let environment { process.environment = environment }
    process.standardOutput = try FileHandle(forWritingTo: outputURL)
    process.standardError = try FileHandle(forWritingTo: errorURL)
    try process.run()
    process.waitUntilExit()
    return CoglintProcess.Outcome(
        status: process.terminationStatus,
        standardOutput: try String(contentsOf: outputURL, encoding: .utf8),
        standardError: try String(contentsOf: errorURL, encoding: .utf8))
}

/// A scratch directory removed when the value is dropped.
final class ScratchDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("coglint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func write(_ relative: String, _ text: String) throws {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
