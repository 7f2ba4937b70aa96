import Foundation

/// What Foundation's JSON readers let through and a strict reader refuses.
///
/// `JSONDecoder` and `JSONSerialization` accept an object that gives a key
/// twice and keep one of the values without a word; which one differs
/// between readers (Foundation here keeps the first, Python and jq the
/// last), so a file a person edited could hold one limit for this tool and
/// another for every other tool. The files this tool reads back (thresholds,
/// baselines, records) are refused instead, as RFC 8259's strict readers do.
package enum StrictJSON {
    /// The first key an object in `data` gives twice, by its path
    /// (`renders.small.session.cog`), or nil. `data` should already be
    /// known to parse: on malformed text the answer is only a best effort.
    package static func duplicateKey(in data: Data) -> String? {
        var scanner = Scanner(bytes: [UInt8](data))
        return scanner.firstDuplicate()
    }

    private enum Frame {
        case object(keys: Set<String>, current: String?, expectingKey: Bool)
        case array(index: Int)
    }

    private struct Scanner {
        let bytes: [UInt8]
        var position = 0
        var frames: [Frame] = []

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func firstDuplicate() -> String? {
            while position < bytes.count {
                let byte = bytes[position]
                switch byte {
                case UInt8(ascii: "{"):
                    frames.append(.object(keys: [], current: nil, expectingKey: true))
                case UInt8(ascii: "["):
                    frames.append(.array(index: 0))
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    _ = frames.popLast()
                case UInt8(ascii: ","):
                    switch frames.last {
                    case .object(let keys, let current, _):
                        frames[frames.count - 1] = .object(keys: keys, current: current, expectingKey: true)
                    case .array(let index):
                        frames[frames.count - 1] = .array(index: index + 1)
                    case nil: break
                    }
                case UInt8(ascii: "\""):
                    let text = readString()
                    if case .object(var keys, _, true) = frames.last {
                        if !keys.insert(text).inserted { return path(ending: text) }
                        frames[frames.count - 1] = .object(keys: keys, current: text, expectingKey: false)
                    }
                    continue
                default: break
                }
                position += 1
            }
            return nil
        }

        /// Reads the string that starts at `position` (a quote) and leaves
        /// `position` after its closing quote. Escapes are decoded, so that
        /// `"a"` and `"\u0061"` count as the same key.
        mutating func readString() -> String {
            let start = position
            position += 1
            var escaped = false
            while position < bytes.count {
                let byte = bytes[position]
                position += 1
                if byte == UInt8(ascii: "\\") {
                    escaped = true
                    position += 1
                } else if byte == UInt8(ascii: "\"") {
                    break
                }
            }
            let raw = Array(bytes[start..<min(position, bytes.count)])
            guard escaped else { return String(decoding: raw.dropFirst().dropLast(), as: UTF8.self) }
            return (try? JSONDecoder().decode(String.self, from: Data(raw))) ?? String(decoding: raw, as: UTF8.self)
        }

        func path(ending key: String) -> String {
            var text = ""
            for frame in frames.dropLast() {
                switch frame {
                case .object(_, let current, _): text += (text.isEmpty ? "" : ".") + (current ?? "")
                case .array(let index): text += "[\(index)]"
                }
            }
            return text.isEmpty ? key : text + "." + key
        }
    }
}
