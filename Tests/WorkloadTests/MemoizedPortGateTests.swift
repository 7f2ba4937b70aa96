import MemoizedPort
import Testing
import Verification
import Workload

@MainActor
@Suite("Agreement gate: memoized port")
struct MemoizedPortGateTests {
    @Test("the memoized port passes the gate with the shadow model's digest", arguments: [Scale.small, .default])
    func passes(scale: Scale) async throws {
        let report = try await AgreementGate.run(MemoizedPort.self, scale: scale)
        #expect(report.digest == AgreementGate.shadowDigest(scale: scale))
    }

    @Test("a stale cart cache is caught at the promotion checkpoint")
    func staleCache() async {
        do {
            _ = try await AgreementGate.run(MemoizedPort.self, scale: .small, fault: .staleCache)
            Issue.record("stale-cache was not caught")
        } catch {
            #expect(error.port == "memoized")
            #expect(error.check == .checkpoint, "\(error)")
            #expect(error.phase == "promotion", "\(error)")
            #expect(error.view == "cart", "\(error)")
        }
    }

    @Test("the memoized port passes under 200 shuffled delivery orders")
    func shuffled() async throws {
        let scripted = try await AgreementGate.run(MemoizedPort.self, scale: .small)
        for seed in 0..<200 {
            let report = try await AgreementGate.run(MemoizedPort.self, scale: .small, shuffleSeed: UInt64(seed))
            #expect(report.digest == scripted.digest, "seed \(seed)")
        }
    }
}
