import Foundation
import Testing

/// Cog's consumers never get the linter (LINT-20's intent): the targets
/// behind the `Cog` and `CogTesting` products, followed through every
/// dependency, include no coglint target, no plugin, no link to SwiftSyntax
/// and no unsafe flag. Read from the manifest as SwiftPM resolves it.
@Suite("Dependency graph")
struct DependencyGraphTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `swift package dump-package`, with a scratch path of its own so it
    /// never waits on the lock of the build running these tests.
    static func manifest() throws -> [String: Any] {
        let scratch = try ScratchDirectory()
        let outcome = try runProgram(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["swift", "package", "--scratch-path", scratch.url.path, "dump-package"],
            in: packageRoot)
        try #require(outcome.status == 0, "\(outcome.standardError)")
        return try #require(JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
    }

    @Test("LINT-20 the Cog and CogTesting products' dependency graph has no SwiftSyntax, no linter and no unsafe flags")
    func cogProductsStayFree() throws {
        let manifest = try Self.manifest()
        let targets = try #require(manifest["targets"] as? [[String: Any]])
        let byName = Dictionary(uniqueKeysWithValues: targets.map { ($0["name"] as? String ?? "", $0) })
        let products = try #require(manifest["products"] as? [[String: Any]])
        for productName in ["Cog", "CogTesting"] {
            let product = try #require(products.first { $0["name"] as? String == productName })
            var pending = product["targets"] as? [String] ?? []
            var reached: Set<String> = []
            while let name = pending.popLast() {
                guard reached.insert(name).inserted else { continue }
                let target = try #require(byName[name], "\(productName) reaches an unknown target \(name)")
                for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
                    // Each dependency is {"byName"|"target"|"product": [name, …]}.
                    let kind = try #require(dependency.keys.first)
                    let name = try #require((dependency[kind] as? [Any])?.first as? String)
                    #expect(kind != "product", "\(productName) depends on another package's product \(name)")
                    pending.append(name)
                }
                for setting in target["settings"] as? [[String: Any]] ?? [] {
                    let kind = setting["kind"] as? [String: Any] ?? [:]
                    #expect(kind["unsafeFlags"] == nil, "\(name) carries unsafe flags")
                    let library = (kind["linkedLibrary"] as? [String: Any])?["_0"] as? String
                    #expect(library?.hasPrefix("Swift") != true, "\(name) links \(library ?? "")")
                }
                #expect(target["type"] as? String != "plugin")
            }
            #expect(
                reached.isDisjoint(with: [
                    "CoglintCore", "coglint", "CoglintTests",
                    "CoglintBuildToolPlugin", "CoglintCommandPlugin",
                ]))
            #expect(reached == (productName == "Cog" ? ["Cog"] : ["Cog", "CogTesting"]))
        }
        // The control: the linter's own target does link SwiftSyntax, so the
        // check above is looking at the right thing.
        let core = byName["CoglintCore"]?["settings"] as? [[String: Any]] ?? []
        #expect(
            core.contains {
                (($0["kind"] as? [String: Any])?["linkedLibrary"] as? [String: Any])?["_0"] as? String == "SwiftSyntax"
            })
    }
}
