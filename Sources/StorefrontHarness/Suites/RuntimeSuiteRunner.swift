import Measure
import Workload

/// Runs the runtime suites: the same scheduled session steps through every
/// selected port, ports rotating within each iteration so that machine drift
/// hits all of them alike. Timing runs are separate from the counting runs
/// (mallocs, counters, memory), which run once per port each.
@MainActor
package struct RuntimeSuiteRunner {
    let options: Options
    let progress: RunProgress
    let catalog: Catalog
    let schedule: SessionSchedule

    package init(options: Options, progress: RunProgress) {
        let catalog = Catalog(scale: options.scale, seed: options.seed)
        self.init(
            options: options, progress: progress, catalog: catalog,
            schedule: SessionSchedule(catalog: catalog, shuffleSeed: options.seed?.shuffleSeed))
    }

    /// A runner for another catalog and script than the run's (the growth
    /// suite's sizes).
    init(options: Options, progress: RunProgress, catalog: Catalog, schedule: SessionSchedule) {
        self.options = options
        self.progress = progress
        self.catalog = catalog
        self.schedule = schedule
    }

    /// How one suite exercises a port. `prepare` is untimed and returns the
    /// session the measured part plays on (nil when the measured part starts
    /// the runtime itself); `play` is the measured part: it appends one
    /// sample per timed unit to `samples` and returns the session it used.
    struct Plan {
        let summary: String
        let actionsPerRun: Int
        /// What the shadow model shows when the measured part ends: every
        /// session a suite plays, timed or not, must end showing it.
        let end: SessionSchedule.Checkpoint
        let prepare: (Player) async -> (any PlayableSession)?
        let play: (Player, (any PlayableSession)?, inout [Double]) async -> any PlayableSession
        /// The compute control's plan for the same steps.
        let control: ControlPlan
        /// Set when each sample is one action of a fixed cycle (interactions):
        /// the cycle, whose actions `play` times in order, and an untimed
        /// play of it that counts each action's allocations in a region of
        /// its own, for the counting run. A timed play opens no region.
        var cycle: Cycle? = nil
    }

    struct Cycle {
        let actions: [UserAction]
        /// A new session warmed as the timed one was, then through one
        /// untimed cycle, for the counting, counter and memory runs. The
        /// timed session has played the cycle as often as the plan asked,
        /// and the harness's view layer leaves each unmounted card's
        /// Observation tracking installed (`withObservationTracking` has no
        /// public cancel), so that session's registrars grow with every
        /// page flip and reallocate their tables at points set by how many
        /// cycles came before; counted on it, the same code gave 646, 648,
        /// 664 or 632 mallocs a cycle after 1, 2, 3 or 30 iterations. A
        /// fresh session makes every count a property of the code.
        let freshSession: (Player) async -> any PlayableSession
        /// Plays the cycle once, appending to `counts` what each action
        /// allocated, counted in a region around that action alone.
        let countEach: (any PlayableSession, inout [AllocationCounts]) async -> Void
    }

    func plan(for suite: Suite) -> Plan {
        let scale = options.scale.rawValue
        let phases = schedule.phases
        let beforeBurst = schedule.stepsBeforeBurst
        guard suite != .coldStart else { return coldStart("\(suite.rawValue) at \(scale) scale") }
        let burst = phases.firstIndex { $0.name == "inventory-burst" }!
        switch suite {
        case .coldStart:
            preconditionFailure("planned above")
        case .session, .crossRuntime:
            return replay(
                nil, phases.flatMap(\.steps), end: schedule.checkpoints.last!,
                "\(suite.rawValue) at \(scale) scale")
        case .inventoryBurst:
            return replay(
                beforeBurst, phases[burst].steps, end: schedule.checkpoints[burst],
                "\(suite.rawValue) at \(scale) scale, after the cart phase")
        case .interactions:
            return interactions(after: beforeBurst, end: schedule.checkpoints[burst - 1], scale: scale)
        case .funnelMemory:
            let opens = min(300, catalog.products.count / 2)
            let funnel = SessionSchedule(
                catalog: catalog, script: .funnel(catalog: catalog, opens: opens),
                shuffleSeed: options.seed?.shuffleSeed)
            return replay(
                funnel.phases.dropLast().flatMap(\.steps), funnel.phases.last!.steps,
                end: funnel.checkpoints.last!,
                "\(suite.rawValue) at \(scale) scale: \(opens) products opened after browsing and searching")
        case .calibration, .computeControl, .graph, .perfScenarios, .growth:
            preconditionFailure("\(suite.rawValue) is not a runtime suite")
        }
    }

    /// Phase one from nothing, on any schedule.
    func coldStart(_ summary: String) -> Plan {
        replay(nil, schedule.phases[0].steps, end: schedule.checkpoints[0], summary)
    }

    /// The interactions cycle on a session warmed through the whole
    /// schedule, for a schedule that ends where the cycle should run (the
    /// growth suite's, which stops after the cart).
    func cycleAfterSchedule(_ summary: String) -> Plan {
        interactions(after: schedule.phases.flatMap(\.steps), end: schedule.checkpoints.last!, scale: summary)
    }

    /// Replays `measured` steps, from a fresh runtime (`setup` nil: the
    /// runtime's creation is measured) or from one prepared through `setup`.
    private func replay(
        _ setup: [SessionSchedule.Step]?, _ measured: [SessionSchedule.Step],
        end: SessionSchedule.Checkpoint, _ summary: String
    ) -> Plan {
        let catalog = catalog
        let control = ControlPlan { ComputeControl(catalog: catalog, steps: (setup ?? []) + measured) }
        return Plan(
            summary: summary,
            actionsPerRun: measured.filter { if case .action = $0 { true } else { false } }.count,
            end: end,
            prepare: { player in
                guard let setup else { return nil }
                let session = startSession(player, control)
                await session.play(setup)
                return session
            },
            play: { player, prepared, samples in
                let start = Stopwatch.now()
                let session = prepared ?? startSession(player, control)
                await session.play(measured)
                samples.append(Double(Stopwatch.now() &- start))
                return session
            },
            control: control)
    }

    /// A fresh session of `player`'s, its views mounted.
    private func startSession(_ player: Player, _ control: ControlPlan) -> any PlayableSession {
        switch player {
        case .port(let runtime):
            return runtime.startSession(catalog: catalog, fault: options.fault)
        case .control:
            let plan = control.plan
            return SessionRunner<ControlPort>(catalog: catalog) { ControlPort(service: $0, plan: plan) }
        }
    }

    /// One warmed session per port, kept for the whole suite, through a
    /// cycle of settled actions that send no request and leave the session
    /// as they found it: a quantity change and back, the in-stock filter on
    /// and off, a page flip and back. Each action is one sample.
    private func interactions(
        after setup: [SessionSchedule.Step], end: SessionSchedule.Checkpoint,
        scale: String
    ) -> Plan {
        let cycle = SessionSchedule.interactionCycle(after: setup)
        let warmed = WarmedSessions()
        let catalog = catalog
        let control = ControlPlan { ComputeControl(catalog: catalog, steps: setup, cycle: cycle) }
        return Plan(
            summary: "one settled action at \(scale) scale (counts: a cycle of \(cycle.count))",
            actionsPerRun: cycle.count,
            end: end,
            prepare: { player in
                if let session = warmed.sessions[player] { return session }
                let session = startSession(player, control)
                await session.play(setup)
                warmed.sessions[player] = session
                return session
            },
            play: { _, prepared, samples in
                let session = prepared!
                for action in cycle {
                    let start = Stopwatch.now()
                    await session.act(action)
                    samples.append(Double(Stopwatch.now() &- start))
                }
                return session
            },
            control: control,
            cycle: Cycle(
                actions: cycle,
                freshSession: { player in
                    let session = startSession(player, control)
                    await session.play(setup)
                    for action in cycle { await session.act(action) }
                    return session
                },
                countEach: { session, counts in
                    for action in cycle {
                        let region = AllocationCounter.begin(.thread)
                        await session.act(action)
                        counts.append(region.end())
                    }
                }))
    }

    /// The sessions the interactions suite keeps warm between runs.
    private final class WarmedSessions {
        var sessions: [Player: any PlayableSession] = [:]
    }

    /// What one process's timing runs of a suite took: each port's samples,
    /// the compute control's from the same rotation, and the players whose
    /// sessions ended wrong.
    package struct Timed {
        package var samples: [Player: [Double]] = [:]
        package var endCheck: EndOfSessionCheck

        /// The compute control's samples (empty where it did not play).
        package var control: [Double] { samples[.control] ?? [] }
    }

    /// A runtime suite's results: each port's, and the compute control's,
    /// played through the same view layer (nil where it did not play).
    package struct Results {
        package var ports: [RuntimeResult]
        package var control: RuntimeResult?
    }

    /// Plays the suite on every port and the compute control: warm-up,
    /// timed iterations, then one counting run each. Every session any of
    /// them plays must end showing the shadow model's screens (checked
    /// outside the timed region); a port whose session does not is dropped
    /// from the suite and reported failed. `elsewhere` holds what other
    /// processes' timing runs of the suite took (`--processes`); times and
    /// factors then come from every process.
    package func run(
        _ suite: Suite, runtimes: [Runtime], callgrind: CallgrindCounts, elsewhere: [TimingReport.SuiteTimes] = []
    ) async -> Results {
        await run(suite, plan(for: suite), runtimes: runtimes, callgrind: callgrind, elsewhere: elsewhere)
    }

    func run(
        _ suite: Suite, _ plan: Plan, runtimes: [Runtime], callgrind: CallgrindCounts,
        elsewhere: [TimingReport.SuiteTimes] = [], withControl: Bool = true
    ) async -> Results {
        let perPort = Double(Self.playsPerPort(options.plan))
        let timedShare = (perPort - Double(Self.untimedPlays)) / perPort
        var timed = await time(suite, plan, runtimes: runtimes, withControl: withControl) { detail, fraction in
            progress.report(detail, done: fraction * timedShare)
        }
        for other in elsewhere {
            for (name, failure) in other.failures.sorted(by: { $0.key < $1.key }) {
                if let runtime = runtimes.first(where: { $0.name == name }) {
                    timed.endCheck.fail(.port(runtime), failure)
                }
                if name == Player.controlName { timed.endCheck.fail(.control, failure) }
            }
        }
        var endCheck = timed.endCheck
        var discarded: [Double] = []
        let players = runtimes.map(Player.port) + (withControl ? [.control] : [])
        let plays = Double(players.count) * perPort
        var played = plays * timedShare
        // This process's samples last: the other processes ran first.
        func samples(_ player: Player) -> ProcessSamples {
            let others = elsewhere.map { player == .control ? $0.control ?? [] : $0.samples[player.name] ?? [] }
            return ProcessSamples(others + [timed.samples[player] ?? []])
        }
        let control = timed.control.isEmpty ? nil : samples(.control)
        var results = Results(ports: [], control: nil)
        for player in players {
            if let failure = endCheck.failures[player] {
                record(player, .failed(failure), in: &results)
                continue
            }
            progress.report("\(player.name), counting runs", done: played / plays)
            played += Double(Self.untimedPlays)
            let result = await count(
                player, suite, plan, callgrind: callgrind, taken: samples(player), control: control,
                endCheck: &endCheck,
                discarded: &discarded)
            record(player, endCheck.failures[player].map { .failed($0) } ?? .measured(result), in: &results)
        }
        progress.finish()
        return results
    }

    private enum Outcome {
        case measured(RuntimeResult)
        case failed(String)
    }

    /// Files one player's outcome. The control is proven by tests to show
    /// the shadow model's screens, so a control session that ends wrong is
    /// the harness's bug, and the run stops rather than publish factors
    /// against it.
    private func record(_ player: Player, _ outcome: Outcome, in results: inout Results) {
        switch (player, outcome) {
        case (.control, .measured(let result)): results.control = result
        case (.port, .measured(let result)): results.ports.append(result)
        case (.port(let runtime), .failed(let failure)): results.ports.append(.failed(runtime, failure))
        case (.control, .failed(let failure)): fail("\(failure); this is a bug in the harness, not in any port")
        }
    }

    /// The counting runs of one player after its timed ones: mallocs (per
    /// action kind for a cycle), the counter sets, the memory runs, and
    /// the callgrind figures of its region; `taken` are its timed samples.
    private func count(
        _ player: Player, _ suite: Suite, _ plan: Plan, callgrind: CallgrindCounts, taken: ProcessSamples,
        control: ProcessSamples?, endCheck: inout EndOfSessionCheck, discarded: inout [Double]
    ) async -> RuntimeResult {
        let prepared = await countedSession(plan, player)
        let rendersBefore = prepared?.renderCount ?? 0
        let recomputationsBefore = prepared?.recomputations ?? 0
        let requestsBefore = prepared?.requestTally ?? Requests(started: 0, applied: 0, rejected: 0, cancelled: 0)
        // The same counting runs as `CountingRuns`, written out: a port's
        // session is async, and calling it through an async recipe
        // deepens the task's stack inside the malloc region, where the
        // task allocator then took a new slab of its own: one malloc more
        // per interactions cycle charged to cog (639 against 638).
        let (counted, counts, eachAction) = await countAllocations(plan, player, prepared, discarded: &discarded)
        endCheck.check(counted, player, when: "the counting run")
        let renders = counted.renderCount - rendersBefore
        let recomputations =
            counted.recomputations.map { Reading(.counted(Int64($0 - recomputationsBefore))) }
            ?? Reading(
                unavailable: player == .control
                    ? "the control computes each changed screen once and counts screens"
                    : "\(player.name) keeps no count of its derived values' runs, and a port never "
                        + "counts them by hand (StorefrontPort.recomputations)")
        let tally = counted.requestTally
        var counters: [String: Reading] = [:]
        for counterSet in [HardwareCounters(), SoftwareCounters(), ProcessUsage()] as [any CounterSet] {
            let session = await countedSession(plan, player)
            counterSet.start()
            let played = await plan.play(player, session, &discarded)
            counters.merge(counterSet.stop().byName) { first, _ in first }
            endCheck.check(played, player, when: "the counter run")
        }
        counters.merge(callgrind.counters(for: Self.instructionRegion(suite, player.name))) { _, counted in counted }
        var memoryRuns: [PeakMemory] = []
        for _ in 0..<Self.memoryRuns {
            let session = await countedSession(plan, player)
            let peak = PeakMemory.begin()
            let played = await plan.play(player, session, &discarded)
            memoryRuns.append(peak.end())
            endCheck.check(played, player, when: "the memory run")
        }
        let heap = MedianHeap(memoryRuns)
        var result = RuntimeResult(
            runtime: player.name,
            gate: "passed",
            mallocsPerIteration: counts.mallocs,
            bytesPerIteration: counts.bytesRequested,
            actionsPerIteration: plan.actionsPerRun,
            mallocsPerAction: plan.actionsPerRun > 0
                ? Double(counts.mallocs) / Double(plan.actionsPerRun) : nil,
            peakLiveBytes: heap.peakBytes,
            peakResidentBytes: Reading(memoryRuns[heap.middle].residentPeakBytes),
            residentGrowthBytes: Reading(memoryRuns[heap.middle].residentGrowthBytes),
            retainedBytes: heap.retainedBytes,
            renders: renders,
            recomputations: recomputations,
            requests: Requests(
                started: tally.started - requestsBefore.started,
                applied: tally.applied - requestsBefore.applied,
                rejected: tally.rejected - requestsBefore.rejected, cancelled: 0),
            counters: counters)
        result.setTimes(taken, control: control)
        result.actionKinds = plan.cycle.map {
            ActionKindResult.split(samples: taken, allocations: eachAction, cycle: $0.actions)
                .map { kind in
                    var kind = kind
                    let region = Self.instructionRegion(suite, player.name, ActionKind(rawValue: kind.kind)!)
                    let units = Double(kind.actionsPerCycle)
                    kind.instructionsPerAction = callgrind.perUnit(region, minus: nil, units: units) {
                        $0.instructions
                    }
                    kind.retainsPerAction = callgrind.perUnit(region, minus: nil, units: units) { $0.retainCalls }
                    kind.releasesPerAction = callgrind.perUnit(region, minus: nil, units: units) { $0.releaseCalls }
                    return kind
                }
        }
        return result
    }

    /// The warm-up and timed iterations of `suite` on every port, ports
    /// rotating, with the compute control in the rotation.
    package func time(_ suite: Suite, runtimes: [Runtime]) async -> Timed {
        await time(suite, plan(for: suite), runtimes: runtimes, withControl: true) { _, _ in }
    }

    func time(
        _ suite: Suite, _ plan: Plan, runtimes: [Runtime], withControl: Bool, report: (String, Double) -> Void
    ) async -> Timed {
        let sampling = options.plan
        var timed = Timed(endCheck: EndOfSessionCheck(suite: suite, expected: plan.end))
        var discarded: [Double] = []
        // The control plays in the same rotation, primed the same way, so
        // each iteration's control sample sits beside that iteration's port
        // samples: the vs-control factor pairs like with like. Its plan is
        // worked out here, before anything is timed.
        if withControl { _ = plan.control.plan }
        let players = runtimes.map(Player.port) + (withControl ? [.control] : [])
        let plays = Double(players.count * (sampling.warmup + 2 * sampling.iterations))
        var played = 0.0
        for round in 0..<sampling.warmup {
            report("warm-up \(round + 1)/\(sampling.warmup)", played / plays)
            played += Double(players.count)
            for player in players where timed.endCheck.passing(player) {
                timed.endCheck.check(
                    await plan.play(player, await plan.prepare(player), &discarded), player,
                    when: "warm-up \(round + 1)")
            }
        }
        let deadline = Stopwatch.now() &+ UInt64(sampling.minimumSeconds * 1e9)
        var iteration = 0
        while iteration < sampling.iterations || Stopwatch.now() < deadline {
            // Rotate the starting player so none always runs first.
            for offset in 0..<players.count {
                let player = players[(iteration + offset) % players.count]
                guard timed.endCheck.passing(player) else { continue }
                // Past the asked-for count only --min-time keeps sampling.
                let count = iteration < sampling.iterations ? "/\(sampling.iterations)" : " (until --min-time)"
                report("\(player.name), iteration \(iteration + 1)\(count)", min(played / plays, 1))
                played += 2
                // Priming: the player plays once untimed right before its
                // timed play, so the timed play finds the allocator and the
                // caches as this port leaves them, as in an app that runs
                // one runtime, never as the port before it in the rotation
                // left them. Without it, freeing one port's objects left
                // glibc's fast bins full, and the next port's first large
                // allocations paid to consolidate them: cog, which follows
                // stategraph in the rotation and allocates in large blocks,
                // took 1.7–1.8 ms for a cold start beside the other ports
                // against 0.75–0.78 ms alone (docs/measurement.md).
                timed.endCheck.check(
                    await plan.play(player, await plan.prepare(player), &discarded), player,
                    when: "priming play \(iteration + 1)")
                let session = await plan.prepare(player)
                timed.endCheck.check(
                    await plan.play(player, session, &timed.samples[player, default: []]), player,
                    when: "timed iteration \(iteration + 1)")
            }
            iteration += 1
        }
        return timed
    }

    /// The session a counting, counter or memory run starts from: a fresh
    /// one for a cycle plan (`Cycle.freshSession`), else the plan's own.
    private func countedSession(_ plan: Plan, _ player: Player) async -> sending (any PlayableSession)? {
        if let cycle = plan.cycle { return await cycle.freshSession(player) }
        return await plan.prepare(player)
    }

    /// What a port's results take from the malloc counter, added up over
    /// one or more regions.
    struct Allocated {
        var mallocs: UInt64 = 0
        var bytesRequested: UInt64 = 0

        init(_ regions: [AllocationCounts]) {
            for counts in regions {
                mallocs += counts.allocations
                bytesRequested += counts.bytesRequested
            }
        }
    }

    /// The counting run: the measured part played once under the malloc
    /// counter. A cycle plan counts each action in a region of its own and
    /// the cycle as their sum: the harness's steps between actions are no
    /// port's cost, and the kinds then add up to the cycle exactly. Every
    /// buffer is sized before a region opens, so the harness allocates
    /// nothing inside one.
    private func countAllocations(
        _ plan: Plan, _ player: Player, _ prepared: sending (any PlayableSession)?,
        discarded: inout [Double]
    ) async
        -> (session: any PlayableSession, total: Allocated, eachAction: [AllocationCounts])
    {
        if let cycle = plan.cycle, let prepared {
            var eachAction: [AllocationCounts] = []
            eachAction.reserveCapacity(cycle.actions.count)
            await cycle.countEach(prepared, &eachAction)
            return (prepared, Allocated(eachAction), eachAction)
        }
        // The play appends its sample to `discarded`; growing that buffer
        // inside the region would charge the port a malloc of the harness's.
        discarded.removeAll(keepingCapacity: true)
        discarded.reserveCapacity(max(plan.actionsPerRun, 1))
        let region = AllocationCounter.begin(.thread)
        let session = await plan.play(player, prepared, &discarded)
        return (session, Allocated([region.end()]), [])
    }

    /// The compute control's warm-up and timed runs, for the compute-control suite.
    package func timeControl() -> [Double] {
        sampleControl(ComputeControl(catalog: catalog, schedule: schedule))
    }

    private func sampleControl(_ control: ComputeControl) -> [Double] {
        let sampling = options.plan
        for _ in 0..<sampling.warmup { blackHole(control.run()) }
        return sampling.sample { blackHole(control.run()) }
    }

    /// The compute control through the same measurements as a port;
    /// `elsewhere` holds other processes' timed runs of it (`--processes`).
    package func runControl(callgrind: CallgrindCounts, elsewhere: [[Double]] = []) -> RuntimeResult {
        progress.report("working out which screens change and sampling")
        let control = ComputeControl(catalog: catalog, schedule: schedule)
        let samples = sampleControl(control)
        let counted = CountingRuns.measure(
            { blackHole(control.run()) }, counterSets: [HardwareCounters(), SoftwareCounters(), ProcessUsage()])
        let counts = counted.allocations, peak = counted.peak
        var counters = counted.counters.byName
        counters.merge(callgrind.counters(for: Suite.computeControl.rawValue)) { _, counted in counted }
        let deliveries = schedule.phases.flatMap(\.steps).compactMap { step -> Bool? in
            if case .deliver(_, let applied) = step { return applied }
            return nil
        }
        progress.finish()
        var result = RuntimeResult(
            runtime: Suite.computeControl.rawValue,
            gate: "passed",
            mallocsPerIteration: counts.allocations,
            bytesPerIteration: counts.bytesRequested,
            actionsPerIteration: schedule.actionCount,
            mallocsPerAction: Double(counts.allocations) / Double(schedule.actionCount),
            peakLiveBytes: peak.heapPeakBytes,
            peakResidentBytes: Reading(peak.residentPeakBytes),
            residentGrowthBytes: Reading(peak.residentGrowthBytes),
            retainedBytes: counts.netBytes,
            renders: control.screenCount,
            recomputations: Reading(unavailable: "the control computes each changed screen once and counts screens"),
            requests: Requests(
                started: deliveries.count, applied: deliveries.filter { $0 }.count,
                rejected: deliveries.filter { !$0 }.count, cancelled: 0),
            counters: counters)
        let taken = ProcessSamples(elsewhere + [samples])
        result.setTimes(taken, control: taken)
        return result
    }

    /// Under callgrind (the `--callgrind-child` run): each port plays the
    /// suite's measured part once untimed, to settle one-time costs such as
    /// type metadata, then once inside an instruction region named
    /// `instructionRegion(suite, runtime)`.
    ///
    /// A cycle plan counts its steady cycle instead: a fresh session warmed
    /// as the counting runs' are (set-up and one untimed cycle), the cycle's
    /// actions back to back in the suite's region, without the timed play's
    /// clock reads and sample append per action (about 2,500 instructions an
    /// action, which would be counted as the port's); then the cycle once
    /// more, each action in a region of its own named for its kind
    /// (`instructionRegion(suite, runtime, kind)`), whose dumps callgrind
    /// adds up. The cycle leaves the port's state as it found it, so the two
    /// plays do the same work but for the harness's view layer: each page
    /// flip leaves Observation registrations behind (see `Cycle`), so the
    /// registrars' tables hash and grow at other points in each play, and
    /// the kinds add up to within about 1.2% of the whole (cog, small
    /// scale, release: 1,256,337 against 1,271,159; by function, the gap is
    /// hashing, registrar table growth and malloc).
    func countInstructions(_ suite: Suite, runtimes: [Runtime]) async {
        let plan = plan(for: suite)
        var discarded: [Double] = []
        _ = plan.control.plan
        for player in runtimes.map(Player.port) + [.control] {
            // Set-up runs in a dropped region: callgrind writes a call
            // site's count only with a block collected there, so calls made
            // outside any region would land in the next region's retains
            // and releases (`InstructionRegion.discarded`). Instructions are
            // not affected.
            InstructionRegion.begin()
            if let cycle = plan.cycle {
                let session = await cycle.freshSession(player)
                InstructionRegion.end(InstructionRegion.discardedDumpName)
                InstructionRegion.begin()
                for action in cycle.actions { await session.act(action) }
                InstructionRegion.end(Self.instructionRegion(suite, player.name))
                await Self.countEachAction(of: cycle.actions, on: session) {
                    Self.instructionRegion(suite, player.name, $0)
                }
            } else {
                _ = await plan.play(player, await plan.prepare(player), &discarded)
                let session = await plan.prepare(player)
                InstructionRegion.end(InstructionRegion.discardedDumpName)
                InstructionRegion.begin()
                let played = await plan.play(player, session, &discarded)
                InstructionRegion.end(Self.instructionRegion(suite, player.name))
                // Torn down after the region: freeing a session is not part
                // of playing it (inside, it added 1.15 M instructions, 5%,
                // to cog's small session).
                withExtendedLifetime(played) {}
            }
        }
    }

    /// Under callgrind, for a cycle plan and one port: a fresh session
    /// warmed as the counting run's is (set-up and one untimed cycle, in a
    /// dropped region), then the cycle once more, each action in the region
    /// `region` names for its kind.
    func countCycleInstructions(_ plan: Plan, runtime: Runtime, region: (ActionKind) -> String) async {
        guard let cycle = plan.cycle else { return }
        InstructionRegion.begin()
        let session = await cycle.freshSession(.port(runtime))
        InstructionRegion.end(InstructionRegion.discardedDumpName)
        await Self.countEachAction(of: cycle.actions, on: session, region: region)
    }

    /// Each action in a callgrind region of its own, named for its kind;
    /// callgrind adds up the dumps of one name. The name is built before
    /// the region opens, so the harness's string work is not counted.
    private static func countEachAction(
        of actions: [UserAction], on session: any PlayableSession, region: (ActionKind) -> String
    ) async {
        for action in actions {
            let name = region(ActionKind(action))
            InstructionRegion.begin()
            await session.act(action)
            InstructionRegion.end(name)
        }
    }

    /// The measured part's plays per port in `run`, at least: warm-up, each
    /// timed play after its priming play, and the allocation, hardware,
    /// software and memory runs (`--min-time` may add timed plays).
    static func playsPerPort(_ sampling: SamplingPlan) -> Int {
        sampling.warmup + 2 * sampling.iterations + untimedPlays
    }

    /// The plays after the timed ones: the counting run, the three counter
    /// runs (PAPI, perf, the process's usage) and the memory runs.
    static let untimedPlays = 4 + memoryRuns

    /// How many memory runs a port's heap figures are the median of. A
    /// port's requests hop off the main actor and back, and which thread
    /// frees a few of the objects handed across is up to the scheduler, so
    /// one run's heap figures move by up to about 4% under load (a
    /// memoized funnel read 66,368 B retained once against 69,184-69,392 B
    /// in every other run); the median of three leaves one such run out.
    static let memoryRuns = 3

    static func instructionRegion(_ suite: Suite, _ runtime: Runtime) -> String {
        instructionRegion(suite, runtime.name)
    }

    /// The region of a port, or of the control (`Player.controlName`).
    static func instructionRegion(_ suite: Suite, _ player: String) -> String {
        "\(suite.rawValue)/\(player)"
    }

    static func instructionRegion(_ suite: Suite, _ player: String, _ kind: ActionKind) -> String {
        "\(instructionRegion(suite, player))/\(kind.rawValue)"
    }
}
