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

    @Test(
        "each injected fault is caught with the check, phase and step it breaks",
        arguments: [
            (Fault.droppedInvalidation, GateFailure.Check.screen, "inventory-burst", "step 1 "),
            (Fault.staleResponse, GateFailure.Check.asyncOutcome, "product-detail", "step 6 "),
            (Fault.wrongRounding, GateFailure.Check.screen, "promotion", "step 5 "),
        ])
    func faultsAreCaught(fault: Fault, check: GateFailure.Check, phase: String, step: String) async {
        do {
            _ = try await AgreementGate.run(ObservablePort.self, scale: .small, fault: fault)
            Issue.record("\(fault.rawValue) was not caught")
        } catch {
            #expect(error.port == "observable")
            #expect(error.check == check, "\(error)")
            #expect(error.phase == phase, "\(error)")
            #expect(error.step.hasPrefix(step), "\(error)")
            #expect(error.description.contains("failed the agreement gate"))
        }
    }

    @Test("steps read in the script's words, and a long stock update names only its first products")
    func stepDescriptions() {
        #expect("\(Step.action(.setQuantity(productID: 17, quantity: 2)))" == "setQuantity(product 17, 2)")
        #expect(
            "\(Step.action(.setPriceRange(minimumCents: 1_000, maximumCents: nil)))" == "setPriceRange(1000–any cents)")
        #expect("\(Step.deliver(.oldest(.detail)))" == "deliver(oldest detail)")
        let burst = (0..<400).map { StockUpdate(productID: $0, stock: $0 % 7) }
        #expect(
            "\(Step.action(.updateStock(burst)))"
                == "updateStock(400 products: product 0 → 0, product 1 → 1, product 2 → 2, …)")
        #expect("\(Step.action(.updateStock(Array(burst.prefix(1)))))" == "updateStock(product 0 → 0)")
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
