import Foundation
import Testing

/// The harness joined from outside: a package in a temporary folder, outside
/// this repository, depends on it by path and adds a fifth runtime
/// (`Fixtures/OutsideRuntime`, a reducer over one state value). Nothing in
/// this repository changes for it.
@Suite("a runtime from another package")
struct OutsideRuntimeTests {
    @Test(
        "a package outside the repository adds a fifth runtime: alone, the harness builds none of this repository's runtimes; correct, it passes the gate and is measured; with one bug, it exits 2 naming phase, step, view and field"
    )
    func fifthRuntime() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("outside-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let package = try OutsidePackage.write(in: scratch)

        let products = package.appendingPathComponent(".build/debug")

        // The harness alone first: a lineup of one outside runtime compiles
        // none of this repository's runtimes, and measures.
        let alone = try OutsidePackage.run(
            "/usr/bin/env", ["swift", "build", "--package-path", package.path, "--product", "bench-alone"],
            in: scratch)
        try #require(alone.status == 0, "bench-alone did not build:\n\(alone.output.suffix(4_000))")
        // SwiftPM plans a folder for every target; the modules it compiled are these.
        let compiled = try FileManager.default.contentsOfDirectory(
            atPath: products.appendingPathComponent("Modules").path
        ).filter { $0.hasSuffix(".swiftmodule") }.map { String($0.dropLast(".swiftmodule".count)) }
        #expect(compiled.contains("StorefrontCommand") && compiled.contains("ReducerPort"), "\(compiled.sorted())")
        let runtimes: Set = ["Cog", "CogTesting", "CogPort", "StateGraph", "StateGraphPort", "GraphShapes"]
        #expect(
            runtimes.isDisjoint(with: compiled),
            "the harness alone compiled \(runtimes.intersection(compiled).sorted())")
        let measured = try OutsidePackage.run(
            products.appendingPathComponent("bench-alone").path,
            ["--suite", "session", "--scale", "small", "--iterations", "2", "--warmup", "0", "--quiet"], in: scratch)
        #expect(measured.status == 0, "\(measured.output.suffix(4_000))")
        let noProbe = try OutsidePackage.run(
            products.appendingPathComponent("bench-alone").path, ["--probe", "stategraph"], in: scratch)
        #expect(
            noProbe.status == 1 && noProbe.output.contains("unknown probe 'stategraph'; accepted: none in this lineup"),
            "\(noProbe.output)")

        let build = try OutsidePackage.run(
            "/usr/bin/env", ["swift", "build", "--package-path", package.path], in: scratch)
        try #require(build.status == 0, "the outside package did not build:\n\(build.output.suffix(4_000))")

        let results = scratch.appendingPathComponent("results")
        let correct = try OutsidePackage.run(
            products.appendingPathComponent("bench").path,
            [
                "--suite", "cross-runtime", "--scale", "small", "--iterations", "2", "--warmup", "0", "--quiet",
                "--output", results.path,
            ], in: scratch)
        #expect(correct.status == 0, "\(correct.output.suffix(4_000))")
        let table = correct.output.components(separatedBy: "cross-runtime: each port's factor against the fastest")
        #expect(table.count == 2, "no cross-runtime table:\n\(correct.output.suffix(4_000))")
        #expect(
            table.last?.split(separator: "\n").contains { $0.hasPrefix("reducer ") } == true,
            "the fifth runtime is not in the cross-runtime table:\n\(table.last ?? "")")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: results.appendingPathComponent("results.json")))
                as? [String: Any])
        let lineup = try #require(document["lineup"] as? [[String: Any]])
        let reducer = try #require(lineup.first { $0["name"] as? String == "reducer" })
        #expect(
            reducer["version"] as? String == "1.0.0" && reducer["source"] as? String == "https://example.com/reducer")
        #expect(
            reducer["handWrittenStatements"] as? Int == 14,
            "its request generations, counted from the outside package's folder: three counters, three guards with their returns, five bumps"
        )

        let faulty = try OutsidePackage.run(
            products.appendingPathComponent("bench-faulty").path,
            ["--suite", "session", "--scale", "small", "--iterations", "1", "--warmup", "0", "--quiet"], in: scratch)
        #expect(faulty.status == 2, "\(faulty.output.suffix(4_000))")
        #expect(
            faulty.output.contains(
                "reducer failed the agreement gate (screen) in phase cart, step 3 (addToCart(product 4)), "
                    + "view header, field header.cartItemCount: expected 3, got 2"),
            "\(faulty.output.suffix(4_000))")
    }
}

/// The fixture package, made concrete for this checkout.
private enum OutsidePackage {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Copies the fixture into `scratch` and points its manifest at this
    /// repository; returns the package's folder.
    static func write(in scratch: URL) throws -> URL {
        let fixture = repository.appendingPathComponent("Tests/StorefrontTests/Fixtures/OutsideRuntime")
        let package = scratch.appendingPathComponent("OutsideRuntime")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: fixture, to: package)
        let template = package.appendingPathComponent("Package.swift.template")
        // A path dependency's identity is its folder's name, lowercased.
        let manifest = try String(contentsOf: template, encoding: .utf8)
            .replacingOccurrences(of: "@STOREFRONT@", with: repository.path)
            .replacingOccurrences(of: "@IDENTITY@", with: repository.lastPathComponent.lowercased())
        try Data(manifest.utf8).write(to: package.appendingPathComponent("Package.swift"))
        try FileManager.default.removeItem(at: template)
        return package
    }

    /// Runs `executable` with stdout and stderr together in a file (a
    /// build's output can outgrow a pipe's buffer).
    static func run(_ executable: String, _ arguments: [String], in scratch: URL) throws
        -> (status: Int32, output: String)
    {
        let log = scratch.appendingPathComponent("output-\(UUID().uuidString).log")
        guard FileManager.default.createFile(atPath: log.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: log.path])
        }
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = scratch
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, try String(contentsOf: log, encoding: .utf8))
    }
}
