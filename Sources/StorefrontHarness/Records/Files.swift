import Foundation

/// Makes folders and writes files with POSIX calls, so that a failure is an
/// `errno` said in plain words ("the disk is full", "/etc/passwd is a file,
/// not a folder") rather than Foundation's error domain and code.
package enum Files {
    package struct Failure: Error, CustomStringConvertible {
        package let description: String

        package init(description: String) { self.description = description }
    }

    /// Why `directory` cannot be made, entered or written into, or nil when
    /// it can. Walks the path from the root and names the first part that
    /// stops it: a file where a folder must be, a loop of symbolic links, a
    /// folder the tool may not enter, or the deepest existing folder when it
    /// is not writable. Nothing is created.
    package static func problem(writingInto directory: URL) -> String? {
        let path = directory.standardizedFileURL.path
        var existing = "/"
        for component in path.split(separator: "/") {
            let next = existing == "/" ? "/\(component)" : "\(existing)/\(component)"
            var facts = stat()
            if stat(next, &facts) != 0 {
                let code = errno
                if code == ENOENT { break }
                if code == ELOOP { return "\(next) is a loop of symbolic links" }
                if code == ENOTDIR { return "\(existing) is a file, not a folder" }
                return "\(next) cannot be looked at: \(words(code))"
            }
            guard facts.st_mode & S_IFMT == S_IFDIR else { return "\(next) is a file, not a folder" }
            existing = next
        }
        if access(existing, W_OK | X_OK) != 0 {
            let code = errno
            let reason = code == EROFS ? "is on a read-only file system" : "is not writable"
            return existing == path ? "\(path) \(reason)" : "\(existing) \(reason), so \(path) cannot be made there"
        }
        return nil
    }

    /// Makes `directory` and every missing folder above it; returns the
    /// folders it made, outermost first.
    @discardableResult
    package static func makeDirectory(_ directory: URL) throws -> [String] {
        if let problem = problem(writingInto: directory) {
            throw Failure(description: "cannot make the folder \(directory.path): \(problem)")
        }
        var made: [String] = []
        var path = ""
        for component in directory.standardizedFileURL.path.split(separator: "/") {
            path += "/\(component)"
            if mkdir(path, 0o755) == 0 {
                made.append(path)
            } else if errno != EEXIST {
                let code = errno
                for folder in made.reversed() { rmdir(folder) }
                let parent = (path as NSString).deletingLastPathComponent
                let reason =
                    [ENOENT, EACCES, EPERM].contains(code)
                    ? "\(parent) does not let the tool make folders in it (\(String(cString: strerror(code))))"
                    : words(code)
                throw Failure(description: "cannot make the folder \(path): \(reason)")
            }
        }
        return made
    }

    /// Proves `directory` can be made and written into by doing it: makes
    /// what is missing, creates and removes a file there, then removes the
    /// folders it made. The permission bits alone do not tell (root passes
    /// them, and /proc or a read-only mount refuse anyway).
    package static func checkWritable(_ directory: URL) throws {
        let made = try makeDirectory(directory)
        defer { for folder in made.reversed() { rmdir(folder) } }
        let probe = directory.appendingPathComponent(".storefront-probe-\(getpid())").path
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw Failure(description: "cannot write into \(directory.path): \(words(errno))")
        }
        close(descriptor)
        unlink(probe)
    }

    /// Writes `data` to `file`, replacing what is there. A short write or a
    /// failed close (where a full disk can show first) is an error.
    package static func write(_ data: Data, to file: URL) throws {
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Failure(description: "cannot write \(file.path): \(words(errno))") }
        var failure = Console.writeAll(Array(data), to: descriptor)
        if close(descriptor) != 0, failure == nil { failure = errno }
        if let failure {
            // Not unlinked here: the caller knows whether the file is its own.
            throw Failure(description: "cannot write \(file.path): \(words(failure))")
        }
    }

    /// Plain words for the errors a write meets; strerror for the rest.
    package static func words(_ code: Int32) -> String {
        switch code {
        case ENOSPC: "the disk is full; free some space and run again"
        case EDQUOT: "the disk quota is used up; free some space and run again"
        case EROFS: "the file system is read-only"
        case EACCES, EPERM: "permission denied"
        case ELOOP: "a loop of symbolic links"
        case ENOTDIR: "a part of the path is a file, not a folder"
        case EISDIR: "it is a folder"
        case ENAMETOOLONG: "the name is too long"
        default: String(cString: strerror(code)).lowercased()
        }
    }
}
