import BuiltInRuntimes
import Foundation
@testable import StorefrontCommand
@testable import StorefrontHarness
import Testing
import Workload

/// A thresholds file that cannot check the run is refused before
/// measuring, naming the path of what is wrong.
@Suite("thresholds checked before measuring")
struct ThresholdsCheckTests {
    func thresholds(_ json: String) throws -> Thresholds {
        try JSONDecoder().decode(Thresholds.self, from: Data(json.utf8))
    }

    func document(_ tables: String, mallocsPerAction: String = "{}") -> String {
        """
        {"note": "test", "relativeTimeLimit": 1.25, "mallocsPerAction": \(mallocsPerAction), \(tables)}
        """
    }

    func options(_ arguments: [String]) throws -> Options {
        try Options(arguments, lineup: Runtime.builtIn)
    }

    @Test("names no scale, suite or runtime has pin nothing, so they are refused")
    func unknownNames() throws {
        let file = try thresholds(
            document(
                #""mallocsPerIteration": {"huge": {"session": {"cog": 10}}, "small": {"sesion": {"cog": 10}, "session": {"redux": 10, "cog+CompactArena": 9}}}"#
            ))
        let problems = file.problems(for: try options(["--suite", "session", "--check-thresholds"]))
        #expect(
            problems == [
                "mallocsPerIteration: unknown scale 'huge'",
                "mallocsPerIteration.small: unknown suite 'sesion'",
                "mallocsPerIteration.small.session: no runtime of this lineup is named 'redux'",
            ])
    }

    @Test("a limit may be 0, the strictest pin, but not negative")
    func limits() throws {
        let file = try thresholds(
            document(
                #""mallocsPerIteration": {"small": {"session": {"cog": 0}}}, "perfScenarios": {"PERF-02 propagation": {"mallocsPerUnit": 0, "retainsPerUnit": -1}}"#,
                mallocsPerAction: #"{"small": {"session": {"memoized": -0.5}}}"#
            ))
        let problems = file.problems(
            for: try options(["--suite", "session", "--check-thresholds", "--instructions", "callgrind"]))
        #expect(
            problems == [
                "mallocsPerAction.small.session.memoized: a limit cannot be negative, got -0.5",
                "perfScenarios.PERF-02 propagation.retainsPerUnit: a limit cannot be negative, got -1.0",
            ])
    }

    @Test("pinned instructions or retains need --instructions callgrind, said before measuring")
    func callgrindPins() throws {
        let file = try thresholds(
            document(
                #""mallocsPerIteration": {}, "instructionsPerIteration": {"small": {"session": {"cog": 100}}}, "perfScenarios": {"PERF-02 propagation": {"retainsPerUnit": 13}}"#
            ))
        let session = file.problems(for: try options(["--suite", "session", "--scale", "small", "--check-thresholds"]))
        #expect(session.count == 1 && session[0].hasPrefix("instructions are pinned for session at small scale"))
        let probes = file.problems(for: try options(["--suite", "perf-scenarios", "--check-thresholds"]))
        #expect(probes.count == 1 && probes[0].hasPrefix("retains and releases of the perf-scenarios probes"))
        let counted = file.problems(
            for: try options([
                "--suite", "session,perf-scenarios", "--scale", "small", "--check-thresholds", "--instructions",
                "callgrind",
            ]))
        #expect(counted.isEmpty)
    }

    @Test("the committed thresholds file checks every run CI makes of it")
    func committedFileIsValid() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let file = try Thresholds.load(root: root)
        #expect(
            file.problems(
                for: try options([
                    "--suite", "interactions,compute-control,funnel-memory", "--scale", "small", "--check-thresholds",
                ])
            ).isEmpty)
        #expect(
            file.problems(
                for: try options([
                    "--suite", "session", "--scale", "small", "--check-thresholds", "--instructions", "callgrind",
                ])
            ).isEmpty)
    }

    /// A pin is a property of the code, so the count it holds must not move
    /// with the sampling plan or with the ports run beside it: the counted
    /// cycle is a fresh session warmed the same way whatever ran before.
    /// Hashing is made deterministic, as callgrind's runs are, since a
    /// process's random hash seed can move a port's count by one.
    @Test("interactions malloc counts are the same at 1, 2, 5 and 50 iterations, and for a port run alone")
    func countsHoldAcrossPlans() throws {
        func counts(_ arguments: [String]) throws -> [String: UInt64] {
            let outcome = try Storefront.run(
                ["--suite", "interactions", "--scale", "small", "--warmup", "0", "--format", "json", "--quiet"]
                    + arguments,
                environment: ["SWIFT_DETERMINISTIC_HASHING": "1"])
            #expect(outcome.status == 0, "\(outcome.standardError)")
            let document = try JSONDecoder().decode(
                ProcessesTests.Document.self, from: Data(outcome.standardOutput.utf8))
            let ports = document.suites.first?.runtimes ?? []
            return Dictionary(uniqueKeysWithValues: ports.map { ($0.runtime, $0.mallocsPerIteration ?? 0) })
        }
        let once = try counts(["--iterations", "1"])
        #expect(Set(once.keys) == Set(Runtime.builtIn.map(\.name)))
        for iterations in [2, 5] {
            let again = try counts(["--iterations", "\(iterations)"])
            for (port, count) in again {
                // A Swift array's capacity comes from malloc_usable_size,
                // and glibc sometimes hands out a larger block than asked
                // for, so an array that grows can skip a growth: a port's
                // count has moved by one malloc under the test run's
                // parallel load, raw @Observable's quantity change (whose
                // registrar grows a tracker array per willSet) by up to
                // two per cycle in the release build (docs/measurement.md). The
                // release check in .ci/run holds the pins at 1, 2, 5 and 50
                // iterations and per port alone. The stategraph clone's
                // count moved by two (8,117 against 8,119) in the release
                // test leg once the gate's later session played another
                // catalog, which changes the heap's history before the count.
                // Cog's moved by two (3,028 at 1 iteration, 3,030 at 2) in the
                // debug test leg once review round 6 kept a filtered list per
                // filter set (T26), rows that wait out Cog's grace window.
                let allowed: UInt64 = ["observable", "stategraph", "cog"].contains(port) ? 2 : 1
                let first = once[port] ?? 0
                #expect(
                    max(count, first) - min(count, first) <= allowed,
                    "\(port) at \(iterations) iterations: \(count), at 1: \(first)")
            }
        }
        // Cog alone against cog beside the others: the same two-malloc
        // allowance as between plans above (3,028 against 3,030 seen in a
        // fresh-clone debug leg after review round 6's T26).
        let alone = try counts(["--iterations", "50", "--runtime", "cog"])
        let cogAlone = alone["cog"] ?? 0
        let cogBeside = once["cog"] ?? 0
        #expect(
            alone.count == 1 && max(cogAlone, cogBeside) - min(cogAlone, cogBeside) <= 2, "\(alone) against \(once)")
    }

    @Test("a negative whole number is named by its path, not reported as invalid JSON")
    func negativeWholeNumber() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("thresholds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("t.json")
        try Data(document(#""mallocsPerIteration": {"small": {"session": {"cog": -5}}}"#).utf8).write(to: file)
        let outcome = try Storefront.run(["--suite", "session", "--scale", "small", "--thresholds", file.path])
        #expect(outcome.status == 1)
        #expect(
            outcome.standardError.contains(
                "mallocsPerIteration.small.session.cog must be a whole number from 0 to 2^63 − 1, got -5"),
            "\(outcome.standardError)")
    }
}
