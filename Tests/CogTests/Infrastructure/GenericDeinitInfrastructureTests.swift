import Foundation
import Testing

/// The design's decisions table: every generic class writes `nonisolated
/// deinit` until a Swift optimizer bug is fixed. This reads Cog's sources
/// and finds each generic class's body, so a new generic class without one
/// fails here rather than waiting for the bug to find it.
@Suite("generic classes")
struct GenericDeinitInfrastructureTests {
    /// Each generic class declared in `source`, with its body's text.
    static func genericClasses(in source: String) -> [(name: String, body: Substring)] {
        var found: [(String, Substring)] = []
        let pattern =
            /(?m)^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|nonisolated|final)\s+)*class\s+(\w+)</
        for match in source.matches(of: pattern) {
            guard let open = source[match.range.upperBound...].firstIndex(of: "{") else { continue }
            var depth = 0
            var index = open
            while index < source.endIndex {
                if source[index] == "{" { depth += 1 }
                if source[index] == "}" {
                    depth -= 1
                    if depth == 0 { break }
                }
                index = source.index(after: index)
            }
            found.append((String(match.1), source[open..<index]))
        }
        return found
    }

    @Test("every generic class in Cog declares a nonisolated deinit")
    func everyGenericClassHasANonisolatedDeinit() throws {
        let files = try #require(FileManager.default.enumerator(atPath: PackageRoot.cogSources.path))
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
        var classes: [String] = []
        for file in files {
            let source = try String(contentsOf: PackageRoot.cogSources.appendingPathComponent(file), encoding: .utf8)
            for generic in Self.genericClasses(in: source) {
                classes.append(generic.name)
                #expect(
                    generic.body.contains("nonisolated deinit"), "\(generic.name) in \(file) has no nonisolated deinit")
            }
        }
        #expect(classes.count >= 4, "found \(classes); the scan must see Cog's generic classes")
    }

    @Test("the scan finds a generic class's body and what is in it")
    func scanFindsBodies() {
        let source = """
            @MainActor
            final class Box<Value> {
                var value: Value
                init(value: Value) { self.value = value }
                deinit {}
            }
            class Plain {}
            nonisolated final class Pair<First, Second> {
                nonisolated deinit {}
            }
            """
        let found = Self.genericClasses(in: source)
        #expect(found.map(\.name) == ["Box", "Pair"])
        #expect(found.first?.body.contains("deinit {}") == true)
        #expect(found.first?.body.contains("nonisolated deinit") == false)
    }
}
