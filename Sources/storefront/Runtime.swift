import CogPort
import MemoizedPort
import ObservablePort
import StateGraphPort
import Verification
import Workload

/// The runtime ports the tool can measure, by command-line name.
enum Runtime: String, CaseIterable {
    case cog
    case observable
    case memoized
    case stategraph

    /// Sessions the gate plays per port before any is measured: the second
    /// proves the port keeps nothing from one session to the next, as every
    /// measured iteration starts a fresh session in the same process.
    static let gatedSessions = 2

    /// Runs the agreement gate for this port.
    @MainActor
    func verify(scale: Scale, fault: Fault?) async -> Result<AgreementGate.Report, GateFailure> {
        // A fault belongs to one port; the others run clean.
        let fault = fault?.port == rawValue ? fault : nil
        let sessions = Self.gatedSessions
        do {
            switch self {
            case .cog:
                return .success(try await AgreementGate.runSessions(CogPort.self, scale: scale, sessions: sessions, fault: fault))
            case .observable:
                return .success(try await AgreementGate.runSessions(ObservablePort.self, scale: scale, sessions: sessions,
                                                                    fault: fault))
            case .memoized:
                return .success(try await AgreementGate.runSessions(MemoizedPort.self, scale: scale, sessions: sessions,
                                                                    fault: fault))
            case .stategraph:
                return .success(try await AgreementGate.runSessions(StateGraphPort.self, scale: scale, sessions: sessions,
                                                                    fault: fault))
            }
        } catch {
            return .failure(error)
        }
    }

    /// A fresh runtime with its views mounted: the start of a session.
    @MainActor
    func startSession(catalog: Catalog) -> any PlayableSession {
        switch self {
        case .cog: SessionRunner<CogPort>(catalog: catalog)
        case .observable: SessionRunner<ObservablePort>(catalog: catalog)
        case .memoized: SessionRunner<MemoizedPort>(catalog: catalog)
        case .stategraph: SessionRunner<StateGraphPort>(catalog: catalog)
        }
    }
}

/// A session the tool can replay without knowing its port's type.
@MainActor
protocol PlayableSession: AnyObject {
    func play(_ steps: [SessionSchedule.Step]) async
    /// One action that sends no request, settled and re-rendered.
    func act(_ action: UserAction) async
    var renderCount: Int { get }
    /// The port's runtime's own count of derived values computed, if it keeps one.
    var recomputations: Int? { get }
    /// Requests issued, applied and rejected so far.
    var requestTally: Requests { get }
}

extension SessionRunner: PlayableSession {
    var recomputations: Int? { port.recomputations }

    var requestTally: Requests {
        let log = service.log
        return Requests(started: log.count, applied: log.filter { $0.outcome == .applied }.count,
                        rejected: log.filter { $0.outcome == .rejected }.count, cancelled: 0)
    }

    func act(_ action: UserAction) async {
        await perform(action, expectedIssued: service.issuedCount)
    }
}
