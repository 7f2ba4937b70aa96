import ObservablePort
import Testing
import Verification
import Workload

/// The observable port with one defect a single session cannot show: it
/// keeps the number of orders placed in a process-wide counter, as an app
/// keeping order history in a singleton would, so a second session in the
/// same process starts with the first one's orders in its header.
@MainActor
private final class LeakyPort: StorefrontPort {
    static let name = "leaky"
    static var ordersPlacedInProcess = 0
    private let inner: ObservablePort
    private let ordersBefore: Int

    init(service: StorefrontService, fault: Fault?) {
        inner = ObservablePort(service: service, fault: nil)
        ordersBefore = Self.ordersPlacedInProcess
    }

    func perform(_ action: UserAction) {
        if action == .placeOrder { Self.ordersPlacedInProcess += 1 }
        inner.perform(action)
    }

    var recomputations: Int? { nil }

    func render(_ view: ViewID) -> Screen {
        guard case .header(var header) = inner.render(view) else { return inner.render(view) }
        header.orderCount += ordersBefore
        return .header(header)
    }
}

@MainActor
@Suite("Agreement gate: state kept beyond a session")
struct LeakyPortTests {
    @Test("a port that keeps state beyond its session passes one session and fails the second, which is named")
    func secondSessionCaught() async throws {
        LeakyPort.ordersPlacedInProcess = 0
        do {
            _ = try await AgreementGate.runSessions(LeakyPort.self, scale: .small, sessions: 2)
            Issue.record("state kept beyond a session passed the gate")
        } catch {
            #expect(error.session == 2, "\(error)")
            #expect(
                error.description.contains("leaky failed the agreement gate (checkpoint) in session 2, phase start"),
                "\(error)")
            #expect(error.check == .checkpoint, "\(error)")
            #expect(error.view == "header", "\(error)")
            #expect(error.field == "header.orderCount", "\(error)")
        }
    }

    @Test("every clean port passes two sessions in one process")
    func cleanPortsPassTwice() async throws {
        let report = try await AgreementGate.runSessions(ObservablePort.self, scale: .small, sessions: 2)
        #expect(
            report.digest
                == AgreementGate.shadowDigest(
                    scale: .small, seed: AgreementGate.laterSessionSeed(after: nil), walkingEveryCombination: true),
            "the last report is the later session's: its own seed, every combination walked")
    }
}
