import Foundation
@testable import StorefrontHarness
import Testing

/// Inputs and conditions that once crashed the tool, passed silently or
/// answered with Foundation's raw error text: each now gets one line in
/// plain words, a non-zero exit, and, where the input alone decides it,
/// the refusal before anything is measured.
@Suite("plain refusals")
struct PlainRefusalsTests {
    func scratchFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("refusals-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("an unknown --shape is refused before the gate, in one short line")
    func unknownShape() throws {
        let outcome = try Storefront.run(["--suite", "session,graph", "--shape", "nosuch", "--scale", "small"])
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.isEmpty)
        let lines = outcome.standardError.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].count < 120, "\(outcome.standardError)")
        #expect(lines.first?.hasPrefix("storefront: --shape: no graph shape is named 'nosuch'") == true)
        let list = try Storefront.run(["--list"])
        #expect(list.standardOutput.contains("  shapes: ") && list.standardOutput.contains("diamond"))
    }

    @Test("--instructions callgrind without valgrind is refused before the gate")
    func callgrindWithoutValgrind() throws {
        let outcome = try Storefront.run(
            ["--suite", "session", "--scale", "small", "--instructions", "callgrind"],
            environment: ["PATH": "/nonexistent"])
        #expect(outcome.status == 1)
        #expect(
            outcome.standardError.hasPrefix(
                "storefront: --instructions callgrind needs valgrind, which is not on PATH"),
            "\(outcome.standardError)")
        #expect(outcome.standardOutput.isEmpty)
    }

    @Test("an --output that cannot be made names the part of its path in the way")
    func outputPathProblems() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: file)
        let loop = folder.appendingPathComponent("loop")
        try FileManager.default.createSymbolicLink(atPath: loop.path, withDestinationPath: loop.path)
        let cases = [
            (file.appendingPathComponent("sub").path, "\(file.path) is a file, not a folder"),
            (loop.appendingPathComponent("x").path, "\(loop.path) is a loop of symbolic links"),
        ]
        for (output, reason) in cases {
            let outcome = try Storefront.run(["--suite", "calibration", "--output", output])
            #expect(outcome.status == 1)
            #expect(
                outcome.standardError == "storefront: cannot make the folder \(output): \(reason)\n",
                "\(outcome.standardError)")
            #expect(outcome.standardOutput.isEmpty)
        }
    }

    @Test(
        "storefront compare refuses a flag without its value or given twice",
        arguments: [
            (["compare", "a", "b", "--output", "--quiet"], "compare: --output needs a folder"),
            (["compare", "a", "b", "--output", ""], "compare: --output needs a folder"),
            (["compare", "a", "b", "--format", "text", "--format", "markdown"], "compare: --format is given twice"),
        ])
    func compareFlags(arguments: [String], message: String) throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try Storefront.run(arguments, in: folder)
        #expect(outcome.status == 1)
        #expect(outcome.standardError.contains(message), "\(outcome.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "no folder was made")
    }

    @Test("a locale that is not UTF-8 gets ASCII text; JSON stays UTF-8")
    func asciiLocale() throws {
        let plain = try Storefront.run(
            ["--suite", "calibration", "--iterations", "1", "--warmup", "0"],
            environment: ["LC_ALL": "", "LC_CTYPE": "", "LANG": "C"])
        #expect(plain.status == 0, "\(plain.standardError)")
        let plainText = plain.standardOutput + plain.standardError
        #expect(plainText.unicodeScalars.allSatisfy { $0.isASCII }, "\(plainText)")
        let utf8 = try Storefront.run(["--suite", "calibration", "--iterations", "1", "--warmup", "0"])
        let utf8Text = utf8.standardOutput + utf8.standardError
        #expect(utf8Text.unicodeScalars.contains { !$0.isASCII }, "\(utf8Text)")

        #expect(Console.asciiOnly(["LANG": "C"]))
        #expect(Console.asciiOnly(["LANG": "en_US.UTF-8", "LC_ALL": "POSIX"]))
        #expect(Console.asciiOnly(["LC_CTYPE": "de_DE.ISO-8859-1"]))
        #expect(!Console.asciiOnly(["LC_ALL": "", "LANG": "C.utf8"]))
        #expect(!Console.asciiOnly([:]), "no locale at all: UTF-8, as Swift writes")
        #expect(Console.readable("2.3× (1.9–2.6) ≈ µs ≥ 1 …", asciiOnly: true) == "2.3x (1.9-2.6) ~ us >= 1 ...")
    }

    @Test("a write to a full disk says the disk is full")
    func fullDisk() throws {
        #expect {
            try Files.write(Data("x".utf8), to: URL(fileURLWithPath: "/dev/full"))
        } throws: { error in
            "\(error)" == "cannot write /dev/full: the disk is full; free some space and run again"
        }
    }

    @Test("a JSON file that cannot be read is named by the field and what it should hold")
    func decodingWords() throws {
        #expect(words("{ not json").hasPrefix("it is not valid JSON"))
        #expect(words(#"{"name": "a", "counts": {"x": "y"}}"#) == "counts.x must be a number")
        #expect(words(#"{"name": null, "counts": {}}"#) == "name is null where a string is needed")
        #expect(words(#"{"name": "a"}"#) == "counts is missing")

        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let thresholds = folder.appendingPathComponent("t.json")
        try Data(
            #"{"note": "x", "relativeTimeLimit": "fast", "mallocsPerAction": {}, "mallocsPerIteration": {}}"#.utf8
        ).write(to: thresholds)
        let outcome = try Storefront.run(["--suite", "calibration", "--thresholds", thresholds.path])
        #expect(outcome.status == 1)
        #expect(
            outcome.standardError == "storefront: \(thresholds.path): relativeTimeLimit must be a number\n",
            "\(outcome.standardError)")
        let results = folder.appendingPathComponent("results.json")
        try Data(#"{"schema": "storefront-results/7", "suites": 3}"#.utf8).write(to: results)
        let compared = try Storefront.run(["compare", results.path, results.path], in: folder)
        #expect(compared.status == 1)
        #expect(compared.standardError.contains("is a corrupt results document: "), "\(compared.standardError)")
        #expect(!compared.standardError.contains("DecodingError"), "\(compared.standardError)")
    }

    @Test(
        "an --output run interrupted (Ctrl-C, kill, a closed terminal) before it writes leaves no folder; one interrupted while writing leaves both files",
        arguments: [(SIGINT, "INT"), (SIGTERM, "TERM"), (SIGHUP, "HUP")])
    func interruptedOutput(signal: Int32, name: String) throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = ["--suite", "calibration", "--iterations", "1", "--warmup", "0", "--quiet", "--output"]
        let before = folder.appendingPathComponent("before")
        let stopped = try Storefront.run(
            run + [before.path],
            environment: [
                "STOREFRONT_TEST_INTERRUPT_DURING_RECORD": "before-output", "STOREFRONT_TEST_INTERRUPT_SIGNAL": name,
            ])
        #expect(stopped.signal == signal, "status \(stopped.status), stderr: \(stopped.standardError)")
        #expect(!FileManager.default.fileExists(atPath: before.path), "the run made no folder it did not fill")

        let during = folder.appendingPathComponent("during")
        let held = try Storefront.run(
            run + [during.path],
            environment: [
                "STOREFRONT_TEST_INTERRUPT_DURING_RECORD": "mid-output", "STOREFRONT_TEST_INTERRUPT_SIGNAL": name,
            ])
        #expect(held.signal == signal, "status \(held.status), stderr: \(held.standardError)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: during.path).sorted() == ["index.html", "results.json"])
    }
}

private struct Shape: Decodable {
    var name: String
    var counts: [String: Double]
}

/// What `DecodingProblem` says of `json` read as a `Shape`.
private func words(_ json: String) -> String {
    do {
        _ = try JSONDecoder().decode(Shape.self, from: Data(json.utf8))
        return "decoded"
    } catch {
        return DecodingProblem.words(error)
    }
}
