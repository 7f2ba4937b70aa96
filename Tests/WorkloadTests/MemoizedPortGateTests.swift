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

    @Test("a stale cart cache is caught at the sale that made it stale")
    func staleCache() async {
        do {
            _ = try await AgreementGate.run(MemoizedPort.self, scale: .small, fault: .staleCache)
            Issue.record("stale-cache was not caught")
        } catch {
            #expect(error.port == "memoized")
            #expect(error.check == .screen, "\(error)")
            #expect(error.phase == "promotion", "\(error)")
            #expect(error.step.hasPrefix("step 1 ") && error.step.contains("setSale"), "\(error)")
            #expect(error.view == "cart", "\(error)")
            #expect(error.field == "cart.lines[0].unitCents", "\(error)")
        }
    }

    /// The list is wrong for one step only: the next filter change refreshes
    /// it, long before the phase ends, so only a comparison after every step
    /// sees it.
    @Test("a list cache left stale for one step is caught at that step")
    func lateFilter() async {
        do {
            _ = try await AgreementGate.run(MemoizedPort.self, scale: .small, fault: .lateFilter)
            Issue.record("late-filter was not caught")
        } catch {
            #expect(error.port == "memoized")
            #expect(error.check == .screen, "\(error)")
            #expect(error.phase == "refine", "\(error)")
            #expect(error.step.hasPrefix("step 1 ") && error.step.contains("setInStockOnly(true)"), "\(error)")
            #expect(error.view == "grid", "\(error)")
        }
    }

    /// Each is wrong for several steps and right again by its phase's end:
    /// the kinds of bug a comparison at phase ends let through.
    @Test(
        "a wrong value between checkpoints is caught at the step that shows it, with its view and field",
        arguments: [
            (Fault.facetIgnoresStock, "refine", "step 1 (setInStockOnly(true))", "facets", "facets.counts[0]"),
            (Fault.pageOffByOne, "browse", "step 5 (setPage(1))", "grid", "grid.productIDs"),
        ])
    func wrongBetweenCheckpoints(fault: Fault, phase: String, step: String, view: String, field: String) async {
        do {
            _ = try await AgreementGate.run(MemoizedPort.self, scale: .small, fault: fault)
            Issue.record("\(fault.rawValue) was not caught")
        } catch {
            #expect(error.check == .screen, "\(error)")
            #expect(error.phase == phase, "\(error)")
            #expect(error.step == step, "\(error)")
            #expect(error.view == view, "\(error)")
            #expect(error.field == field, "\(error)")
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
