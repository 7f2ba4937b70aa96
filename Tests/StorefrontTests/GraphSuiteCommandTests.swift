import Foundation
import Testing

/// `--suite graph` end to end, on one small shape: the JSON shape of the
/// record and the refusal of unknown shape names.
struct GraphSuiteCommandTests {
    @Test("--suite graph writes verified shapes into the results document")
    func molBenchOnCog() throws {
        let outcome = try Storefront.run(["--suite", "graph", "--runtime", "cog", "--shape", "molBench",
                                          "--iterations", "1", "--format", "json", "--quiet"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        #expect(document["schema"] as? String == "storefront-results/1")
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

    @Test("an unknown graph shape is refused with the accepted names")
    func unknownShape() throws {
        let outcome = try Storefront.run(["--suite", "graph", "--shape", "nope", "--quiet"])
        #expect(outcome.status == 1)
        #expect(outcome.standardError.contains("unknown graph shape(s) nope; accepted:"))
    }
}
