/// The compute control: the session's screens produced by plain functions
/// with no runtime at all, doing the least work those screens need. It is
/// the floor the ports are compared with.
///
/// Which views change at each step is worked out beforehand (untimed) by
/// diffing the shadow model's screens before and after the step. The timed
/// run then applies each step to plain source values and builds exactly
/// the screens that change, once each, from intermediates (query matches,
/// matching, facet counts, the sorted list, the page, the cart,
/// recommendations) that it recomputes with an oracle's knowledge of what
/// the step changed: each at most once per step, only when an input it
/// reads changed, and with the same shared rules as every port
/// (`ComputeControlState`). No tracking, no notification, no screen built
/// that did not change. Everything a runtime adds is the runtime's cost.
public struct ComputeControl: Sendable {
    public struct Step: Sendable {
        public var step: SessionSchedule.Step
        /// The views whose screens differ after this step, in render order.
        public var changedViews: [ViewID]
        /// Of those, the ones mounted before the step too: the views a
        /// change must be told to. A card the step mounts renders when the
        /// grid mounts it, whatever it showed when last mounted.
        public var viewsToTell: [ViewID]
    }

    public let catalog: Catalog
    public let steps: [Step]
    /// The views to tell after each action of a cycle played over and over
    /// after `steps` (the interactions suite's), in cycle order; empty when
    /// nothing follows the steps. A cycle leaves the session as it found
    /// it, so every round changes the same views.
    public let cycle: [[ViewID]]

    public init(catalog: Catalog, schedule: SessionSchedule) {
        self.init(catalog: catalog, steps: schedule.phases.flatMap(\.steps))
    }

    /// The control for `steps` played from a fresh session, then `cycle`'s
    /// actions round after round. Which views each one changes is worked
    /// out here, untimed, from the shadow model.
    public init(catalog: Catalog, steps scheduled: [SessionSchedule.Step], cycle actions: [UserAction] = []) {
        self.catalog = catalog
        var shadow = ShadowModel(serving: catalog)
        var shown = Self.screens(of: shadow)
        func play(_ step: SessionSchedule.Step) -> Step {
            shadow.apply(step)
            let next = shadow.mountedScreens()
            defer { shown = Dictionary(uniqueKeysWithValues: next.map { ($0.view, $0.screen) }) }
            let changed = next.filter { shown[$0.view] != $0.screen }
            return Step(
                step: step, changedViews: changed.map(\.view),
                viewsToTell: changed.filter { shown[$0.view] != nil }.map(\.view))
        }
        steps = scheduled.map(play)
        cycle = actions.map { play(.action($0, issuedAfter: shadow.expectedRequests.count)).viewsToTell }
    }

    /// The views to tell after the session's event `index` (its actions
    /// and deliveries counted from 0 in the order played).
    public func viewsToTell(after index: Int) -> [ViewID] {
        if index < steps.count { return steps[index].viewsToTell }
        precondition(!cycle.isEmpty, "the control's session played \(index + 1) events; its plan has \(steps.count)")
        return cycle[(index - steps.count) % cycle.count]
    }

    /// One run from nothing: the first screens, then every step. Returns
    /// the screens last shown, so the work cannot be optimized away.
    public func run() -> [ViewID: Screen] { run(observing: nil) }

    /// `run()`, handing `observe` every screen built, with the index of the
    /// step it follows (nil for the first screens), so a test can hold each
    /// one to the shadow model's.
    public func run(observing observe: ((Int?, ViewID, Screen) -> Void)?) -> [ViewID: Screen] {
        var state = ComputeControlState(serving: catalog)
        var shown: [ViewID: Screen] = [:]
        for view in state.shadow.mountedViews {
            let screen = state.render(view)
            observe?(nil, view, screen)
            shown[view] = screen
        }
        for (index, step) in steps.enumerated() {
            state.apply(step.step)
            for view in step.changedViews {
                let screen = state.render(view)
                observe?(index, view, screen)
                shown[view] = screen
            }
        }
        return shown
    }

    /// Screens computed in one run: the first render and every change.
    public var screenCount: Int {
        ViewID.fixed.count + steps.reduce(0) { $0 + $1.changedViews.count }
    }

    /// Every mounted screen, rendered view by view, to diff the next
    /// step's screens against (untimed).
    private static func screens(of shadow: ShadowModel) -> [ViewID: Screen] {
        Dictionary(uniqueKeysWithValues: shadow.mountedViews.map { ($0, shadow.render($0)) })
    }
}
