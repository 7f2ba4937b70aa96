import Foundation

/// Writes records so that a reader never sees half a file: the JSON goes to
/// a temporary file in the same directory, which is then renamed over the
/// destination, with interrupts held back meanwhile so that none leaves the
/// temporary file behind.
package enum RecordWriter {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Makes sure `directory` exists and is writable, and that `name`, if
    /// given, is not a directory in it, so a bad --output fails before
    /// minutes of measuring rather than after.
    package static func prepare(_ directory: URL, toWrite name: String? = nil) throws {
        let manager = FileManager.default
        do {
            try manager.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw Failure(
                description: "cannot create output directory \(directory.path): \(error.localizedDescription)")
        }
        guard manager.isWritableFile(atPath: directory.path) else {
            throw Failure(
                description: "output directory \(directory.path) is not writable; choose another with --output")
        }
        var isDirectory: ObjCBool = false
        if let name, manager.fileExists(atPath: directory.appendingPathComponent(name).path, isDirectory: &isDirectory),
            isDirectory.boolValue
        {
            throw Failure(
                description: "\(directory.appendingPathComponent(name).path) is a directory; the tool writes "
                    + "\(name) there as a file: move that directory away or choose another --output")
        }
    }

    package static func write(_ data: Data, named name: String, in directory: URL) throws -> URL {
        let manager = FileManager.default
        try prepare(directory)
        let destination = directory.appendingPathComponent(name)
        let temporary = directory.appendingPathComponent(".\(name).\(ProcessInfo.processInfo.processIdentifier).tmp")
        try Interrupts.heldBack {
            do {
                try data.write(to: temporary)
                if rename(temporary.path, destination.path) != 0 {
                    throw Failure(description: String(cString: strerror(errno)))
                }
            } catch {
                try? manager.removeItem(at: temporary)
                throw Failure(description: "cannot write \(destination.path): \(error)")
            }
        }
        return destination
    }
}
