import Foundation
import Testing

/// Type-checks a compile-fail fixture against the Cog module this test
/// binary was built with, using the toolchain's `swiftc`.
nonisolated struct FixtureTypeChecker {
    struct Outcome {
        var succeeded: Bool
        var diagnostics: String
    }

    let swiftc: URL
    let moduleDirectory: URL

    /// Nil when the built module or the compiler cannot be found; the
    /// caller skips with that reason, except in CI.
    static let shared: FixtureTypeChecker? = {
        guard let modules = locateModules(), let swiftc = locateSwiftc() else { return nil }
        return FixtureTypeChecker(swiftc: swiftc, moduleDirectory: modules)
    }()

    /// Whether the compile-fail tests run: wherever the checker is found,
    /// and always in CI (`CI` set), where a missing compiler or module must
    /// fail them rather than let their scenario IDs drop out unseen.
    static let runs = shared != nil || ProcessInfo.processInfo.environment["CI"] != nil

    /// The checker, or a test failure saying what could not be found.
    static func required(sourceLocation: SourceLocation = #_sourceLocation) throws -> FixtureTypeChecker {
        try #require(
            shared, "the built Cog module or swiftc could not be located (CI requires both)",
            sourceLocation: sourceLocation)
    }

    static let fixtureDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// The build directory holds the test binary and a `Modules` folder.
    private static func locateModules() -> URL? {
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        for _ in 0..<3 {
            let candidate = directory.appendingPathComponent("Modules")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("Cog.swiftmodule").path) {
                return candidate
            }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    private static func locateSwiftc() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let candidates = path.split(separator: ":").map { "\($0)/swiftc" } + ["/opt/swift/usr/bin/swiftc"]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }.map(URL.init(fileURLWithPath:))
    }

    /// The substring the fixture's first line promises after `expected-error:`.
    /// A fixture rejected for a different reason in a release build (where
    /// debug-only API is absent) names that one on its second line, after
    /// `expected-error-release:`, so each build proves its own reason.
    static func expectedError(in fixture: String) throws -> String? {
        let text = try String(contentsOf: fixtureDirectory.appendingPathComponent(fixture), encoding: .utf8)
        let lines = text.split(separator: "\n", maxSplits: 2).map(String.init)
        func value(_ marker: String, _ line: Int) -> String? {
            line < lines.count && lines[line].hasPrefix(marker) ? String(lines[line].dropFirst(marker.count)) : nil
        }
        #if !DEBUG
            if let release = value("// expected-error-release: ", 1) { return release }
        #endif
        return value("// expected-error: ", 0)
    }

    /// The build-settings leg's settings (`BuildLeg`): a fixture is an
    /// app's code, so in each leg it is type-checked as that leg's app
    /// would compile it.
    static var legSettings: [String] {
        let leg = BuildLeg.intended
        return (leg.defaultMainActor ? ["-default-isolation", "MainActor"] : [])
            + (leg.nonisolatedNonsending ? ["-enable-upcoming-feature", "NonisolatedNonsendingByDefault"] : [])
    }

    func typeCheck(_ fixture: String) throws -> Outcome {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("cog-fixture-module-cache")
        let process = Process()
        process.executableURL = swiftc
        let source = Self.fixtureDirectory.appendingPathComponent(fixture).path
        process.arguments =
            ["-typecheck", "-swift-version", "6"] + Self.legSettings
            + ["-I", moduleDirectory.path, "-module-cache-path", cache.path, source]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(succeeded: process.terminationStatus == 0, diagnostics: String(decoding: data, as: UTF8.self))
    }
}

nonisolated extension FixtureTypeChecker {
    /// A release-absence proof: `fixture` uses a debug-only API, so it
    /// type-checks against a debug build of Cog (the harness control) and
    /// fails against a release build with the fixture's expected error.
    static func expectDebugOnly(_ fixture: String) throws {
        guard runs else { return }
        let outcome = try required().typeCheck(fixture)
        #if DEBUG
            #expect(outcome.succeeded, "\(fixture) should type-check in debug builds: \(outcome.diagnostics)")
        #else
            let expected = try #require(try expectedError(in: fixture))
            #expect(!outcome.succeeded, "\(fixture) type-checked in a release build")
            #expect(outcome.diagnostics.contains(expected), "\(fixture) diagnostics: \(outcome.diagnostics)")
        #endif
    }
}

/// Type-checks `fixture` and expects it rejected with the error its
/// `expected-error:` line names (see `expectedError(in:)`).
func expectFixtureRejected(_ fixture: String) throws {
    let checker = try FixtureTypeChecker.required()
    let expected = try #require(try FixtureTypeChecker.expectedError(in: fixture))
    let outcome = try checker.typeCheck(fixture)
    #expect(!outcome.succeeded, "\(fixture) type-checked but should not have")
    #expect(outcome.diagnostics.contains(expected), "\(fixture) diagnostics: \(outcome.diagnostics)")
}
