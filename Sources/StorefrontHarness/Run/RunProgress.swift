import Foundation
import Measure

/// Where a run is, for the person waiting on it: on a terminal one line,
/// rewritten in place, with the stage (suite k of n), what it is doing, the
/// share of the whole run done and an estimate of the time left; otherwise
/// (a CI log) one plain line as each stage starts; nothing with `--quiet`.
///
/// The estimate rests on each stage's weight (`ProgressPlan`: roughly the
/// session steps it plays) and the pace so far: the current stage's own
/// pace for its rest, the run's pace per unit of weight for the stages
/// after it. It is an estimate, and says "about".
@MainActor
package final class RunProgress {
    package struct Stage {
        let name: String
        let weight: Double
    }

    private enum Output { case terminal, lines, silent }

    private let output: Output
    private let stages: [Stage]
    private let totalWeight: Double
    private let start = Stopwatch.now()
    private var current: Int?
    private var stageStart = Stopwatch.now()
    private var fractionOfStage = 0.0
    /// Weight and seconds of the stages already finished.
    private var finishedWeight = 0.0
    private var finishedSeconds = 0.0

    package init(quiet: Bool, stages: [Stage] = []) {
        output = quiet ? .silent : (Self.rewritesInPlace(ProcessInfo.processInfo.environment) ? .terminal : .lines)
        self.stages = stages
        totalWeight = stages.reduce(0) { $0 + $1.weight }
    }

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
        closeStage()
        current = stages.firstIndex { $0.name == name }
        stageStart = Stopwatch.now()
        fractionOfStage = 0
        if output == .lines {
            let done = percentDone().map { "\($0.trimmingCharacters(in: .whitespaces)) of the run done, " } ?? ""
            write("storefront: \(position(of: name)) (\(done)\(Self.duration(elapsed())) elapsed)\n")
        }
        report("")
    }

    /// What the stage is doing now, and how much of it is done (0...1).
    func report(_ detail: String, done fraction: Double? = nil) {
        if let fraction { fractionOfStage = min(max(fraction, 0), 1) }
        guard output == .terminal else { return }
        let name = current.map { stages[$0].name } ?? ""
        var status = "[\(percentDone() ?? "  ?%") · \(Self.duration(elapsed()))"
        if let left = secondsLeft() { status += ", about \(Self.duration(left)) left" }
        status += "] " + position(of: name) + (detail.isEmpty ? "" : " · \(detail)")
        write("\r\u{1B}[K" + status)
    }

    /// Clears the line: the stage's output (a report, an error) follows.
    func finish() {
        closeStage()
        current = nil
        if output == .terminal { write("\r\u{1B}[K") }
    }

    private func closeStage() {
        guard let index = current else { return }
        finishedWeight += stages[index].weight
        finishedSeconds += Double(Stopwatch.now() &- stageStart) / 1e9
        current = nil
    }

    private func position(of name: String) -> String {
        guard let index = stages.firstIndex(where: { $0.name == name }) else { return name }
        return "\(index + 1)/\(stages.count) \(name)"
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
    private func secondsLeft() -> Double? {
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

    private func write(_ text: String) {
        Console.error(text)
    }

    /// "42s", "3m05s", "1h02m".
    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        if whole < 60 { return "\(whole)s" }
        if whole < 3_600 { return String(format: "%dm%02ds", whole / 60, whole % 60) }
        return String(format: "%dh%02dm", whole / 3_600, (whole % 3_600) / 60)
    }
}
