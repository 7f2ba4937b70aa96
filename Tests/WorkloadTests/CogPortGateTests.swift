import CogPort
import Testing
import Verification
import Workload

@MainActor
@Suite("Agreement gate: cog port")
struct CogPortGateTests {
    /// Under `swift test --traits CompactArena` (a leg of .ci/run) this is
    /// the representative workload on the CompactArena build (PERF-17).
    @Test(
        "PERF-17 the cog port passes the gate with the shadow model's digest, under this build's arena",
        arguments: [Scale.small, .default])
    func passes(scale: Scale) async throws {
        let report = try await AgreementGate.run(CogPort.self, scale: scale)
        #expect(report.digest == AgreementGate.shadowDigest(scale: scale))
    }

    @Test("the cog port passes under 200 shuffled delivery orders")
    func shuffled() async throws {
        let scripted = try await AgreementGate.run(CogPort.self, scale: .small)
        for seed in 0..<200 {
            let report = try await AgreementGate.run(CogPort.self, scale: .small, shuffleSeed: UInt64(seed))
            #expect(report.digest == scripted.digest, "seed \(seed)")
        }
    }
}
