/// An ordered record of events, appended from MainActor code.
@MainActor
final class EventLog {
    var events: [String] = []

    nonisolated init() {}

    func append(_ event: String) { events.append(event) }
}

extension [UInt8] {
    /// Exit-test output as text.
    var text: String { String(decoding: self, as: UTF8.self) }
}
