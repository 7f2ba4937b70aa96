import Foundation
import Testing

/// `--suite growth` end to end on the debug build. The budget makes the
/// run short; which sizes fit it depends on the machine, so the test holds
/// the suite to its promise for every size: measured, or skipped with the
/// budget named, never silently dropped.
struct GrowthSuiteCommandTests {
    @Test("--suite growth gates and measures each size within the budget and names every size it skipped")
    func everySizeAccountedFor() throws {
        let outcome = try Storefront.run([
            "--suite", "growth", "--runtime", "cog", "--iterations", "1", "--warmup", "0", "--growth-budget", "1",
            "--format", "json", "--quiet",
        ])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        let suite = try #require((document["suites"] as? [[String: Any]])?.first)
        #expect(suite["suite"] as? String == "growth")
        let growth = try #require(suite["growth"] as? [String: Any])
        let series = try #require(growth["series"] as? [[String: Any]])
        #expect(series.map { $0["axis"] as? String } == ["products", "cart lines"])
        for axis in series {
            let sizes = try #require(axis["sizes"] as? [Int])
            let line = try #require((axis["lines"] as? [[String: Any]])?.first)
            #expect(line["runtime"] as? String == "cog")
            let measured = (line["points"] as? [[String: Any]] ?? []).compactMap { $0["size"] as? Int }
            let skipped = (line["skipped"] as? [[String: Any]] ?? []).compactMap { $0["size"] as? Int }
            #expect(!measured.isEmpty, "the first size always runs")
            #expect(measured + skipped == sizes, "every size measured or named as skipped, in order")
            for skip in line["skipped"] as? [[String: Any]] ?? [] {
                #expect((skip["reason"] as? String)?.contains("over the 1 s budget per size") == true)
            }
            let fits = try #require(line["fits"] as? [[String: Any]])
            #expect(fits.first?["metric"] as? String == "quantity time")
            for fit in fits {
                if measured.count >= 3 {
                    #expect(fit["growthClass"] as? String != nil, "\(fit)")
                } else {
                    #expect((fit["unavailable"] as? String)?.hasPrefix("measured at") == true, "\(fit)")
                }
            }
        }
    }

    @Test("a port that fails the gate at a size stops its line there, and the run exits 2")
    func gateFailureStopsTheLine() throws {
        let outcome = try Storefront.run([
            "--suite", "growth", "--runtime", "memoized", "--inject-fault", "page-off-by-one", "--iterations", "1",
            "--warmup", "0", "--growth-budget", "1", "--format", "text", "--quiet",
        ])
        #expect(outcome.status == 2, "\(outcome.standardError)")
        // The fault shows in the browse phase, at the first size of both axes.
        #expect(outcome.standardError.contains("growth: 2 port line(s) stopped at a size"))
        #expect(outcome.standardOutput.contains("failed: memoized at 300 products: memoized failed the agreement gate"))
    }

    @Test("--growth-budget refuses a value that is not a positive number of seconds")
    func badBudget() throws {
        for value in ["0", "-3", "soon", "1e9"] {
            let outcome = try Storefront.run(["--suite", "growth", "--growth-budget", value, "--quiet"])
            #expect(outcome.status == 1)
            #expect(outcome.standardError.contains("--growth-budget takes a number of seconds above 0"), "\(value)")
        }
    }
}
