/// What every runtime port implements. The harness drives a port only
/// through this protocol, so all four see the identical session.
///
/// A port owns its state in its runtime's idiom. `perform` applies one user
/// action as one atomic change and returns once it has settled; requests go
/// through the shared `StorefrontService`, and after handling each delivered
/// response (or failure) the port calls `service.acknowledge` with whether
/// it applied or rejected it. `render` is a view body: the harness runs it
/// inside `withObservationTracking`, so it must read state the way a view
/// in that runtime would, and read nothing it does not show.
@MainActor
public protocol StorefrontPort: SessionPort, SendableMetatype {
    /// The port's name on the command line and in reports.
    nonisolated static var name: String { get }

    /// `fault`, when set, is a defect from `Fault` this port carries; a
    /// port ignores faults that belong to another port.
    init(service: StorefrontService, fault: Fault?)
}

/// What a session drives and its views read: actions in, screens out. Every
/// runtime port is one (`StorefrontPort`); so is the compute control played
/// through the view layer (`ControlPort`), which is made from a plan of the
/// session rather than by name.
@MainActor
public protocol SessionPort: AnyObject {
    func perform(_ action: UserAction)

    func render(_ view: ViewID) -> Screen

    /// Derived values the port's runtime has computed so far, where the
    /// runtime counts them itself (Cog counts every selector run); nil where
    /// it does not. Ports do not count by hand: a hand-placed counter would
    /// define "a recomputation" differently in each port.
    var recomputations: Int? { get }
}
