import Foundation
import Testing

/// `--suite graph` end to end, on one small shape: the JSON shape of the
/// record and the refusal of unknown shape names.
struct GraphSuiteCommandTests {
    @Test("--suite graph writes verified shapes into the results document")
    func molBenchOnCog() throws {
        let outcome = try Storefront.run([
            "--suite", "graph", "--runtime", "cog", "--shape", "molBench",
            "--iterations", "1", "--format", "json", "--quiet",
        ])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        #expect(document["schema"] as? String == "storefront-results/8")
        let suite = try #require((document["suites"] as? [[String: Any]])?.first)
        #expect(suite["suite"] as? String == "graph")
        let shape = try #require((suite["shapes"] as? [[String: Any]])?.first)
        #expect(shape["shape"] as? String == "molBench")
        #expect(shape["runtime"] as? String == "cog")
        #expect(shape["verified"] as? String == "passed")
        // Exact in release (2: D's fresh array); a debug build allocates more.
        #expect(shape["mallocsPerIteration"] as? Int != nil)
        #expect((shape["fastestNanoseconds"] as? Double ?? 0) > 0)
    }

    @Test("--format csv has one row per graph shape and runtime under the fixed header")
    func csvRows() throws {
        let outcome = try Storefront.run([
            "--suite", "graph", "--runtime", "cog,stategraph", "--shape", "molBench",
            "--iterations", "2", "--format", "csv", "--quiet",
        ])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let rows = outcome.standardOutput.split(separator: "\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false)
        }
        #expect(rows.count == 3)
        #expect(rows[0].first == "suite" && rows[0].count == 27)
        #expect(rows.allSatisfy { $0.count == 27 })
        #expect(rows.dropFirst().map { String($0[1]) } == ["molBench/cog", "molBench/stategraph"])
        let header = rows[0].map(String.init)
        for row in rows.dropFirst() {
            let cell = { (name: String) in String(row[header.firstIndex(of: name)!]) }
            #expect(cell("suite") == "graph")
            #expect(cell("gate") == "passed")
            #expect((Double(cell("min_ns")) ?? 0) > 0)
            #expect((Double(cell("median_ns")) ?? 0) >= (Double(cell("min_ns")) ?? 0))
            #expect(UInt64(cell("mallocs_per_iteration")) != nil)
        }
        #expect(String(rows[1][3]) == "2")
        #expect(String(rows[2][3]) == "1")
    }

    @Test("an unknown graph shape is refused, pointing at --list for the names")
    func unknownShape() throws {
        let outcome = try Storefront.run(["--suite", "graph", "--shape", "nope", "--quiet"])
        #expect(outcome.status == 1)
        #expect(outcome.standardError.contains("no graph shape is named 'nope'; storefront --list names the"))
    }
}
