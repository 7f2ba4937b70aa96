import Cog
import CogTesting

struct TestFailure: Error, Equatable {
    var message: String
    init(_ message: String = "boom") { self.message = message }
}

/// One observed status publication, with the value rendered for comparison.
struct StatusEntry: Equatable, CustomStringConvertible {
    var kind: CogStatusKind
    var value: String
    var hasSucceeded: Bool
    var error: String?

    var description: String {
        "\(kind)(\(value), \(hasSucceeded ? "succeeded" : "never")\(error.map { ", \($0)" } ?? ""))"
    }
}

extension CogStatus {
    var entry: StatusEntry {
        StatusEntry(
            kind: kind, value: "\(value)", hasSucceeded: hasSucceeded,
            error: error.map { ($0 as? TestFailure)?.message ?? "\(type(of: $0))" }
        )
    }
}

/// A status watcher: a hot automatic cog that records every status it sees.
/// Being UI-read, the flush settles it after each status turn.
@MainActor
final class StatusWatcher {
    private(set) var entries: [StatusEntry] = []

    init<Reference: CogStatusReadable>(_ cogs: Cogs, _ reference: Reference) {
        let watcherCog = Cog<Int>(equals: { _, _ in false }) { [unowned self] c in
            let status = c.status[reference]
            entries.append(status.entry)
            return entries.count
        }
        _ = cogs[watcherCog]
    }

    var kinds: [CogStatusKind] { entries.map(\.kind) }
}

/// A value watcher: a hot automatic cog that counts how often a value read reran.
@MainActor
final class ValueWatcher<Value> {
    private(set) var values: [Value] = []

    init<Reference: CogReadable>(_ cogs: Cogs, _ reference: Reference) where Reference.Value == Value {
        let watcherCog = Cog<Int>(equals: { _, _ in false }) { [unowned self] c in
            values.append(c[reference])
            return values.count
        }
        _ = cogs[watcherCog]
    }

    var runs: Int { values.count }
}

extension CogRefresh.Outcome {
    var isSuccess: Bool { name == "success" }
}
