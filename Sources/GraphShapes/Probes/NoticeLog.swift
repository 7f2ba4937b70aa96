import Observation

/// Watches UI reads the way SwiftUI does, one `withObservationTracking` per
/// read, re-armed for every run, and keeps the label of each notice.
@MainActor
final class NoticeLog {
    private(set) var labels: [String] = []

    /// Reads `read` at the UI edge under observation; a change to what it
    /// read appends `label`.
    func watch<Value>(_ label: String, _ read: () -> Value) {
        _ = withObservationTracking(read) { [weak self] in
            // Cog notifies from its flush, on the main actor.
            MainActor.assumeIsolated { self?.labels.append(label) }
        }
    }

    func take() -> [String] {
        defer { labels.removeAll(keepingCapacity: true) }
        return labels
    }
}
