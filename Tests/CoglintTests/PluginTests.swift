import CoglintCore
import Foundation
import Testing

/// The SwiftPM plugins, applied by a scratch consumer package that depends
/// on this one by path (LINT-17, the SwiftPM half; LINT-18). The consumer
/// lives under this package's `.build`, so later runs rebuild it
/// incrementally. Its sources spell `Cog` with local stand-ins: the linter
/// reads syntax only, and the consumer need not build Cog. Debug test runs
/// without the CompactArena trait only: the consumer builds the same way
/// whatever configuration or trait these tests were built with, so the
/// other legs would prove nothing new.
#if DEBUG && !CompactArena
    @Suite("SwiftPM plugins", .serialized)
    struct PluginTests {
        static let root = DependencyGraphTests.packageRoot
        static let consumer = root.appendingPathComponent(".build/coglint-plugin-consumer")
        static let weather = consumer.appendingPathComponent("Sources/App/Weather.swift")
        static let weatherTests = consumer.appendingPathComponent("Tests/AppTests/WeatherTests.swift")

        static let violatingWeather = "let weather = Cog<Int> { _ in 0 }\n"
        static let cleanWeather = "let weatherCog = Cog<Int> { _ in 0 }\n"

        /// Writes the consumer: one library target and one test target, both
        /// applying the build-tool plugin.
        static func writeConsumer(weather: String) throws {
            let identity = root.lastPathComponent.lowercased()
            let files = [
                "Package.swift": """
                // swift-tools-version: 6.1
                import PackageDescription

                let package = Package(
                    name: "Consumer",
                    dependencies: [.package(path: "\(root.path)")],
                    targets: [
                        .target(name: "App", plugins: [.plugin(name: "CoglintBuildToolPlugin", package: "\(identity)")]),
                        .testTarget(
                            name: "AppTests", dependencies: ["App"],
                            plugins: [.plugin(name: "CoglintBuildToolPlugin", package: "\(identity)")]
                        ),
                    ]
                )

                """,
                "Sources/App/Stand-ins.swift": """
                public struct Cog<Value>: Sendable {
                    public init(_ body: @escaping @Sendable (Int) -> Value) {}
                }
                public final class Cogs {
                    public init() {}
                    public func turn(_ body: () -> Void) { body() }
                }

                """,
                "Sources/App/Weather.swift": weather,
                // Tests may drive primitives: clean in the test role only.
                "Tests/AppTests/WeatherTests.swift": """
                @testable import App

                func drive() {
                    let cogs = Cogs()
                    cogs.turn {}
                }

                """,
            ]
            for (path, text) in files {
                let url = consumer.appendingPathComponent(path)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                // Rewriting an unchanged file would defeat the build's cache.
                if (try? String(contentsOf: url, encoding: .utf8)) != text {
                    try text.write(to: url, atomically: true, encoding: .utf8)
                }
            }
        }

        static func swift(_ arguments: [String]) throws -> CoglintProcess.Outcome {
            try runProgram(URL(fileURLWithPath: "/usr/bin/env"), ["swift"] + arguments, in: consumer)
        }

        /// The diagnostic lines in a build or plugin log.
        static func diagnostics(_ log: String) -> [String] {
            log.split(separator: "\n").map(String.init).filter { $0.contains(": error: ") && $0.contains("[") }
        }

        /// The CLI's own report on the consumer's files, production and test
        /// (the test file is clean only in the test role).
        static func cli(_ reporter: String = "xcode") throws -> [String] {
            let production = try CoglintProcess.run([
                "--reporter", reporter, weather.path,
                consumer.appendingPathComponent("Sources/App/Stand-ins.swift").path,
            ])
            let tests = try CoglintProcess.run(["--reporter", reporter, "--role", "test", weatherTests.path])
            return (production.standardOutput + tests.standardOutput).split(separator: "\n").map(String.init)
        }

        @Test("LINT-17 a consumer's build receives the plugin's diagnostics, and again from the cache when unchanged")
        func buildToolPlugin() throws {
            try Self.writeConsumer(weather: Self.violatingWeather)
            // Start from an empty plugin cache, so the first build parses.
            let build = Self.consumer.appendingPathComponent(".build")
            if let walker = FileManager.default.enumerator(atPath: build.path) {
                while let path = walker.nextObject() as? String {
                    if path.hasSuffix(".coglint-cache.json") {
                        try FileManager.default.removeItem(atPath: build.path + "/" + path)
                    }
                }
            }
            let expected = try CoglintProcess.run([Self.weather.path]).standardOutput.split(separator: "\n").map(
                String.init)
            #expect(expected.count == 1)

            let first = try Self.swift(["build", "--build-tests"])
            #expect(first.status != 0)
            #expect(Self.diagnostics(first.standardOutput + first.standardError) == expected)
            #expect(!(first.standardOutput + first.standardError).contains("from cache"))

            let second = try Self.swift(["build", "--build-tests"])
            #expect(second.status != 0)
            #expect(Self.diagnostics(second.standardOutput + second.standardError) == expected)
            #expect(
                (second.standardOutput + second.standardError).contains(
                    "coglint: 1 finding(s) in 2 file(s) (2 from cache)"))

            // Fixed, the build succeeds: the test target is linted in the test
            // role, where driving a primitive is allowed (the production role
            // would flag it, the control).
            try Self.writeConsumer(weather: Self.cleanWeather)
            let fixed = try Self.swift(["build", "--build-tests"])
            #expect(fixed.status == 0, "\(fixed.standardOutput)\(fixed.standardError)")
            #expect(Self.diagnostics(fixed.standardOutput + fixed.standardError) == [])
            #expect(
                try CoglintProcess.run([Self.weatherTests.path]).standardOutput.contains("[primitives-only-in-ops]"))
        }

        @Test("LINT-18 swift package coglint reports what the CLI reports, with the same roles and reporters")
        func commandPlugin() throws {
            try Self.writeConsumer(weather: Self.violatingWeather)
            for reporter in ["xcode", "github"] {
                let outcome = try Self.swift(["package", "coglint", "--reporter", reporter])
                #expect(outcome.status != 0)
                let lines = outcome.standardOutput.split(separator: "\n").map(String.init)
                    .filter { !$0.hasPrefix("coglint: ") }
                #expect(lines == (try Self.cli(reporter)), "\(reporter)")
            }
            let sarif = try Self.swift(["package", "coglint", "--reporter", "sarif", "--target", "App"])
            let production = try CoglintProcess.run([
                "--reporter", "sarif", Self.weather.path,
                Self.consumer.appendingPathComponent("Sources/App/Stand-ins.swift").path,
            ])
            #expect(sarif.standardOutput.contains(production.standardOutput))
        }
    }
#endif
