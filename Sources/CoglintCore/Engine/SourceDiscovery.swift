import Foundation

/// Turns the paths given on the command line into the Swift files to lint,
/// in one deterministic order (LINT-01): directories are searched
/// recursively, skipping hidden folders (`.build`, `.git`) and anything under
/// an excluded path; the result is sorted by UTF-8 bytes and has no
/// duplicates, whatever order and overlap the inputs had.
public enum SourceDiscovery {
    public struct MissingPath: Error, CustomStringConvertible {
        public var path: String
        public var description: String { "no such file or directory: \(path)" }
    }

    public static func swiftFiles(in paths: [String], excluding excluded: [String] = []) throws -> [String] {
        let manager = FileManager.default
        let excludedPrefixes = excluded.map(normalized)
        var found: Set<String> = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else { throw MissingPath(path: path) }
            if !isDirectory.boolValue {
                if path.hasSuffix(".swift") { found.insert(normalized(path)) }
                continue
            }
            guard let walker = manager.enumerator(atPath: path) else { continue }
            while let relative = walker.nextObject() as? String {
                let full = normalized(path + "/" + relative)
                let name = (relative as NSString).lastPathComponent
                if name.hasPrefix(".") || isExcluded(full, excludedPrefixes) {
                    walker.skipDescendants()
                    continue
                }
                if name.hasSuffix(".swift") { found.insert(full) }
            }
        }
        return found.filter { !isExcluded($0, excludedPrefixes) }.sorted {
            Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8))
        }
    }

    /// `./a//b/` and `a/b` are the same path to the linter.
    static func normalized(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        let parts = path.split(separator: "/").filter { $0 != "." }
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : joined
    }

    private static func isExcluded(_ path: String, _ prefixes: [String]) -> Bool {
        prefixes.contains { path == $0 || path.hasPrefix($0 + "/") }
    }
}
