import Workload
import Foundation
internal import HandWrittenCode

/// Counts the statements each port writes by hand to keep derived values
/// correct (caches, invalidation routing, hand-kept indexes, request
/// generations, and the declarations of what they keep; the rule is in
/// docs/storefront.md), from the `HAND-WRITTEN` markers in each port's
/// folder, so the number is never typed by hand.
enum HandWrittenStatements {
    /// Marked statements per runtime, from the folder each registers.
    static func count(in lineup: [Runtime]) -> [String: Int] {
        statements(in: lineup).mapValues(\.count)
    }

    /// Each runtime's marked statements, file by file in name order, each
    /// file named by its folder's last component and its own name.
    static func statements(in lineup: [Runtime]) -> [String: [(
        file: String, statement: HandWrittenMarkers.Statement
    )]] {
        var found: [String: [(file: String, statement: HandWrittenMarkers.Statement)]] = [:]
        for runtime in lineup {
            let directory = URL(fileURLWithPath: runtime.sourceFolder, isDirectory: true)
            guard let files = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { continue }
            var statements: [(file: String, statement: HandWrittenMarkers.Statement)] = []
            for file in files.sorted() where file.hasSuffix(".swift") {
                guard let source = try? String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
                else { continue }
                statements += HandWrittenMarkers.statements(in: source).map {
                    ("\(directory.lastPathComponent)/\(file)", $0)
                }
            }
            found[runtime.name] = statements
        }
        return found
    }

    /// The counts where the runtimes' sources are on this machine (a
    /// checkout that built the tool); nil where none is, as on a machine the
    /// binary was copied to.
    static func countWhereSourcesAre(_ lineup: [Runtime]) -> [String: Int]? {
        let counts = count(in: lineup)
        return counts.isEmpty ? nil : counts
    }
}
