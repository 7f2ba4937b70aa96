/// One counter's result for a region: a count, or the machine's own reason
/// why it could not be counted. There is deliberately no way to turn an
/// unavailable counter into 0.
public enum CounterReading: Sendable, Equatable, Codable, CustomStringConvertible {
    case counted(Int64)
    case unavailable(reason: String)

    public var value: Int64? {
        if case .counted(let value) = self { return value }
        return nil
    }

    public var description: String {
        switch self {
        case .counted(let value): return String(value)
        case .unavailable(let reason): return "unavailable: \(reason)"
        }
    }
}

/// A named counter and its reading.
public struct NamedReading: Sendable, Equatable, Codable {
    public var name: String
    public var reading: CounterReading

    public init(_ name: String, _ reading: CounterReading) {
        self.name = name
        self.reading = reading
    }
}
