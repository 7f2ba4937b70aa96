import Workload

/// Why a port failed the agreement gate: which check, where in the session,
/// which view and the first field that differed.
public struct GateFailure: Error, Sendable, CustomStringConvertible {
    public enum Check: String, Sendable {
        /// A screen differs from the shadow model's after an action or a
        /// delivery: the step that made it wrong is named.
        case screen
        /// A screen differs from the shadow model's on the first render,
        /// before any step.
        case checkpoint
        /// A view that was not invalidated would now render differently.
        case staleScreen = "stale screen"
        /// The port sent different requests than the session calls for.
        case requests
        /// The port applied a superseded response, or rejected a current one.
        case asyncOutcome = "async outcome"
        /// Requests still outstanding when the session ended.
        case outstanding
    }

    public var port: String
    /// Which of the sessions played in one process failed, from 1: state a
    /// port keeps beyond its session shows only in a later one.
    public var session = 1
    public var check: Check
    public var phase: String
    /// The step within the phase, and what it was.
    public var step: String
    public var view: String?
    public var field: String?
    public var expected: String
    public var actual: String

    public var description: String {
        var text =
            "\(port) failed the agreement gate (\(check.rawValue)) in "
            + (session > 1 ? "session \(session), " : "") + "phase \(phase), \(step)"
        if let view { text += ", view \(view)" }
        if let field { text += ", field \(field)" }
        return text + ": expected \(expected), got \(actual)"
    }
}
