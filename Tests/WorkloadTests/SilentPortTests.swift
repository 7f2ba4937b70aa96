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

    var recomputations: Int? { nil }
    func render(_ view: ViewID) -> Screen { shadow.render(view) }
}

@MainActor
@Suite("Agreement gate: a port that sends nothing")
struct SilentPortTests {
    @Test("a missing request fails the gate with the requests check; the session does not hang")
    func missingRequest() async {
        do {
            // Nothing will ever come, so the gate may give up at once.
            _ = try await AgreementGate.run(SilentPort.self, scale: .small, patience: {})
            Issue.record("a port that sends no request passed the gate")
        } catch {
            #expect(error.check == .requests)
            #expect(error.phase == "launch")
            #expect(error.field == "request #0 of 1 expected, 0 sent")
            #expect(error.expected == "catalog")
            #expect(error.actual == "no request #0")
        }
    }

    @Test("a requests failure names the first request that differs, not both whole logs")
    func firstDifferingRequest() {
        let difference = AgreementGate.firstDifference(
            expected: [.catalog, .productDetail(3), .validateCoupon("SAVE10")],
            issued: [.catalog, .productDetail(4), .validateCoupon("SAVE10")])
        #expect(difference?.field == "request #1 of 3 expected, 3 sent")
        #expect(difference?.expected == "\(ServiceRequest.productDetail(3))")
        #expect(difference?.actual == "\(ServiceRequest.productDetail(4))")
        let extra = AgreementGate.firstDifference(expected: [.catalog], issued: [.catalog, .productDetail(9)])
        #expect(extra?.expected == "no request #1")
        #expect(AgreementGate.firstDifference(expected: [.catalog], issued: [.catalog]) == nil)
    }
}

/// A port that requests the catalog but never says what it did with it.
@MainActor
private final class UnacknowledgingPort: StorefrontPort {
    static let name = "unacknowledging"
    private let service: StorefrontService
    private let shadow = ShadowModel(serving: Catalog(scale: .small))

    init(service: StorefrontService, fault: Fault?) { self.service = service }

    func perform(_ action: UserAction) {
        guard action == .launch else { return }
        // Sent before `perform` returns, so the gate's only wait that can
        // give up is the acknowledgement's.
        Task.immediate { _ = try await self.service.loadCatalog() }
    }

    var recomputations: Int? { nil }
    func render(_ view: ViewID) -> Screen { shadow.render(view) }
}

@MainActor
@Suite("Agreement gate: a port that never acknowledges")
struct UnacknowledgingPortTests {
    @Test("a missing acknowledgement fails the async check; the delivery does not hang")
    func missingAcknowledgement() async {
        do {
            _ = try await AgreementGate.run(UnacknowledgingPort.self, scale: .small, patience: {})
            Issue.record("a port that never acknowledges passed the gate")
        } catch {
            #expect(error.check == .asyncOutcome)
            #expect(error.phase == "launch")
            #expect(error.actual == "no acknowledgement")
        }
    }
}
