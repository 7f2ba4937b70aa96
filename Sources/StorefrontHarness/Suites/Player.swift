import Workload

/// Who plays a runtime suite's plan: a runtime's port, or the compute
/// control played through the same view layer, service and rotation
/// (`ControlPort`), the floor every port's figures sit above.
package enum Player: Hashable {
    case port(Runtime)
    case control

    /// The control's name in results and instruction regions.
    package static let controlName = "control"

    package var name: String {
        switch self {
        case .port(let runtime): runtime.name
        case .control: Self.controlName
        }
    }
}

/// The compute control's plan for one suite plan's steps: which views each
/// event changes, worked out from the shadow model once, before the
/// control first plays (`RuntimeSuiteRunner` asks for it outside any timed
/// or counted region).
@MainActor
final class ControlPlan {
    private let make: () -> ComputeControl
    private(set) lazy var plan: ComputeControl = make()

    init(_ make: @escaping () -> ComputeControl) {
        self.make = make
    }
}
