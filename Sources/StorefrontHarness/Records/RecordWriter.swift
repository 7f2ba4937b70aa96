import Foundation

/// Writes records so that a reader never sees half a file: the JSON goes to
/// a temporary file in the same directory, which is then renamed over the
/// destination, with interrupts held back meanwhile so that none leaves the
/// temporary file behind.
///
/// Failures are `Files.Failure`, in plain words.
package enum RecordWriter {

    /// Makes sure `directory` can be made or written into, and that `name`,
    /// if given, is not a directory in it, so a bad --output fails before
    /// minutes of measuring rather than after. Creates nothing: a run
    /// stopped before it writes leaves no empty folder behind.
    package static func prepare(_ directory: URL, toWrite name: String? = nil) throws {
        try Files.checkWritable(directory)
        var isDirectory: ObjCBool = false
        if let name,
            FileManager.default.fileExists(
                atPath: directory.appendingPathComponent(name).path, isDirectory: &isDirectory),
            isDirectory.boolValue
        {
            throw Files.Failure(
                description: "\(directory.appendingPathComponent(name).path) is a directory; the tool writes "
                    + "\(name) there as a file: move that directory away or choose another --output")
        }
    }

    /// Runs `body`, which writes several files, with interrupts held back
    /// until the last is written, so none ends the run between them.
    static func writeTogether<T>(_ body: () throws -> T) throws -> T {
        try Interrupts.heldBack(during: body)
    }

    package static func write(_ data: Data, named name: String, in directory: URL) throws -> URL {
        let destination = directory.appendingPathComponent(name)
        let temporary = directory.appendingPathComponent(".\(name).\(ProcessInfo.processInfo.processIdentifier).tmp")
        try Interrupts.heldBack {
            do {
                try Files.makeDirectory(directory)
                try Files.write(data, to: temporary)
            } catch {
                unlink(temporary.path)
                throw error
            }
            if rename(temporary.path, destination.path) != 0 {
                let code = errno
                unlink(temporary.path)
                throw Files.Failure(description: "cannot write \(destination.path): \(Files.words(code))")
            }
        }
        return destination
    }
}
