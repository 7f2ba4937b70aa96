import Workload

/// Proves a port computes the same screens as the shadow model before any
/// of its numbers may be reported.
///
/// It runs the whole script and checks, after every action and every
/// delivery, that every mounted screen equals the shadow model's (so a value
/// wrong for a single step is caught at that step, not only if it is still
/// wrong when the phase ends) and that no view that stayed valid would now
/// render differently (a missed invalidation); that the port requests
/// exactly what the session calls for and applies exactly the responses
/// that are current; and at the end, that nothing is outstanding. It also
/// digests every phase end's screens.
@MainActor
public enum AgreementGate {
    public struct Report: Sendable {
        public var port: String
        public var digest: ScreenDigest
        public var actions: Int
        public var deliveries: Int
        public var renders: Int
        public var requestLog: [String]
        /// Request sequences in the order their responses were delivered.
        public var deliveryOrder: [Int]
    }

    /// Runs the gate. `catalogSeed` chooses the catalog; `shuffleSeed`
    /// reorders response delivery (the actions stay as scripted); `fault`
    /// injects a named defect into the port.
    /// How long the gate waits for a request or an acknowledgement that
    /// never comes before it fails the port instead of hanging: far longer
    /// than any port takes, so it only ends the wait for a broken one.
    public static let defaultPatience: StorefrontService.Patience = {
        try? await Task.sleep(for: .seconds(30))
    }

    public static func run<Port: StorefrontPort>(
        _ port: Port.Type, scale: Scale, catalogSeed: UInt64 = Catalog.defaultSeed, shuffleSeed: UInt64? = nil,
        fault: Fault? = nil, patience: @escaping StorefrontService.Patience = defaultPatience
    ) async throws(GateFailure) -> Report {
        let catalog = Catalog(scale: scale, seed: catalogSeed)
        return try await run(
            port, catalog: catalog, script: Script(catalog: catalog), shuffleSeed: shuffleSeed, fault: fault,
            patience: patience)
    }

    /// Runs the gate over any script on any catalog: the growth suite
    /// gates each catalog and cart size it measures this way.
    public static func run<Port: StorefrontPort>(
        _ port: Port.Type, catalog: Catalog, script: Script, shuffleSeed: UInt64? = nil, fault: Fault? = nil,
        patience: @escaping StorefrontService.Patience = defaultPatience
    ) async throws(GateFailure) -> Report {
        let runner = SessionRunner<Port>(catalog: catalog, fault: fault)
        var digest = ScreenDigest()
        var actions = 0
        var deliveryOrder: [Int] = []
        /// Where in the script each request (by service sequence) was sent.
        var sentAt: [Int: String] = [:]

        func failure(
            _ check: GateFailure.Check, _ phase: String, _ step: String, view: String? = nil,
            field: String? = nil, expected: String, actual: String
        ) -> GateFailure {
            GateFailure(
                port: Port.name, check: check, phase: phase, step: step, view: view, field: field,
                expected: expected, actual: actual)
        }

        var walk = SessionWalk(catalog: catalog, phases: script.phases, shuffleSeed: shuffleSeed)
        try compareAll(runner, with: walk.shadow, check: .checkpoint, phase: "start", step: "first render")
        while let event = walk.next() {
            guard let (index, step) = event.step else {
                digest.add(checkpoint: event.phase, views: runner.mounted, screens: runner.shown)
                continue
            }
            let where_ = "step \(index + 1) (\(step))"
            switch event.kind {
            case .action(let action, let issuedAfter):
                await runner.perform(action, expectedIssued: issuedAfter, patience: patience)
                actions += 1
                let issued = runner.service.log.map(\.request)
                if let difference = firstDifference(expected: walk.shadow.expectedRequests, issued: issued) {
                    throw failure(
                        .requests, event.phase, where_, field: difference.field,
                        expected: difference.expected, actual: difference.actual)
                }
                for entry in runner.service.log where sentAt[entry.sequence] == nil {
                    sentAt[entry.sequence] = "phase \(event.phase), \(where_)"
                }
            case .delivery(let sequence, let shouldApply):
                let outcome = await runner.deliver(sequence, patience: patience)
                deliveryOrder.append(sequence)
                guard let outcome else {
                    throw failure(
                        .asyncOutcome, event.phase, where_, field: "\(runner.service.log[sequence].request)",
                        expected: shouldApply ? "applied" : "rejected (superseded)",
                        actual: "no acknowledgement")
                }
                if (outcome == .applied) != shouldApply {
                    throw failure(
                        .asyncOutcome, event.phase, where_, field: "\(runner.service.log[sequence].request)",
                        expected: shouldApply ? "applied" : "rejected (superseded)",
                        actual: outcome.rawValue)
                }
            case .phaseEnd:
                continue
            }
            try checkNothingStale(runner, port: Port.name, phase: event.phase, step: where_)
            try compareAll(runner, with: walk.shadow, check: .screen, phase: event.phase, step: where_)
        }
        if runner.service.outstandingCount != 0 {
            throw failure(
                .outstanding, "end", "session end", expected: "0 outstanding requests",
                actual: runner.service.pending.map { pending in
                    "\(pending.request) (sent in \(sentAt[pending.sequence] ?? "an unknown step"))"
                }.joined(separator: ", "))
        }
        return Report(
            port: Port.name, digest: digest, actions: actions, deliveries: deliveryOrder.count,
            renders: runner.renderCount, requestLog: runner.service.log.map(\.description),
            deliveryOrder: deliveryOrder)
    }

    /// One session the gate plays: its workload, and whether its script
    /// walks every browse combination.
    public struct Session: Sendable, Hashable, CustomStringConvertible {
        /// nil: the default catalog, responses in the script's order.
        public var seed: WorkloadSeed?
        /// Whether the session plays `Script.walkingEveryCombination`
        /// rather than the measured session's script.
        public var walksEveryCombination: Bool

        public init(seed: WorkloadSeed?, walksEveryCombination: Bool) {
            self.seed = seed
            self.walksEveryCombination = walksEveryCombination
        }

        public func script(on catalog: Catalog) -> Script {
            walksEveryCombination ? .walkingEveryCombination(catalog: catalog) : Script(catalog: catalog)
        }

        /// "seed 42, every browse combination walked".
        public var description: String {
            (seed.map { "seed \($0)" } ?? "the recorded workload")
                + (walksEveryCombination ? ", every browse combination walked" : "")
        }
    }

    /// Sessions the gate plays per port before any is measured: the second,
    /// on another catalog in a shuffled delivery order
    /// (`laterSessionSeed`), proves the port keeps nothing from one session
    /// to the next, as every measured iteration starts a fresh session in
    /// the same process. The tool and the pinned screens both read it.
    public nonisolated static let sessionCount = 2

    /// The gate's `count` sessions for a run on `seed`. The first plays the
    /// run's workload as the suites measure it. Every later one plays
    /// `laterSessionSeed(after: seed)`: another catalog and a shuffled
    /// delivery order, so a memo carried over from the first session is
    /// wrong there rather than right by coincidence; and the script with
    /// every browse combination walked, so a rule wrong in a state the
    /// measured session never reaches shows there.
    public nonisolated static func sessions(_ count: Int, after seed: WorkloadSeed?) -> [Session] {
        (0..<count).map { index in
            index == 0
                ? Session(seed: seed, walksEveryCombination: false)
                : Session(seed: laterSessionSeed(after: seed), walksEveryCombination: true)
        }
    }

    /// Plays `sessions` whole sessions of `port` one after another in this
    /// process (`sessions(_:after:)`), each through the full gate, and
    /// returns the last report. A port that keeps state beyond its session
    /// (a process-wide cache or history, say) shows correct screens in its
    /// first session and wrong ones in a later one; the failure names the
    /// session.
    public static func runSessions<Port: StorefrontPort>(
        _ port: Port.Type, scale: Scale, seed: WorkloadSeed? = nil, sessions: Int, fault: Fault? = nil
    ) async throws(GateFailure) -> Report {
        precondition(sessions >= 1, "the gate plays at least one session")
        var report: Report?
        for (index, played) in Self.sessions(sessions, after: seed).enumerated() {
            let catalog = Catalog(scale: scale, seed: played.seed)
            do {
                report = try await run(
                    port, catalog: catalog, script: played.script(on: catalog),
                    shuffleSeed: played.seed?.shuffleSeed, fault: fault)
            } catch {
                var failure = error
                failure.session = index + 1
                throw failure
            }
        }
        return report!
    }

    /// The workload of the gate's later sessions: seed 42 after the default
    /// workload, the next seed after any other.
    public nonisolated static func laterSessionSeed(after seed: WorkloadSeed?) -> WorkloadSeed {
        seed.map { WorkloadSeed($0.value &+ 1) } ?? WorkloadSeed(42)
    }

    /// The shadow model's own digest: what every port must reproduce.
    public static func shadowDigest(
        scale: Scale, seed: WorkloadSeed? = nil, walkingEveryCombination: Bool = false
    ) -> ScreenDigest {
        var digest = ScreenDigest()
        let catalog = Catalog(scale: scale, seed: seed)
        let session = Session(seed: seed, walksEveryCombination: walkingEveryCombination)
        let schedule = SessionSchedule(
            catalog: catalog, script: session.script(on: catalog), shuffleSeed: seed?.shuffleSeed)
        for checkpoint in schedule.checkpoints {
            digest.add(checkpoint: checkpoint.phase, views: checkpoint.views, screens: checkpoint.screens)
        }
        return digest
    }

    /// The first place the issued requests part from the expected ones: the
    /// request's position, what was expected there and what was sent.
    public static func firstDifference(expected: [ServiceRequest], issued: [ServiceRequest])
        -> (field: String, expected: String, actual: String)?
    {
        let shared = min(expected.count, issued.count)
        guard
            let index = (0..<shared).first(where: { expected[$0] != issued[$0] })
                ?? (expected.count != issued.count ? shared : nil)
        else { return nil }
        let want = index < expected.count ? "\(expected[index])" : "no request #\(index)"
        let got = index < issued.count ? "\(issued[index])" : "no request #\(index)"
        return ("request #\(index) of \(expected.count) expected, \(issued.count) sent", want, got)
    }

    private static func compareAll<Port: StorefrontPort>(
        _ runner: SessionRunner<Port>, with shadow: ShadowModel,
        check: GateFailure.Check, phase: String, step: String
    ) throws(GateFailure) {
        guard
            let difference = ScreenDifference.first(
                expected: shadow.mountedScreens(), mounted: runner.mounted, shown: runner.shown)
        else { return }
        throw GateFailure(
            port: Port.name, check: check, phase: phase, step: step, view: difference.view,
            field: difference.field, expected: difference.expected, actual: difference.actual)
    }

    private static func checkNothingStale<Port>(
        _ runner: SessionRunner<Port>, port: String, phase: String,
        step: String
    ) throws(GateFailure) {
        for view in runner.mounted {
            let fresh = runner.renderFresh(view)
            guard let shown = runner.shown[view], shown != fresh,
                let difference = FieldDifference.first(fresh, shown)
            else { continue }
            throw GateFailure(
                port: port, check: .staleScreen, phase: phase, step: step, view: "\(view)",
                field: difference.path, expected: difference.expected, actual: difference.actual)
        }
    }
}
