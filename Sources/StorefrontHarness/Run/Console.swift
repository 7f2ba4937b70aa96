#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation
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

    /// Writes `text` to stderr, in the locale's character set.
    package static func error(_ text: String) { write(readable(text), to: 2) }

    /// Writes `text` and a newline to stdout, in the locale's character set.
    package static func output(_ text: String) { write(readable(text) + "\n", to: 1) }

    /// Writes machine-readable text (JSON, which is UTF-8 by definition) and
    /// a newline to stdout as it is, whatever the locale.
    package static func data(_ text: String) { write(text + "\n", to: 1) }

    /// Whether text for people goes out in ASCII: when the locale that
    /// decides the character set (LC_ALL, else LC_CTYPE, else LANG, POSIX's
    /// order) is set to one that is not UTF-8, such as `C` or
    /// `en_US.ISO-8859-1`, where ×, ≈ and · would show as garbage. An
    /// environment that sets none of them gets UTF-8: that is what Swift
    /// writes and what today's terminals and CI logs show.
    package static let asciiOnly: Bool = asciiOnly(ProcessInfo.processInfo.environment)

    package static func asciiOnly(_ environment: [String: String]) -> Bool {
        let names = ["LC_ALL", "LC_CTYPE", "LANG"]
        guard let locale = names.lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty }) else {
            return false
        }
        let charset = locale.lowercased().replacingOccurrences(of: "-", with: "")
        return !charset.contains("utf8")
    }

    /// `text`, spelt in ASCII when `asciiOnly` holds.
    package static func readable(_ text: String, asciiOnly: Bool = Console.asciiOnly) -> String {
        guard asciiOnly, !text.utf8.allSatisfy({ $0 < 0x80 }) else { return text }
        var spelt = ""
        for character in text.unicodeScalars {
            if character.isASCII {
                spelt.unicodeScalars.append(character)
            } else {
                spelt += asciiSpellings[character] ?? "?"
            }
        }
        return spelt
    }

    /// The non-ASCII characters the tool writes, in ASCII.
    private static let asciiSpellings: [Unicode.Scalar: String] = [
        "×": "x", "–": "-", "—": "--", "→": "->", "≈": "~", "≥": ">=", "≤": "<=", "…": "...", "†": "+",
        "·": "-", "µ": "u", "±": "+/-", "‘": "'", "’": "'", "“": "\"", "”": "\"", "\u{00A0}": " ",
    ]

    /// The stream a write failed on ("stdout", "stderr"), or nil.
    package static var failure: String? {
        switch failedStream.load(ordering: .relaxed) {
        case 1: "stdout"
        case 2: "stderr"
        default: nil
        }
    }

    private static func write(_ text: String, to descriptor: Int32) {
        guard writeAll(Array(text.utf8), to: descriptor) != nil else { return }
        // The first failure is the one reported.
        _ = failedStream.compareExchange(expected: 0, desired: descriptor, ordering: .relaxed)
    }

    /// Writes every byte to `descriptor` with `write(2)`, retrying after a
    /// signal; returns the `errno` that stopped it (ENOSPC for a write that
    /// took nothing), or nil. `Files` writes through it too.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                #if canImport(Glibc)
                    Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #else
                    Darwin.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #endif
            }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return written < 0 ? errno : ENOSPC }
            offset += written
        }
        return nil
    }
}
