import Testing
import Verification
import Workload

/// A port that shows the empty store and never sends a request: the gate
/// must report the missing request instead of waiting for it forever.
@MainActor
private final class SilentPort: StorefrontPort {
    static let name = "silent"
    private let shadow: ShadowModel

    init(service: StorefrontService, fault: Fault?) {
        shadow = ShadowModel(serving: Catalog(scale: .small))
    }

    func perform(_ action: UserAction) {}

    func render(_ view: ViewID) -> Screen { shadow.render(view) }
}

@MainActor
@Suite("Agreement gate: a port that sends nothing")
struct SilentPortTests {
    @Test("a missing request fails the gate with the requests check; the session does not hang")
    func missingRequest() async {
        do {
            _ = try await AgreementGate.run(SilentPort.self, scale: .small)
            Issue.record("a port that sends no request passed the gate")
        } catch {
            #expect(error.check == .requests)
            #expect(error.phase == "launch")
            #expect(error.expected == "[catalog]")
            #expect(error.actual == "[]")
        }
    }
}
