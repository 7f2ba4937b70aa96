#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Synchronization

/// The tool's two output streams. Foundation's `FileHandle.write` traps
/// when its descriptor is closed or full (`2>&-`, `2>/dev/full`), and
/// `print` loses text silently there; these write with `write(2)` and
/// remember a failure instead, so the run finishes what it started (a
/// record in flight included) and then exits with `ExitCode.outputFailed`.
package enum Console {
    private static let failedStream = Atomic<Int32>(0)

    /// Ignores SIGPIPE, so that a closed pipe on stdout or stderr fails a
    /// write (EPIPE) instead of killing the run mid-record.
    package static func prepare() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Writes `text` to stderr.
    package static func error(_ text: String) { write(text, to: 2) }

    /// Writes `text` and a newline to stdout.
    package static func output(_ text: String) { write(text + "\n", to: 1) }

    /// The stream a write failed on ("stdout", "stderr"), or nil.
    package static var failure: String? {
        switch failedStream.load(ordering: .relaxed) {
        case 1: "stdout"
        case 2: "stderr"
        default: nil
        }
    }

    private static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                #if canImport(Glibc)
                    Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #else
                    Darwin.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #endif
            }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                // The first failure is the one reported.
                _ = failedStream.compareExchange(expected: 0, desired: descriptor, ordering: .relaxed)
                return
            }
            offset += written
        }
        bytes.removeAll()
    }
}
