import ObservablePort
import Testing
import Verification
import Workload

@MainActor
@Suite("Agreement gate")
struct GateTests {
    @Test("the observable port passes the gate with the shadow model's digest", arguments: [Scale.small, .default])
    func observablePasses(scale: Scale) async throws {
        let report = try await AgreementGate.run(ObservablePort.self, scale: scale)
        #expect(report.digest == AgreementGate.shadowDigest(scale: scale))
        #expect(report.actions == Script(catalog: Catalog(scale: scale)).actionCount)
        #expect(report.deliveries == 18, "\(report.requestLog)")
    }

    @Test("the digest and the request log are identical across runs")
    func repeatable() async throws {
        let first = try await AgreementGate.run(ObservablePort.self, scale: .small)
        let second = try await AgreementGate.run(ObservablePort.self, scale: .small)
        #expect(first.digest == second.digest)
        #expect(first.requestLog == second.requestLog)
        #expect(first.renders == second.renders)
    }

    @Test("each injected fault is caught with the check, phase and view it breaks", arguments: [
        (Fault.droppedInvalidation, GateFailure.Check.staleScreen, "inventory-burst"),
        (Fault.staleResponse, GateFailure.Check.asyncOutcome, "product-detail"),
        (Fault.wrongRounding, GateFailure.Check.checkpoint, "promotion"),
    ])
    func faultsAreCaught(fault: Fault, check: GateFailure.Check, phase: String) async {
        do {
            _ = try await AgreementGate.run(ObservablePort.self, scale: .small, fault: fault)
            Issue.record("\(fault.rawValue) was not caught")
        } catch {
            #expect(error.port == "observable")
            #expect(error.check == check, "\(error)")
            #expect(error.phase == phase, "\(error)")
            #expect(error.description.contains("failed the agreement gate"))
        }
    }

    @Test("the observable port passes under 200 shuffled delivery orders, with the same checkpoints")
    func shuffledDeliveries() async throws {
        let scripted = try await AgreementGate.run(ObservablePort.self, scale: .small)
        var orders = Set<[Int]>()
        for seed in 0..<200 {
            let report = try await AgreementGate.run(ObservablePort.self, scale: .small, shuffleSeed: UInt64(seed))
            // Each phase ends with everything delivered and the newest request
            // winning, so delivery order must not change any checkpoint.
            #expect(report.digest == scripted.digest, "seed \(seed)")
            orders.insert(report.deliveryOrder)
        }
        #expect(orders.count > 150)
    }
}
