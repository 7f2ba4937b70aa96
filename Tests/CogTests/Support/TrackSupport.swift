import Cog
import CogTesting
import Observation

/// Outside state for the `c.track` scenarios: an `@Observable` model the
/// graph does not own.
@MainActor
@Observable
final class Profile {
    var name: String
    var city: String

    init(name: String = "Ada", city: String = "London") {
        self.name = name
        self.city = city
    }
}

/// Records what a reaction saw, in order.
@MainActor
final class Recorder<Value> {
    private(set) var values: [Value] = []

    nonisolated init() {}

    func append(_ value: Value) { values.append(value) }
}

/// Hands a model to a reaction without the reaction's body retaining it,
/// so a test can see the tracked input's own hold on the model end.
@MainActor
final class ProfileHolder {
    var profile: Profile?

    init(_ profile: Profile) { self.profile = profile }
}

extension Cogs {
    /// A fresh test runtime and controller whose `c.track` inputs use `backend`.
    static func forTracking(_ backend: CogTrackBackend, clock: TestClock = TestClock(), grace: Duration = .seconds(30))
        -> (cogs: Cogs, controller: CogController)
    {
        let (cogs, controller) = Cogs.forTestingWithController(clock: clock, grace: grace)
        cogs.debugTrackBackend = backend
        return (cogs, controller)
    }
}
