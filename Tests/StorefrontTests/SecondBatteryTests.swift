import Foundation
import Testing

@testable import StorefrontHarness

/// Issue 59's second battery of bad input, each case through the
/// executable: nothing crashes on a document read back, nothing published
/// is overwritten, nothing passes silently, and an interrupt leaves no
/// process and no file behind.

/// A scratch root with one small saved baseline, `a`, of the memoized port.
private func rootWithBaseline() throws -> ScratchRoot {
    let root = try ScratchRoot()
    let saved = try Storefront.run(quickColdStart + ["--runtime", "memoized", "--baseline", "save", "a"], in: root.url)
    #expect(saved.status == 0, "\(saved.standardError)")
    return root
}

/// Writes baseline `name` as `a` with `edit` applied to its JSON object.
private func writeEdited(
    _ root: borrowing ScratchRoot, _ name: String, _ edit: (inout [String: Any]) -> Void
) throws {
    let data = try Data(contentsOf: root.url.appendingPathComponent("Results/baselines/a.json"))
    var document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    edit(&document)
    try root.write(
        String(decoding: try JSONSerialization.data(withJSONObject: document), as: UTF8.self),
        to: "Results/baselines/\(name).json")
}

/// Sets every port's first timed sample in every suite to `value`.
private func firstSample(_ value: Any) -> (inout [String: Any]) -> Void {
    { document in
        var suites = document["suites"] as! [[String: Any]]
        for index in suites.indices {
            guard var runtimes = suites[index]["runtimes"] as? [[String: Any]] else { continue }
            for port in runtimes.indices {
                guard var samples = runtimes[port]["samplesNanoseconds"] as? [Any] else { continue }
                samples[0] = value
                runtimes[port]["samplesNanoseconds"] = samples
            }
            suites[index]["runtimes"] = runtimes
        }
        document["suites"] = suites
    }
}

/// Empties every suite's list of ports.
private func withoutPorts(_ document: inout [String: Any]) {
    var suites = document["suites"] as! [[String: Any]]
    for index in suites.indices { suites[index]["runtimes"] = [Any]() }
    document["suites"] = suites
}

private let quickMemoized = quickColdStart + ["--runtime", "memoized"]

@Suite("second battery: documents read back")
struct ReadBackDocumentTests {
    @Test(
        "a baseline or compare side holding a time no run measures is refused by field, never a crash",
        arguments: [
            ("zero", 0.0, "is 0"), ("negative", -65_675.0, "is -65675"),
            ("huge", 1e308, "is 1e+308 ns, longer than any run"),
        ])
    func impossibleTimes(name: String, value: Double, words: String) throws {
        let root = try rootWithBaseline()
        try writeEdited(root, name, firstSample(value))
        let compared = try Storefront.run(quickMemoized + ["--baseline", "compare", name], in: root.url)
        #expect(compared.signal == nil)
        #expect(compared.status == 1)
        #expect(
            compared.standardError.contains("runtimes[0].samplesNanoseconds[0] \(words)"), "\(compared.standardError)")
        #expect(compared.standardOutput.isEmpty, "refused before measuring")
        let side = try Storefront.run(["compare", "a", name], in: root.url)
        #expect(side.signal == nil)
        #expect(side.status == 1)
        #expect(side.standardError.contains("samplesNanoseconds[0] \(words)"), "\(side.standardError)")
    }

    @Test("a baseline whose samples are all zero is refused; before, the bootstrap trapped after measuring")
    func allZeroSamples() throws {
        let root = try rootWithBaseline()
        try writeEdited(root, "zeros") { document in
            var suites = document["suites"] as! [[String: Any]]
            var runtimes = suites[0]["runtimes"] as! [[String: Any]]
            let count = (runtimes[0]["samplesNanoseconds"] as! [Any]).count
            runtimes[0]["samplesNanoseconds"] = [Double](repeating: 0, count: count)
            suites[0]["runtimes"] = runtimes
            document["suites"] = suites
        }
        let compared = try Storefront.run(quickMemoized + ["--baseline", "compare", "zeros"], in: root.url)
        #expect(compared.signal == nil)
        #expect(compared.status == 1)
        #expect(compared.standardError.contains("a measured time is above 0 ns"), "\(compared.standardError)")
    }

    @Test(
        "truncated JSON and NaN or Infinity in a compare side are called invalid JSON, not a missing schema",
        arguments: ["truncated", "NaN", "Infinity"])
    func invalidJSON(kind: String) throws {
        let root = try rootWithBaseline()
        let text = try root.read("Results/baselines/a.json")
        let broken =
            kind == "truncated"
            ? String(text.prefix(text.count / 2))
            : text.replacing(#""median" : "#, with: #""median" : \#(kind), "was" : "#, maxReplacements: 1)
        try root.write(broken, to: "Results/baselines/broken.json")
        let outcome = try Storefront.run(["compare", "a", "broken"], in: root.url)
        #expect(outcome.status == 1)
        #expect(outcome.standardError.contains("is not valid JSON"), "\(outcome.standardError)")
        #expect(!outcome.standardError.contains("schema"), "\(outcome.standardError)")
    }

    @Test("a results.json that is a folder is named as one, not as a permissions problem")
    func resultsFileIsFolder() throws {
        let root = try rootWithBaseline()
        try FileManager.default.createDirectory(
            at: root.url.appendingPathComponent("run/results.json"), withIntermediateDirectories: true)
        let outcome = try Storefront.run(["compare", "a", "run"], in: root.url)
        #expect(outcome.status == 1)
        #expect(outcome.standardError.contains("is a folder, not a results file"), "\(outcome.standardError)")
    }

    @Test("a key given twice in a baseline is refused, whichever value a reader would keep")
    func duplicateKeyInBaseline() throws {
        let root = try rootWithBaseline()
        let text = try root.read("Results/baselines/a.json")
        try root.write(
            text.replacing(#""recordedAt" : "#, with: #""recordedAt" : "then", "recordedAt" : "#, maxReplacements: 1),
            to: "Results/baselines/twice.json")
        let outcome = try Storefront.run(["compare", "a", "twice"], in: root.url)
        #expect(outcome.status == 1)
        #expect(outcome.standardError.contains("recordedAt is given twice"), "\(outcome.standardError)")
    }
}

@Suite("second battery: comparisons of nothing fail")
struct NothingComparedTests {
    @Test("compare X X is refused: every factor would be 1")
    func sameFile() throws {
        let root = try rootWithBaseline()
        let outcome = try Storefront.run(["compare", "a", "Results/baselines/a.json"], in: root.url)
        #expect(outcome.status == 1)
        #expect(outcome.standardError.contains("A and B are the same file"), "\(outcome.standardError)")
    }

    @Test("a compare side with no ports prints, then fails: nothing was compared")
    func sideWithNoPorts() throws {
        let root = try rootWithBaseline()
        try writeEdited(root, "empty", withoutPorts)
        let outcome = try Storefront.run(
            ["compare", "a", "empty", "--output", root.url.appendingPathComponent("page").path], in: root.url)
        #expect(outcome.status == 1)
        #expect(outcome.standardError.contains("no entry has a time in both A and B"), "\(outcome.standardError)")
    }

    @Test("--baseline compare of a port the baseline did not time, or of a baseline with no ports, is refused first")
    func baselineOfOtherPorts() throws {
        let root = try rootWithBaseline()
        let otherPort = try Storefront.run(
            quickColdStart + ["--runtime", "cog", "--baseline", "compare", "a"], in: root.url)
        #expect(otherPort.status == 1)
        #expect(
            otherPort.standardError.contains(
                "baseline 'a' times only memoized in cold-start and this run measures cog"),
            "\(otherPort.standardError)")
        #expect(otherPort.standardOutput.isEmpty)
        try writeEdited(root, "portless", withoutPorts)
        let portless = try Storefront.run(quickMemoized + ["--baseline", "compare", "portless"], in: root.url)
        #expect(portless.status == 1)
        #expect(portless.standardError.contains("times no port in cold-start"), "\(portless.standardError)")
    }
}

@Suite("second battery: published data is append-only")
struct PublishedDataTests {
    @Test("--output into Results/ or a record folder in it is refused before measuring")
    func outputIntoResults() throws {
        let root = try ScratchRoot()
        try root.write("{}", to: "Results/2026-12-06-2cd0571b6904/results.json")
        for folder in ["Results/2026-12-06-2cd0571b6904", "Results", "Results/new"] {
            let outcome = try Storefront.run(quickMemoized + ["--output", folder], in: root.url)
            #expect(outcome.status == 1)
            #expect(outcome.standardError.contains("where only --record and --baseline save write"))
            #expect(outcome.standardOutput.isEmpty, "refused before measuring")
        }
        let record = try root.read("Results/2026-12-06-2cd0571b6904/results.json")
        let made = root.exists("Results/new")
        #expect(record == "{}")
        #expect(!made)
    }

    @Test("compare --output into a record folder is refused, through a symbolic link too")
    func compareOutputIntoRecord() throws {
        let root = try rootWithBaseline()
        try root.write("page", to: "Results/2026-12-06-2cd0571b6904/index.html")
        try FileManager.default.createSymbolicLink(
            at: root.url.appendingPathComponent("shortcut"),
            withDestinationURL: root.url.appendingPathComponent("Results/2026-12-06-2cd0571b6904"))
        for folder in ["Results/2026-12-06-2cd0571b6904", "shortcut"] {
            let outcome = try Storefront.run(["compare", "a", "a", "--output", folder], in: root.url)
            #expect(outcome.status == 1)
            #expect(outcome.standardError.contains("compare --output"), "\(outcome.standardError)")
        }
        let page = try root.read("Results/2026-12-06-2cd0571b6904/index.html")
        #expect(page == "page")
    }

    @Test("--baseline save over a saved name is refused before measuring; --replace-baseline writes over it")
    func baselineSavedTwice() throws {
        let root = try rootWithBaseline()
        let before = try root.read("Results/baselines/a.json")
        let again = try Storefront.run(quickMemoized + ["--baseline", "save", "a"], in: root.url)
        #expect(again.status == 1)
        #expect(again.standardError.contains("baseline 'a' is already saved"), "\(again.standardError)")
        #expect(again.standardOutput.isEmpty)
        let kept = try root.read("Results/baselines/a.json")
        #expect(kept == before)
        let replaced = try Storefront.run(
            quickMemoized + ["--baseline", "save", "a", "--replace-baseline"], in: root.url)
        #expect(replaced.status == 0, "\(replaced.standardError)")
        let written = try root.read("Results/baselines/a.json")
        #expect(written != before)
        let stray = try Storefront.run(quickMemoized + ["--replace-baseline"], in: root.url)
        #expect(stray.status == 1)
        #expect(stray.standardError.contains("without --baseline save it would do nothing"))
    }
}

@Suite("second battery: thresholds and flags that would be ignored")
struct IgnoredInputTests {
    /// The committed thresholds file, edited by `edit`, checked against a
    /// quick run: the message on refusal.
    private func refusal(_ edit: (String) -> String) throws -> String {
        let root = try ScratchRoot()
        let committed = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../Results/thresholds.json").standardized,
            encoding: .utf8)
        try root.write(edit(committed), to: "edited.json")
        let outcome = try Storefront.run(
            quickMemoized + ["--thresholds", root.url.appendingPathComponent("edited.json").path], in: root.url)
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.isEmpty, "refused before measuring")
        return outcome.standardError
    }

    @Test("a thresholds file with an unknown key, a key given twice, or a pin past 2^63 is refused by name")
    func malformedThresholds() throws {
        let unknown = try refusal { $0.replacing(#""renders": {"#, with: #""renderz": {"#) }
        #expect(unknown.contains("unknown key 'renderz'"), "\(unknown)")
        let twice = try refusal {
            $0.replacing(#""relativeTimeLimit":"#, with: #""relativeTimeLimit" : 9, "relativeTimeLimit":"#)
        }
        #expect(twice.contains("relativeTimeLimit is given twice"), "\(twice)")
        let huge = try refusal {
            $0.replacing(
                #""mallocsPerIteration": {"#,
                with: #""mallocsPerIteration": { "x" : { "y" : { "z" : 18446744073709551616 } },"#)
        }
        #expect(huge.contains("mallocsPerIteration.x.y.z must be a whole number from 0 to 2^63"), "\(huge)")
    }

    @Test("a pin for a probe or a count no probe reports is refused")
    func unknownProbe() throws {
        let probe = try refusal {
            $0.replacing(
                #""perfScenarios": {"#, with: #""perfScenarios": { "PERF-99 nothing" : { "mallocsPerUnit" : 1 },"#)
        }
        #expect(probe.contains("no probe is named 'PERF-99 nothing'"), "\(probe)")
        let count = try refusal {
            $0.replacing(#""PERF-02 propagation": {"#, with: #""PERF-02 propagation": { "mallocz" : 1,"#)
        }
        #expect(count.contains("no probe reports 'mallocz'"), "\(count)")
    }

    @Test("--list with --environment is refused: one of them would be ignored")
    func twoInformationRequests() throws {
        let outcome = try Storefront.run(["--list", "--environment"])
        #expect(outcome.status == 1)
        #expect(outcome.standardError.contains("--list and --environment each print something and exit"))
        #expect(outcome.standardOutput.isEmpty)
    }

    @Test("a TMPDIR that names no folder is refused, and nothing is made there")
    func missingTemporaryFolder() throws {
        let root = try ScratchRoot()
        let missing = root.url.appendingPathComponent("no-such-folder").path
        let outcome = try Storefront.run(quickMemoized, in: root.url, environment: ["TMPDIR": missing])
        #expect(outcome.status == 1)
        #expect(outcome.standardError.contains("TMPDIR=\(missing) is not a folder"), "\(outcome.standardError)")
        #expect(!FileManager.default.fileExists(atPath: missing))
    }
}

/// Interrupting a run while a child works: the tool kills the child, removes
/// what it wrote, and ends by the signal it got.
@Suite("second battery: an interrupt ends every child")
struct InterruptedChildTests {
    private static var valgrindInstalled: Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/valgrind")
        }
    }

    /// Runs `arguments` with the child-start hook sending `signal`, in a
    /// temporary folder of its own; checks the tool ended by that signal,
    /// the child is gone and the folder is empty.
    private func interrupt(_ arguments: [String], signal: String, number: Int32) throws {
        let root = try ScratchRoot()
        let temporary = root.url.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let outcome = try Storefront.run(
            arguments, in: root.url,
            environment: ["TMPDIR": temporary.path, "STOREFRONT_TEST_INTERRUPT_AFTER_CHILD_START": signal])
        #expect(outcome.signal == number, "status \(outcome.status): \(outcome.standardError)")
        let started = try #require(
            outcome.standardError.split(separator: "\n").first { $0.hasPrefix("test hook: started child ") })
        let child = try #require(Int32(started.split(separator: " ").last!))
        // The tool waited for the child before ending: it is reaped, not a zombie.
        #expect(kill(child, 0) == -1 && errno == ESRCH, "child \(child) is still there")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
    }

    @Test("Ctrl-C during a timing child ends the child and the tool")
    func timingChild() throws {
        try interrupt(quickMemoized + ["--processes", "2"], signal: "INT", number: SIGINT)
    }

    @Test(
        "SIGTERM during the callgrind child ends valgrind, and its profile folder is removed",
        .enabled(if: valgrindInstalled))
    func callgrindChild() throws {
        try interrupt(quickMemoized + ["--instructions", "callgrind"], signal: "TERM", number: SIGTERM)
    }
}

/// Records and baselines name the code that measured, not the folder the
/// tool runs in: the binary carries the commit it was built from.
@Suite("second battery: records name the code they measured")
struct ProvenanceTests {
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    private static func git(_ arguments: [String], in folder: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder.path] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "git \(arguments.joined(separator: " ")) failed")
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("the binary says which commit it was built from, wherever it runs")
    func builtFromThisCheckout() throws {
        let head = try Self.git(["rev-parse", "HEAD"], in: Self.repository)
        // Run from a folder that is no checkout: the answer must not change.
        let elsewhere = try ScratchRoot()
        let outcome = try Storefront.run(["--environment"], in: elsewhere.url)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let row = outcome.standardOutput.split(separator: "\n").first { $0.hasPrefix("built from commit") }
        let value = try #require(
            row.map { $0.dropFirst("built from commit".count).trimmingCharacters(in: .whitespaces) })
        #expect(value == String(head.prefix(12)) || value == String(head.prefix(12)) + "-dirty", "\(value) for \(head)")
    }

    @Test("the checkout's state counts untracked files as changes, as a record's check needs")
    func untrackedFilesAreChanges() throws {
        let root = try ScratchRoot()
        _ = try Self.git(["init", "-q"], in: root.url)
        _ = try Self.git(
            ["-c", "user.name=test", "-c", "user.email=test@example.com", "add", "Package.swift"], in: root.url)
        _ = try Self.git(
            ["-c", "user.name=test", "-c", "user.email=test@example.com", "commit", "-q", "-m", "scratch"],
            in: root.url)
        let head = try Self.git(["rev-parse", "HEAD"], in: root.url)
        #expect(CheckoutState.read(root: root.url) == CheckoutState(commit: head, changedFiles: []))
        try root.write("// new\n", to: "Sources/New.swift")
        let changed = CheckoutState.read(root: root.url)
        #expect(changed.commit == head && changed.changedFiles == ["?? Sources/New.swift"], "\(changed)")
        #expect(CheckoutState.read(root: root.url.appendingPathComponent("Sources")).commit == head)
        let notACheckout = try ScratchRoot()
        #expect(CheckoutState.read(root: notACheckout.url).commit == nil)
    }
}
