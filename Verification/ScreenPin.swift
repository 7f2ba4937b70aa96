import Foundation
import Workload

/// A session whose screens are committed in `Verification/PinnedScreens/`:
/// every scale, on the default workload and on the seed the gate plays its
/// later session on. `storefront pin-screens` writes the files; the gate
/// and the tests compare what the rules give now against them.
public struct ScreenPin: Sendable, Hashable, CustomStringConvertible {
    public var scale: Scale
    /// nil: the default catalog, responses in the script's order.
    public var seed: WorkloadSeed?

    public init(scale: Scale, seed: WorkloadSeed?) {
        self.scale = scale
        self.seed = seed
    }

    /// Every pinned session.
    public static let all: [ScreenPin] = Scale.allCases.flatMap { scale in
        [ScreenPin(scale: scale, seed: nil), ScreenPin(scale: scale, seed: AgreementGate.laterSessionSeed(after: nil))]
    }

    /// The pin for a run's workload, if that workload is pinned.
    public static func pin(scale: Scale, seed: WorkloadSeed?) -> ScreenPin? {
        all.first { $0.scale == scale && $0.seed == seed }
    }

    /// "default scale, the recorded workload", "small scale, seed 42".
    public var description: String {
        "\(scale.rawValue) scale, " + (seed.map { "seed \($0)" } ?? "the recorded workload")
    }

    /// `small.screens`, `small-seed-42.screens`.
    public var fileName: String { scale.rawValue + (seed.map { "-seed-\($0)" } ?? "") + ".screens" }

    /// The folder in the package that holds the files.
    public static let folder = "Verification/PinnedScreens"

    /// What the shadow model, and so every port that passes the gate, shows now.
    public func recording() -> ScreenReference {
        let catalog = Catalog(scale: scale, seed: seed)
        return ScreenReference.recording(
            catalog: catalog, script: Script(catalog: catalog), shuffleSeed: seed?.shuffleSeed)
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
