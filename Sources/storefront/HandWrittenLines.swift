import Foundation

/// Counts the lines of code each port writes by hand to keep derived values
/// correct (caches, invalidation routing, hand-kept indexes, request
/// generations; the rule is in docs/storefront.md): the lines between
/// `HAND-WRITTEN BEGIN` and `HAND-WRITTEN END` markers in each port's
/// folder, plus single lines ending in `// hand-written`, counted from the
/// sources so the number is never typed by hand. Blank and comment-only
/// lines are not code and do not count.
enum HandWrittenLines {
    /// Non-blank lines inside markers, per port folder under `Runtimes/`.
    static func count(in root: URL, folders: [String: String]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for (runtime, folder) in folders {
            let directory = root.appendingPathComponent("Runtimes").appendingPathComponent(folder)
            guard let files = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { continue }
            var total = 0
            for file in files.sorted() where file.hasSuffix(".swift") {
                guard let source = try? String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
                else {
                    continue
                }
                total += marked(source)
            }
            counts[runtime] = total
        }
        return counts
    }

    static func marked(_ source: String) -> Int {
        var inside = false
        var total = 0
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.contains("HAND-WRITTEN BEGIN") {
                inside = true
            } else if line.contains("HAND-WRITTEN END") {
                inside = false
            } else if inside {
                let code = line.trimmingCharacters(in: .whitespaces)
                if !code.isEmpty, !code.hasPrefix("//") { total += 1 }
            } else if line.hasSuffix("// hand-written") {
                total += 1
            }
        }
        return total
    }
}

extension HandWrittenLines {
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
