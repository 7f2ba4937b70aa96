import Measure
import Workload

/// Runs the runtime suites: the same scheduled session steps through every
/// selected port, ports alternating within each iteration so that machine
/// drift hits all of them alike. Timing runs are separate from the counting
/// runs (mallocs, counters, memory), which run once per port.
@MainActor
struct RuntimeSuiteRunner {
    let options: Options
    let progress: Progress
    let catalog: Catalog
    let schedule: SessionSchedule

    init(options: Options, progress: Progress) {
        self.options = options
        self.progress = progress
        catalog = Catalog(scale: options.scale)
        schedule = SessionSchedule(catalog: catalog)
    }

    /// What a suite replays: `setup` brings a fresh runtime to where the
    /// measured part starts (untimed), `measured` is the timed part.
    func steps(for suite: Suite) -> (setup: [SessionSchedule.Step], measured: [SessionSchedule.Step]) {
        let beforeBurst = schedule.phases.prefix { $0.name != "inventory-burst" }.flatMap(\.steps)
        switch suite {
        case .coldStart: return ([], schedule.phases[0].steps)
        case .session: return ([], schedule.phases.flatMap(\.steps))
        case .interactions: return (beforeBurst, [])
        case .inventoryBurst: return (beforeBurst, schedule.phases.first { $0.name == "inventory-burst" }!.steps)
        case .calibration: return ([], [])
        }
    }

    /// A fresh runtime brought through `setup`, untimed.
    func prepare(_ runtime: Runtime, _ setup: [SessionSchedule.Step]) async -> any PlayableSession {
        let session = runtime.startSession(catalog: catalog)
        await session.play(setup)
        return session
    }

    /// One measured run: for suites measured from nothing, the runtime's
    /// creation is inside the run; otherwise a prepared session is played.
    @discardableResult
    func runOnce(_ runtime: Runtime, _ steps: (setup: [SessionSchedule.Step], measured: [SessionSchedule.Step]),
                 prepared: (any PlayableSession)? = nil) async -> any PlayableSession {
        let session = prepared ?? runtime.startSession(catalog: catalog)
        await session.play(steps.measured)
        return session
    }

    /// The interactions cycle: settled actions that send no request and
    /// leave the session as they found it, so the cycle repeats forever.
    var interactionCycle: [UserAction] {
        let carted = schedule.phases.flatMap(\.steps).compactMap { step -> Int? in
            if case .action(.addToCart(let id), _) = step { return id }
            return nil
        }.first!
        return [
            .setQuantity(productID: carted, quantity: 5), .setQuantity(productID: carted, quantity: 1),
            .setInStockOnly(true), .setInStockOnly(false),
            .setPage(1), .setPage(0),
        ]
    }

    func run(_ suite: Suite, runtimes: [Runtime], instructions: [String: CounterReading]) async -> SuiteRecord {
        if suite == .interactions { return await runInteractions(runtimes: runtimes, instructions: instructions) }
        let steps = steps(for: suite)
        let plan = options.plan
        func prepared(_ runtime: Runtime) async -> (any PlayableSession)? {
            steps.setup.isEmpty ? nil : await prepare(runtime, steps.setup)
        }
        for round in 0..<plan.warmup {
            progress.report("\(suite.rawValue): warm-up \(round + 1)/\(plan.warmup)")
            for runtime in runtimes { await runOnce(runtime, steps, prepared: await prepared(runtime)) }
        }
        var samples: [Runtime: [Double]] = [:]
        let deadline = Stopwatch.now() &+ UInt64(plan.minimumSeconds * 1e9)
        var iteration = 0
        while iteration < plan.iterations || Stopwatch.now() < deadline {
            // Rotate the starting port so none always runs first.
            for offset in runtimes.indices {
                let runtime = runtimes[(iteration + offset) % runtimes.count]
                progress.report("\(suite.rawValue): \(runtime.rawValue), iteration \(iteration + 1)")
                let session = await prepared(runtime)
                let start = Stopwatch.now()
                await runOnce(runtime, steps, prepared: session)
                samples[runtime, default: []].append(Double(Stopwatch.now() &- start))
            }
            iteration += 1
        }
        let hardware = HardwareCounters()
        let software = SoftwareCounters()
        var results: [RegionResult] = []
        for runtime in runtimes {
            progress.report("\(suite.rawValue): \(runtime.rawValue), counting")
            var session = await prepared(runtime)
            let rendersBefore = session?.renderCount ?? 0
            let requestsBefore = session?.requestCount ?? 0
            let allocations = AllocationCounter.begin(.thread)
            let counted = await runOnce(runtime, steps, prepared: session)
            let counts = allocations.end()
            session = await prepared(runtime)
            hardware.start()
            await runOnce(runtime, steps, prepared: session)
            let hardwareReadings = hardware.stop()
            session = await prepared(runtime)
            software.start()
            await runOnce(runtime, steps, prepared: session)
            let softwareReadings = software.stop()
            session = await prepared(runtime)
            let peak = PeakMemory.begin()
            await runOnce(runtime, steps, prepared: session)
            let peakMemory = peak.end()
            let taken = samples[runtime] ?? []
            results.append(RegionResult(
                name: runtime.rawValue,
                summary: "\(suite.rawValue) at \(options.scale.rawValue) scale",
                samplesNanoseconds: taken,
                time: SampleSummary(taken),
                allocations: counts,
                expectedAllocations: nil,
                hardwareCounters: hardwareReadings,
                softwareCounters: softwareReadings,
                peakMemory: peakMemory,
                instructions: instructions[Self.instructionRegion(suite, runtime)]
                    ?? .unavailable(reason: "not requested (add --instructions callgrind)"),
                work: [
                    "renders": counted.renderCount - rendersBefore,
                    "requests": counted.requestCount - requestsBefore,
                    "actions": steps.measured.filter { if case .action = $0 { true } else { false } }.count,
                ]))
        }
        progress.finish()
        RegionResult.compareWithFastest(&results)
        return SuiteRecord(suite: suite.rawValue, scale: options.scale.rawValue, recordedAt: SuiteRecord.now(),
                           environment: EnvironmentFingerprint.current(), plan: plan, regions: results)
    }

    /// Interactions: one warmed session per port, kept for the whole suite;
    /// each action is one sample.
    private func runInteractions(runtimes: [Runtime], instructions: [String: CounterReading]) async -> SuiteRecord {
        let cycle = interactionCycle
        let plan = options.plan
        var sessions: [Runtime: any PlayableSession] = [:]
        for runtime in runtimes {
            progress.report("interactions: warming \(runtime.rawValue)")
            sessions[runtime] = await prepare(runtime, steps(for: .interactions).setup)
        }
        func playCycle(_ session: any PlayableSession, timing samples: inout [Double]) async {
            for action in cycle {
                let start = Stopwatch.now()
                await session.act(action)
                samples.append(Double(Stopwatch.now() &- start))
            }
        }
        var discarded: [Double] = []
        for _ in 0..<plan.warmup {
            for runtime in runtimes { await playCycle(sessions[runtime]!, timing: &discarded) }
        }
        var samples: [Runtime: [Double]] = [:]
        let deadline = Stopwatch.now() &+ UInt64(plan.minimumSeconds * 1e9)
        var iteration = 0
        while iteration < plan.iterations || Stopwatch.now() < deadline {
            for offset in runtimes.indices {
                let runtime = runtimes[(iteration + offset) % runtimes.count]
                progress.report("interactions: \(runtime.rawValue), cycle \(iteration + 1)")
                await playCycle(sessions[runtime]!, timing: &samples[runtime, default: []])
            }
            iteration += 1
        }
        let hardware = HardwareCounters()
        let software = SoftwareCounters()
        var results: [RegionResult] = []
        for runtime in runtimes {
            let session = sessions[runtime]!
            let rendersBefore = session.renderCount
            let allocations = AllocationCounter.begin(.thread)
            await playCycle(session, timing: &discarded)
            let counts = allocations.end()
            let renders = session.renderCount - rendersBefore
            hardware.start()
            await playCycle(session, timing: &discarded)
            let hardwareReadings = hardware.stop()
            software.start()
            await playCycle(session, timing: &discarded)
            let softwareReadings = software.stop()
            let peak = PeakMemory.begin()
            await playCycle(session, timing: &discarded)
            let peakMemory = peak.end()
            let taken = samples[runtime] ?? []
            results.append(RegionResult(
                name: runtime.rawValue,
                summary: "one settled action at \(options.scale.rawValue) scale (counts: one cycle of \(cycle.count))",
                samplesNanoseconds: taken,
                time: SampleSummary(taken),
                allocations: counts,
                expectedAllocations: nil,
                hardwareCounters: hardwareReadings,
                softwareCounters: softwareReadings,
                peakMemory: peakMemory,
                instructions: instructions[Self.instructionRegion(.interactions, runtime)]
                    ?? .unavailable(reason: "not requested (add --instructions callgrind)"),
                work: ["renders": renders, "requests": 0, "actions": cycle.count]))
        }
        progress.finish()
        RegionResult.compareWithFastest(&results)
        return SuiteRecord(suite: Suite.interactions.rawValue, scale: options.scale.rawValue, recordedAt: SuiteRecord.now(),
                           environment: EnvironmentFingerprint.current(), plan: plan, regions: results)
    }

    static func instructionRegion(_ suite: Suite, _ runtime: Runtime) -> String {
        "\(suite.rawValue)/\(runtime.rawValue)"
    }

}
