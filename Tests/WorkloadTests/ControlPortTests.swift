import MemoizedPort
import Testing
import Workload

/// The compute control played as a port, through the view layer and the
/// service every port uses: it must show the shadow model's screens after
/// every event and render only what changed.
@MainActor
@Suite("The control through the view layer")
struct ControlPortTests {
    /// Plays `steps` (then `cycle` `rounds` times) on the control and on
    /// the shadow model; returns the events after which a mounted view
    /// showed something other than the shadow's screen.
    private func mismatches(
        _ catalog: Catalog, _ steps: [SessionSchedule.Step], cycle: [UserAction] = [], rounds: Int = 0
    ) async -> (wrong: [String], session: SessionRunner<ControlPort>) {
        let plan = ComputeControl(catalog: catalog, steps: steps, cycle: cycle)
        let session = SessionRunner<ControlPort>(catalog: catalog) { ControlPort(service: $0, plan: plan) }
        var shadow = ShadowModel(serving: catalog)
        var wrong: [String] = []
        func check(_ event: String) {
            let expected = shadow.mountedScreens()
            if session.mounted != expected.map(\.view) { wrong.append("\(event): mounted views") }
            let shown = session.shown
            for (view, screen) in expected where shown[view] != screen { wrong.append("\(event): \(view)") }
        }
        check("first screens")
        for (index, step) in steps.enumerated() {
            await session.play([step])
            shadow.apply(step)
            check("step \(index)")
        }
        for round in 0..<rounds {
            for action in cycle {
                await session.perform(action, expectedIssued: session.service.issuedCount)
                shadow.apply(action)
                check("cycle \(round), \(action)")
            }
        }
        return (wrong, session)
    }

    @Test(
        "the control, told by its plan which views change, shows the shadow model's screens after every step of the session",
        arguments: [(Scale.small, nil), (.default, nil), (.small, WorkloadSeed(7))] as [(Scale, WorkloadSeed?)])
    func session(scale: Scale, seed: WorkloadSeed?) async {
        let catalog = Catalog(scale: scale, seed: seed?.catalogSeed ?? Catalog.defaultSeed)
        let schedule = SessionSchedule(catalog: catalog, shuffleSeed: seed?.shuffleSeed)
        let (wrong, session) = await mismatches(catalog, schedule.phases.flatMap(\.steps))
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
        // Every request answered, and each as the shadow model says.
        #expect(session.service.outstandingCount == 0)
        #expect(session.service.log.allSatisfy { $0.outcome != nil })
    }

    @Test(
        "the control renders exactly the changed screens: as many renders as the memoized port, which cuts off every equal value"
    )
    func renders() async {
        let catalog = Catalog(scale: .small)
        let steps = SessionSchedule(catalog: catalog).phases.flatMap(\.steps)
        let plan = ComputeControl(catalog: catalog, steps: steps)
        let control = SessionRunner<ControlPort>(catalog: catalog) { ControlPort(service: $0, plan: plan) }
        await control.play(steps)
        let memoized = SessionRunner<MemoizedPort>(catalog: catalog)
        await memoized.play(steps)
        #expect(control.renderCount == memoized.renderCount)
        #expect(control.renderCount > ViewID.fixed.count)
    }

    @Test("the control plays the interactions cycle round after round from its plan, and the funnel's opened products")
    func cycleAndFunnel() async {
        let catalog = Catalog(scale: .small)
        let schedule = SessionSchedule(catalog: catalog)
        let setup = schedule.stepsBeforeBurst
        let cycle = SessionSchedule.interactionCycle(after: setup)
        let cycled = await mismatches(catalog, setup, cycle: cycle, rounds: 3)
        #expect(cycled.wrong.isEmpty, "\(cycled.wrong.prefix(5))")

        let funnel = SessionSchedule(catalog: catalog, script: .funnel(catalog: catalog, opens: 40))
        let opened = await mismatches(catalog, funnel.phases.flatMap(\.steps))
        #expect(opened.wrong.isEmpty, "\(opened.wrong.prefix(5))")
    }
}
