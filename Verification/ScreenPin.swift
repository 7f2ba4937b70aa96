import Foundation
import Workload

/// A session whose screens are committed in `Verification/PinnedScreens/`:
/// at every scale, each session the gate plays on the default workload
/// (the measured script; then seed 42 with every browse combination
/// walked). `storefront pin-screens` writes the files; the gate and the
/// tests compare what the rules give now against them.
public struct ScreenPin: Sendable, Hashable, CustomStringConvertible {
    public var scale: Scale
    public var session: AgreementGate.Session

    public init(scale: Scale, session: AgreementGate.Session) {
        self.scale = scale
        self.session = session
    }

    /// Every pinned session.
    public static let all: [ScreenPin] = Scale.allCases.flatMap { scale in
        AgreementGate.sessions(AgreementGate.sessionCount, after: nil).map { ScreenPin(scale: scale, session: $0) }
    }

    /// The pin for a gated session, if that session is pinned.
    public static func pin(scale: Scale, session: AgreementGate.Session) -> ScreenPin? {
        all.first { $0.scale == scale && $0.session == session }
    }

    /// "default scale, the recorded workload", "small scale, seed 42, every
    /// browse combination walked".
    public var description: String { "\(scale.rawValue) scale, \(session)" }

    /// `small.screens`, `small-seed-42-every-combination.screens`.
    public var fileName: String {
        scale.rawValue + (session.seed.map { "-seed-\($0)" } ?? "")
            + (session.walksEveryCombination ? "-every-combination" : "") + ".screens"
    }

    /// The folder in the package that holds the files.
    public static let folder = "Verification/PinnedScreens"

    /// What the shadow model, and so every port that passes the gate, shows now.
    public func recording() -> ScreenReference {
        let catalog = Catalog(scale: scale, seed: session.seed)
        return ScreenReference.recording(
            catalog: catalog, script: session.script(on: catalog), shuffleSeed: session.seed?.shuffleSeed)
    }

    /// The committed file's first lines.
    public var header: [String] {
        [
            "The screens of the Storefront session at \(self), pinned (Verification/README.md).",
            "One line per step: place | each view whose screen changed (view=digest) or that left (-view) | step.",
            "A shared rule's change that alters a screen must re-pin: swift run storefront pin-screens.",
        ]
    }

    /// The committed reference; nil when this build carries no file for it.
    public func committed() throws(ReadProblem) -> ScreenReference? {
        // Processed resources land flat in the bundle, one tracked file each,
        // so an edited file reaches the next build.
        let name = String(fileName.dropLast(".screens".count))
        guard let url = Bundle.module.url(forResource: name, withExtension: "screens") else { return nil }
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw ReadProblem(file: fileName, reason: "it cannot be read (\(error.localizedDescription))")
        }
        do {
            return try ScreenReference(parsing: text)
        } catch {
            throw ReadProblem(file: fileName, reason: "\(error)")
        }
    }

    /// How the screens now compare with the committed ones.
    public enum Outcome: Sendable, Equatable {
        case matches(steps: Int)
        case notPinned
        case differs(ScreenReference.Difference)
    }

    public func check() throws(ReadProblem) -> Outcome {
        guard let pinned = try committed() else { return .notPinned }
        let now = recording()
        guard let difference = now.firstDifference(from: pinned) else { return .matches(steps: now.steps.count) }
        return .differs(difference)
    }

    public struct ReadProblem: Error, CustomStringConvertible {
        public var file: String
        public var reason: String
        public var description: String { "\(ScreenPin.folder)/\(file): \(reason)" }
    }
}
