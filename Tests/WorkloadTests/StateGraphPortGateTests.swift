import StateGraphPort
import Testing
import Verification
import Workload

@MainActor
@Suite("Agreement gate: stategraph")
struct StateGraphPortGateTests {
    @Test("the stategraph port passes the gate at small scale with the shadow model's digest")
    func passesSmall() async throws {
        let report = try await AgreementGate.run(StateGraphPort.self, scale: .small)
        #expect(report.digest == AgreementGate.shadowDigest(scale: .small))
        #expect(report.actions == Script(catalog: Catalog(scale: .small)).actionCount)
        #expect(report.deliveries == 18, "\(report.requestLog)")
    }

    @Test("the stategraph port passes the gate at default scale with the shadow model's digest")
    func passesDefault() async throws {
        let report = try await AgreementGate.run(StateGraphPort.self, scale: .default)
        #expect(report.digest == AgreementGate.shadowDigest(scale: .default))
    }

    @Test("the stategraph port passes under 200 shuffled delivery orders, with the same checkpoints")
    func shuffledDeliveries() async throws {
        let expected = AgreementGate.shadowDigest(scale: .small)
        var orders = Set<[Int]>()
        for seed in 0..<200 {
            let report = try await AgreementGate.run(StateGraphPort.self, scale: .small, shuffleSeed: UInt64(seed))
            // Every phase ends with everything delivered and the newest
            // request winning, so no delivery order may change a checkpoint.
            #expect(report.digest == expected, "seed \(seed)")
            orders.insert(report.deliveryOrder)
        }
        #expect(orders.count > 150)
    }
}
