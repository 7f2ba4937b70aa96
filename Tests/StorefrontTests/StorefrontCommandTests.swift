import Foundation
import Testing

/// Runs the built `storefront` executable, which sits beside the test bundle.
private struct Storefront {
    struct Outcome {
        let status: Int32
        let standardOutput: String
        let standardError: String
    }

    static func run(_ arguments: [String]) throws -> Outcome {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let process = Process()
        process.executableURL = bundle.deletingLastPathComponent().appendingPathComponent("storefront")
        process.arguments = arguments
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // stdout is drained to the end first; stderr carries at most a few
        // lines, far below a pipe's buffer, so the child never blocks on it.
        let outputText = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errorText = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, standardOutput: outputText, standardError: errorText)
    }
}

@Suite("storefront command")
struct StorefrontCommandTests {
    @Test("an unknown suite exits 1 and names the accepted ones", arguments: [
        (["--suite", "nope"], "unknown suite 'nope'; accepted: calibration, cold-start, session, interactions, inventory-burst, all"),
        (["--runtime", "redux"], "unknown runtime 'redux'; accepted: observable, memoized"),
        (["--scale", "huge"], "unknown scale 'huge'; accepted: small, default, large"),
        (["--inject-fault", "gremlin"], "unknown fault 'gremlin'; accepted: stale-cache,"),
        (["--format", "yaml"], "unknown format 'yaml'; accepted: text, markdown, json"),
        (["--iterations", "0"], "--iterations takes a whole number ≥ 1, got '0'"),
        (["--instructions", "perf"], "unknown instruction counter 'perf'; accepted: callgrind"),
        (["--bogus"], "unknown argument '--bogus'"),
        (["--suite"], "--suite needs a value"),
        ([], "no suite chosen"),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let outcome = try Storefront.run(arguments)
        #expect(outcome.status == 1)
        #expect(outcome.standardError.contains(message), "stderr was: \(outcome.standardError)")
        #expect(outcome.standardOutput.isEmpty)
    }

    @Test("an unwritable output directory fails before measuring, writing nothing")
    func unwritableOutput() throws {
        let outcome = try Storefront.run(["--suite", "calibration", "--output", "/proc/storefront-test"])
        #expect(outcome.status == 1)
        #expect(outcome.standardError.contains("cannot create output directory /proc/storefront-test"))
        #expect(outcome.standardOutput.isEmpty)
    }

    @Test("the calibration suite reports its known counts and writes one complete record")
    func calibrationRecord() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let outcome = try Storefront.run([
            "--suite", "calibration", "--iterations", "3", "--warmup", "1",
            "--format", "json", "--output", directory.path, "--quiet",
        ])
        #expect(outcome.status == 0, "stderr was: \(outcome.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["calibration.json"])

        let written = try Data(contentsOf: directory.appendingPathComponent("calibration.json"))
        let printed = Data(outcome.standardOutput.utf8)
        for data in [written, printed] {
            let records = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
            let record = try #require(records.first)
            #expect(record["schema"] as? String == "storefront-record/1")
            let regions = try #require(record["regions"] as? [[String: Any]])
            #expect(regions.map { $0["name"] as? String } == ["empty", "allocate-1000", "xorshift"])
            let allocations = regions.map { ($0["allocations"] as? [String: Any])?["allocations"] as? Int }
            #expect(allocations == [0, 1_000, 0])
            let samples = regions.map { ($0["samplesNanoseconds"] as? [Double])?.count }
            #expect(samples == [3, 3, 3])
            let environment = try #require(record["environment"] as? [String: Any])
            #expect(environment["logicalCores"] as? Int == ProcessInfo.processInfo.activeProcessorCount)
        }
    }

    @Test("a port that fails the gate gets no numbers and the run exits 2")
    func gateFailureExitsTwo() throws {
        let outcome = try Storefront.run([
            "--suite", "session", "--scale", "small", "--runtime", "memoized",
            "--inject-fault", "stale-cache", "--quiet",
        ])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains(
            "memoized failed the agreement gate (checkpoint) in phase promotion, checkpoint, view cart, field cart.lines[0]"))
        #expect(outcome.standardOutput.isEmpty)
    }

    @Test("a runtime suite records each port's samples, mallocs and work counts")
    func sessionRecord() throws {
        let outcome = try Storefront.run([
            "--suite", "cold-start", "--scale", "small", "--iterations", "2", "--warmup", "0",
            "--format", "json", "--quiet",
        ])
        #expect(outcome.status == 0, "stderr was: \(outcome.standardError)")
        let records = try #require(try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [[String: Any]])
        let record = try #require(records.first)
        #expect(record["scale"] as? String == "small")
        let regions = try #require(record["regions"] as? [[String: Any]])
        #expect(regions.map { $0["name"] as? String } == ["observable", "memoized"])
        for region in regions {
            let work = try #require(region["work"] as? [String: Int])
            // Launch: one request; every fixed view and a full page of cards.
            #expect(work["requests"] == 1)
            #expect(work["actions"] == 1)
            #expect((region["samplesNanoseconds"] as? [Double])?.count == 2)
            #expect(((region["allocations"] as? [String: Any])?["allocations"] as? Int ?? 0) > 0)
            #expect(region["comparedWithFastest"] != nil)
        }
    }

    @Test("--help documents the exit codes; --list names the regions")
    func helpAndList() throws {
        let help = try Storefront.run(["--help"])
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("EXIT CODES"))
        #expect(help.standardOutput.contains("2  a port failed the agreement gate"))
        let list = try Storefront.run(["--list"])
        #expect(list.status == 0)
        #expect(list.standardOutput.contains("allocate-1000"))
    }
}
