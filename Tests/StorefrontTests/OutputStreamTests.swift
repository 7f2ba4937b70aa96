import Foundation
import Testing

/// stdout and stderr closed, full or a broken pipe: the tool never traps,
/// finishes what it was asked, and says with its exit code that output was
/// lost (`ExitCode.outputFailed`, 5).
@Suite("output streams")
struct OutputStreamTests {
    struct Outcome {
        let status: Int32
        let signaled: Bool
        let standardError: String
    }

    /// Runs `storefront ARGUMENTS REDIRECTIONS` through the shell.
    func shell(_ arguments: String, _ redirections: String) throws -> Outcome {
        let storefront = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("storefront").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // A child's stderr that the command does not redirect lands here.
        let error = Pipe()
        process.standardError = error
        process.standardOutput = FileHandle.nullDevice
        process.arguments = ["-c", "'\(storefront)' \(arguments) \(redirections)"]
        try process.run()
        let text = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus, signaled: process.terminationReason == .uncaughtSignal,
            standardError: text)
    }

    @Test(
        "a closed or full stderr does not crash a refused run: it exits 1 all the same",
        arguments: ["2>&-", "2>/dev/full"])
    func refusedWithoutStderr(redirection: String) throws {
        let outcome = try shell("--suite nope", redirection)
        #expect(!outcome.signaled)
        #expect(outcome.status == 1)
    }

    @Test(
        "a report that cannot reach stdout exits 5 and says so on stderr, from a listing or a measuring run",
        arguments: [">/dev/full", ">&-"], ["--list", "--suite calibration --iterations 1 --warmup 0"])
    func reportLost(redirection: String, run: String) throws {
        let outcome = try shell(run, redirection)
        #expect(!outcome.signaled)
        #expect(outcome.status == 5)
        #expect(outcome.standardError.contains("storefront: writing to stdout failed"), "\(outcome.standardError)")
    }

    @Test("a measuring run with stderr closed finishes, writes its output folder, and exits 5")
    func measuredWithoutStderr() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("streams-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try shell(
            "--suite calibration --iterations 1 --warmup 0 --quiet --output '\(folder.path)'", "2>&-")
        #expect(!outcome.signaled)
        #expect(outcome.status == 5)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("results.json").path))
    }
}
