import Foundation

/// Plain words for why a JSON document could not be read: which field, and
/// what it should have held. `DecodingError`'s own text names Swift types
/// and coding keys, which say nothing to a person editing the file.
package enum DecodingProblem {
    package static func words(_ error: Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty:
            "it is not valid JSON (python3 -m json.tool FILE shows where the syntax breaks)"
        case DecodingError.dataCorrupted(let context):
            "\(path(context.codingPath)) holds a value this tool cannot read"
        case DecodingError.typeMismatch(let type, let context):
            "\(path(context.codingPath)) must be \(kind(type))"
        case DecodingError.valueNotFound(let type, let context):
            "\(path(context.codingPath)) is null where \(kind(type)) is needed"
        case DecodingError.keyNotFound(let key, let context):
            "\(path(context.codingPath + [key])) is missing"
        default:
            "it cannot be read (\(error))"
        }
    }

    /// `suites[2].runtimes[0].median`, or "the document" for the top.
    package static func path(_ codingPath: [any CodingKey]) -> String {
        guard !codingPath.isEmpty else { return "the document" }
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }

    /// How a person would name what `type` decodes from.
    package static func kind(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type, is Int64.Type, is UInt64.Type, is UInt.Type: "a whole number"
        case is Double.Type, is Float.Type: "a number"
        default:
            String(describing: type).hasPrefix("Array") || String(describing: type).hasPrefix("[")
                ? "a list" : "an object"
        }
    }
}
