import CogPort
import MemoizedPort
import ObservablePort
import StateGraphPort
import Testing
import Verification
import Workload

/// `--seed N` gives another catalog and another delivery order; every port
/// must agree with the shadow model on them as on the recorded workload.
@MainActor
@Suite("seeded workloads")
struct SeededWorkloadTests {
    nonisolated static let seeds: [UInt64] = [1, 42, 2_026]

    @Test("a seed changes the catalog and the delivery order, and the same seed repeats them")
    func seedVaries() {
        let seeded = Catalog(scale: .small, seed: WorkloadSeed(42))
        #expect(seeded.products != Catalog(scale: .small).products)
        #expect(seeded.products == Catalog(scale: .small, seed: WorkloadSeed(42)).products)
        #expect(
            Catalog(scale: .small, seed: WorkloadSeed(1)).products
                != Catalog(scale: .small, seed: WorkloadSeed(2)).products)
        let scripted = SessionSchedule(catalog: seeded)
        let shuffled = SessionSchedule(catalog: seeded, shuffleSeed: WorkloadSeed(42).shuffleSeed)
        func deliveries(_ schedule: SessionSchedule) -> [Int] {
            schedule.phases.flatMap(\.steps).compactMap { step in
                if case .deliver(let sequence, _) = step { sequence } else { nil }
            }
        }
        #expect(deliveries(scripted) != deliveries(shuffled))
        #expect(Set(deliveries(scripted)) == Set(deliveries(shuffled)))
        #expect(
            AgreementGate.shadowDigest(scale: .small, seed: WorkloadSeed(42))
                != AgreementGate.shadowDigest(scale: .small))
    }

    @Test("PERF-18 the four runtimes play one script and match the shadow model's checkpoints")
    func fourRuntimesOneScript() async throws {
        let expected = AgreementGate.shadowDigest(scale: .small)
        #expect(try await AgreementGate.runSessions(CogPort.self, scale: .small, sessions: 1).digest == expected)
        #expect(try await AgreementGate.runSessions(ObservablePort.self, scale: .small, sessions: 1).digest == expected)
        #expect(try await AgreementGate.runSessions(MemoizedPort.self, scale: .small, sessions: 1).digest == expected)
        #expect(try await AgreementGate.runSessions(StateGraphPort.self, scale: .small, sessions: 1).digest == expected)
    }

    @Test("every port passes the gate on seeded workloads", arguments: seeds)
    func everyPortPasses(seed: UInt64) async throws {
        let seed = WorkloadSeed(seed)
        let expected = AgreementGate.shadowDigest(scale: .small, seed: seed)
        #expect(
            try await AgreementGate.runSessions(CogPort.self, scale: .small, seed: seed, sessions: 1).digest == expected
        )
        #expect(
            try await AgreementGate.runSessions(ObservablePort.self, scale: .small, seed: seed, sessions: 1).digest
                == expected)
        #expect(
            try await AgreementGate.runSessions(MemoizedPort.self, scale: .small, seed: seed, sessions: 1).digest
                == expected)
        #expect(
            try await AgreementGate.runSessions(StateGraphPort.self, scale: .small, seed: seed, sessions: 1).digest
                == expected)
    }
}
