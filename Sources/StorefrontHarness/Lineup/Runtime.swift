import Verification
import Workload

extension Runtime {
    /// `fault` when this runtime carries it; the others run clean.
    func own(_ fault: Fault?) -> Fault? {
        fault.flatMap { faults.contains($0) ? $0 : nil }
    }

    /// Runs the agreement gate for this port on the run's workload.
    @MainActor
    func verify(scale: Scale, seed: WorkloadSeed?, fault: Fault?) async -> Result<AgreementGate.Report, GateFailure> {
        func gate<Port: StorefrontPort>(_ port: Port.Type) async -> Result<AgreementGate.Report, GateFailure> {
            do {
                return .success(
                    try await AgreementGate.runSessions(
                        port, scale: scale, seed: seed, sessions: AgreementGate.sessionCount, fault: own(fault)))
            } catch {
                return .failure(error)
            }
        }
        return await gate(port)
    }

    /// The gate over one session of `script` on `catalog` (the growth
    /// suite's sizes).
    @MainActor
    func verify(catalog: Catalog, script: Script, fault: Fault?) async -> Result<AgreementGate.Report, GateFailure> {
        func gate<Port: StorefrontPort>(_ port: Port.Type) async -> Result<AgreementGate.Report, GateFailure> {
            do {
                return .success(try await AgreementGate.run(port, catalog: catalog, script: script, fault: own(fault)))
            } catch {
                return .failure(error)
            }
        }
        return await gate(port)
    }

    /// A fresh runtime with its views mounted: the start of a session. An
    /// injected fault that belongs to this port goes into every session it
    /// plays, measured ones too: some faults show only in a later session.
    @MainActor
    func startSession(catalog: Catalog, fault: Fault?) -> any PlayableSession {
        func start<Port: StorefrontPort>(_ port: Port.Type) -> any PlayableSession {
            SessionRunner<Port>(catalog: catalog, fault: own(fault))
        }
        return start(port)
    }
}

/// A session the tool can replay without knowing its port's type.
@MainActor
protocol PlayableSession: AnyObject {
    func play(_ steps: [SessionSchedule.Step]) async
    /// One action that sends no request, settled and re-rendered.
    func act(_ action: UserAction) async
    var renderCount: Int { get }
    /// Mounted views in render order, and what each last showed.
    var mounted: [ViewID] { get }
    var shown: [ViewID: Screen] { get }
    /// The port's runtime's own count of derived values computed, if it keeps one.
    var recomputations: Int? { get }
    /// Requests issued, applied and rejected so far.
    var requestTally: Requests { get }
}

extension SessionRunner: PlayableSession {
    var recomputations: Int? { port.recomputations }

    var requestTally: Requests {
        let log = service.log
        return Requests(
            started: log.count, applied: log.filter { $0.outcome == .applied }.count,
            rejected: log.filter { $0.outcome == .rejected }.count, cancelled: 0)
    }

    func act(_ action: UserAction) async {
        await perform(action, expectedIssued: service.issuedCount)
    }
}
