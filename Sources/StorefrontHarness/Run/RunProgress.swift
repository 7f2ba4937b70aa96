import Dispatch
import Foundation
import Measure
import Synchronization

/// Where a run is, for the person waiting on it: on a terminal one line,
/// rewritten in place, with the stage (suite k of n), what it is doing, the
/// share of the whole run done and an estimate of the time left; otherwise
/// (a CI log) a plain line as each stage starts and, while one runs, at
/// least every `heartbeatSeconds`, with the same share and estimate;
/// nothing with `--quiet`.
///
/// The estimate rests on each stage's weight (`ProgressPlan`: roughly the
/// session steps it plays) and the pace so far: the current stage's own
/// pace for its rest, the run's pace per unit of weight for the stages
/// after it. It is an estimate, and says "about".
@MainActor
package final class RunProgress {
    package struct Stage: Sendable {
        let name: String
        let weight: Double
    }

    private enum Output { case terminal, lines, silent }

    /// Off a terminal, the longest a running stage goes without a line.
    nonisolated static let heartbeatSeconds: UInt64 = 30

    private let output: Output
    /// Where the run is, shared with the heartbeat, which writes from
    /// another thread while the main one measures.
    private let state: ProgressState
    private var heartbeat: (any DispatchSourceTimer)?

    package init(quiet: Bool, stages: [Stage] = []) {
        output = quiet ? .silent : (Self.rewritesInPlace(ProcessInfo.processInfo.environment) ? .terminal : .lines)
        state = ProgressState(stages: stages)
        if output == .lines, !stages.isEmpty { heartbeat = Self.startHeartbeat(state) }
    }

    isolated deinit { heartbeat?.cancel() }

    /// Whether progress can be one line rewritten in place: stderr is a
    /// terminal that takes the erase-line code. `TERM=dumb` (Emacs' shell,
    /// some CI consoles) or no TERM at all gets plain lines instead.
    static func rewritesInPlace(_ environment: [String: String]) -> Bool {
        guard isatty(STDERR_FILENO) != 0, let terminal = environment["TERM"], !terminal.isEmpty else { return false }
        return terminal != "dumb"
    }

    /// Moves to the stage named `name` (finishing the one before). A name
    /// the plan does not hold is shown without a position.
    func begin(_ name: String) {
        let line = state.update { snapshot -> String? in
            snapshot.closeStage()
            snapshot.begin(name)
            return output == .lines ? snapshot.line(detail: "") : nil
        }
        if let line { Console.error(line) }
        report("")
    }

    /// What the stage is doing now, and how much of it is done (0...1).
    func report(_ detail: String, done fraction: Double? = nil) {
        let status = state.update { snapshot -> String? in
            if let fraction { snapshot.fractionOfStage = min(max(fraction, 0), 1) }
            snapshot.detail = detail
            return output == .terminal ? snapshot.status() : nil
        }
        if let status { Console.error("\r\u{1B}[K" + status) }
    }

    /// Clears the line: the stage's output (a report, an error) follows.
    func finish() {
        state.update { $0.closeStage() }
        if output == .terminal { Console.error("\r\u{1B}[K") }
    }

    /// Every few seconds, a line when none was written for
    /// `heartbeatSeconds` while a stage runs.
    private nonisolated static func startHeartbeat(_ state: ProgressState) -> any DispatchSourceTimer {
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global(qos: .utility))
        timer.schedule(deadline: .now() + .seconds(5), repeating: .seconds(5))
        timer.setEventHandler { @Sendable in
            let line = state.update { $0.heartbeatLine(now: Stopwatch.now()) }
            if let line { Console.error(line) }
        }
        timer.resume()
        return timer
    }

    /// "42s", "3m05s", "1h02m".
    nonisolated static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        if whole < 60 { return "\(whole)s" }
        if whole < 3_600 { return String(format: "%dm%02ds", whole / 60, whole % 60) }
        return String(format: "%dh%02dm", whole / 3_600, (whole % 3_600) / 60)
    }
}

/// A run's progress as numbers, behind a lock.
final class ProgressState: Sendable {
    private let snapshot: Mutex<ProgressSnapshot>

    init(stages: [RunProgress.Stage]) {
        snapshot = Mutex(ProgressSnapshot(stages: stages))
    }

    func update<Result>(_ body: (inout ProgressSnapshot) -> Result) -> Result {
        snapshot.withLock { body(&$0) }
    }
}

/// The stages, the one running, how far it is, and what the finished ones
/// took: everything the share done and the time left are computed from.
struct ProgressSnapshot: Sendable {
    let stages: [RunProgress.Stage]
    let totalWeight: Double
    let start = Stopwatch.now()
    var current: Int?
    var currentName = ""
    var detail = ""
    var stageStart = Stopwatch.now()
    var fractionOfStage = 0.0
    /// Weight of the stages already finished.
    var finishedWeight = 0.0
    /// When a plain line was last written.
    var lastLine = Stopwatch.now()

    init(stages: [RunProgress.Stage]) {
        self.stages = stages
        totalWeight = stages.reduce(0) { $0 + $1.weight }
    }

    mutating func begin(_ name: String) {
        current = stages.firstIndex { $0.name == name }
        currentName = name
        stageStart = Stopwatch.now()
        fractionOfStage = 0
        detail = ""
    }

    mutating func closeStage() {
        guard let index = current else { return }
        finishedWeight += stages[index].weight
        current = nil
    }

    /// A plain line for a log: stage, what it does, share done, elapsed and
    /// time left.
    mutating func line(detail: String) -> String {
        lastLine = Stopwatch.now()
        var facts = percentDone().map { ["\($0.trimmingCharacters(in: .whitespaces)) of the run done"] } ?? []
        facts.append("\(RunProgress.duration(elapsed())) elapsed")
        if let left = secondsLeft() { facts.append("about \(RunProgress.duration(left)) left") }
        let doing = detail.isEmpty ? "" : " · \(detail)"
        return "storefront: \(position())\(doing) (\(facts.joined(separator: ", ")))\n"
    }

    /// The line a heartbeat writes at `now`: one while a stage runs and no
    /// line was written for `RunProgress.heartbeatSeconds`, else nil.
    mutating func heartbeatLine(now: UInt64) -> String? {
        guard current != nil, now &- lastLine >= RunProgress.heartbeatSeconds * 1_000_000_000 else { return nil }
        defer { lastLine = now }
        return line(detail: detail)
    }

    /// The terminal's one line.
    func status() -> String {
        var status = "[\(percentDone() ?? "  ?%") · \(RunProgress.duration(elapsed()))"
        if let left = secondsLeft() { status += ", about \(RunProgress.duration(left)) left" }
        return status + "] " + position() + (detail.isEmpty ? "" : " · \(detail)")
    }

    private func position() -> String {
        guard let index = current else { return currentName }
        return "\(index + 1)/\(stages.count) \(currentName)"
    }

    private func doneWeight() -> Double {
        finishedWeight + (current.map { stages[$0].weight * fractionOfStage } ?? 0)
    }

    private func percentDone() -> String? {
        guard totalWeight > 0 else { return nil }
        let percent = Int((100 * doneWeight() / totalWeight).rounded(.down))
        return String(format: "%3d%%", min(percent, 99))
    }

    /// The current stage's rest at its own pace, then the stages after it
    /// at the pace of everything so far; nil until there is a pace to use.
    func secondsLeft() -> Double? {
        let done = doneWeight()
        let elapsed = elapsed()
        guard totalWeight > 0, done > 0, elapsed > 1 else { return nil }
        var left = 0.0
        if let index = current, fractionOfStage > 0.05 {
            let inStage = Double(Stopwatch.now() &- stageStart) / 1e9
            left += inStage / fractionOfStage * (1 - fractionOfStage)
            let after = stages[(index + 1)...].reduce(0) { $0 + $1.weight }
            left += after * elapsed / done
        } else {
            left = (totalWeight - done) * elapsed / done
        }
        return left
    }

    private func elapsed() -> Double { Double(Stopwatch.now() &- start) / 1e9 }
}
