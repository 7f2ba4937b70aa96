import Foundation

/// Writes records so that a reader never sees half a file: the JSON goes to
/// a temporary file in the same directory, which is then renamed over the
/// destination, with interrupts held back meanwhile so that none leaves the
/// temporary file behind.
enum RecordWriter {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Makes sure `directory` exists and is writable, so a bad --output
    /// fails before minutes of measuring rather than after.
    static func prepare(_ directory: URL) throws {
        let manager = FileManager.default
        do {
            try manager.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw Failure(description: "cannot create output directory \(directory.path): \(error.localizedDescription)")
        }
        guard manager.isWritableFile(atPath: directory.path) else {
            throw Failure(description: "output directory \(directory.path) is not writable; choose another with --output")
        }
    }

    static func write(_ data: Data, named name: String, in directory: URL) throws -> URL {
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
