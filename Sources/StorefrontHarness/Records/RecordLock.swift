import Foundation

/// One `--record` at a time per repository: two at once would write the
/// same folder and `docs/perf.md` over each other. The lock is an exclusive
/// `flock` on `Results/.record.lock`, taken before measuring and held until
/// the process ends, when the kernel releases it, also after a crash or a
/// kill. The file stays (git ignores it): a lock file that is deleted and
/// created again lets two runs hold locks on two different files.
package struct RecordLock {
    static let relativePath = "Results/.record.lock"

    /// Never closed: closing it would release the lock before the record
    /// is written.
    private let descriptor: Int32

    /// Takes the lock, or fails at once if another run holds it.
    static func acquire(root: URL) throws -> RecordLock {
        let path = root.appendingPathComponent(relativePath).path
        // Close-on-exec, so that no child (callgrind) keeps the lock alive.
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw ToolFailure(
                .failure,
                "cannot open the record lock \(path): \(String(cString: strerror(errno))); "
                    + "--record needs to create it in Results/")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let reason = errno
            close(descriptor)
            if reason == EWOULDBLOCK {
                throw ToolFailure(
                    .failure,
                    "another storefront --record is running in \(root.path) "
                        + "(lock \(relativePath) held); wait for it to finish and run again")
            }
            throw ToolFailure(.failure, "cannot lock \(path): \(String(cString: strerror(reason)))")
        }
        return RecordLock(descriptor: descriptor)
    }
}
