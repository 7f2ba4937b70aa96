import Foundation
internal import HandWrittenCode

/// Counts the statements each port writes by hand to keep derived values
/// correct (caches, invalidation routing, hand-kept indexes, request
/// generations, and the declarations of what they keep; the rule is in
/// docs/storefront.md), from the `HAND-WRITTEN` markers in each port's
/// folder, so the number is never typed by hand.
enum HandWrittenStatements {
    /// Marked statements per port, from each port's folder under `Runtimes/`.
    static func count(in root: URL, folders: [String: String]) -> [String: Int] {
        statements(in: root, folders: folders).mapValues(\.count)
    }

    /// Each port's marked statements, file by file in name order.
    static func statements(in root: URL, folders: [String: String]) -> [String: [(
        file: String, statement: HandWrittenCode.Statement
    )]] {
        var found: [String: [(file: String, statement: HandWrittenCode.Statement)]] = [:]
        for (runtime, folder) in folders {
            let directory = root.appendingPathComponent("Runtimes").appendingPathComponent(folder)
            guard let files = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { continue }
            var statements: [(file: String, statement: HandWrittenCode.Statement)] = []
            for file in files.sorted() where file.hasSuffix(".swift") {
                guard let source = try? String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
                else { continue }
                statements += HandWrittenCode.statements(in: source).map { ("\(folder)/\(file)", $0) }
            }
            found[runtime] = statements
        }
        return found
    }

    /// Each port's folder under `Runtimes/`.
    static let portFolders = [
        "cog": "Cog", "observable": "Observable", "memoized": "Memoized", "stategraph": "StateGraphPort",
    ]

    /// The counts when the tool runs from the repository root, which holds
    /// the ports' sources; nil anywhere else, where there is nothing to count.
    static func countFromWorkingDirectory() -> [String: Int]? {
        let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent("Runtimes").path) else { return nil }
        let counts = count(in: root, folders: portFolders)
        return counts.isEmpty ? nil : counts
    }
}
