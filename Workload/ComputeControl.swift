/// The compute control: the session's screens produced by plain functions
/// with no runtime at all. It is the floor the ports are compared with.
///
/// Which views change at each step is worked out beforehand (untimed) by
/// diffing the shadow model's screens before and after the step. The timed
/// run then applies each step to plain source values and computes exactly
/// the screens that change, once each, with the shared rules: no caches, no
/// tracking, no notification, and no screen computed that did not change.
/// Everything a runtime adds on top of that work is the runtime's cost.
public struct ComputeControl: Sendable {
    public struct Step: Sendable {
        public var step: SessionSchedule.Step
        /// The views whose screens differ after this step, in render order.
        public var changedViews: [ViewID]
    }

    public let catalog: Catalog
    public let steps: [Step]

    public init(catalog: Catalog, schedule: SessionSchedule) {
        self.catalog = catalog
        var shadow = ShadowModel(serving: catalog)
        var shown = Self.screens(of: shadow)
        var steps: [Step] = []
        for step in schedule.phases.flatMap(\.steps) {
            Self.apply(step, to: &shadow)
            let next = shadow.mountedScreens()
            steps.append(Step(step: step, changedViews: next.filter { shown[$0.view] != $0.screen }.map(\.view)))
            shown = Dictionary(uniqueKeysWithValues: next.map { ($0.view, $0.screen) })
        }
        self.steps = steps
    }

    /// One run from nothing: the first screens, then every step. Returns
    /// the screens last shown, so the work cannot be optimized away.
    public func run() -> [ViewID: Screen] {
        var shadow = ShadowModel(serving: catalog)
        var shown = Self.screens(of: shadow)
        for step in steps {
            Self.apply(step.step, to: &shadow)
            for view in step.changedViews { shown[view] = shadow.render(view) }
        }
        return shown
    }

    /// Screens computed in one run: the first render and every change.
    public var screenCount: Int {
        ViewID.fixed.count + steps.reduce(0) { $0 + $1.changedViews.count }
    }

    private static func apply(_ step: SessionSchedule.Step, to shadow: inout ShadowModel) {
        switch step {
        case .action(let action, _): shadow.apply(action)
        case .deliver(let sequence, _): _ = shadow.deliver(sequence)
        }
    }

    /// Every mounted screen, rendered view by view: the control's own first
    /// render, whose allocations `Results/thresholds.json` pins exactly.
    private static func screens(of shadow: ShadowModel) -> [ViewID: Screen] {
        Dictionary(uniqueKeysWithValues: shadow.mountedViews.map { ($0, shadow.render($0)) })
    }
}
