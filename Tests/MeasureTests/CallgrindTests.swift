import Foundation
import Measure
import Testing

@Suite("Callgrind instruction counts", .enabled(if: CallgrindRunner() != nil, "valgrind is not installed"))
struct CallgrindTests {
    /// measure-probe is built beside the test bundle.
    private var probe: URL {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        return bundle.deletingLastPathComponent().appendingPathComponent("measure-probe")
    }

    @Test("two runs give identical totals for every region")
    func deterministicTotals() throws {
        let runner = try #require(CallgrindRunner())
        let regions = ["xorshift", "allocate-nodes", "dictionary"]
        let first = try runner.run(probe, arguments: regions)
        let second = try runner.run(probe, arguments: regions)
        #expect(Set(first.keys) == Set(regions))
        #expect(first == second)
        for region in regions {
            #expect(first[region]?.dumps == 1)
            #expect((first[region]?.instructions ?? 0) > 1_000, "\(region)")
        }
    }

    @Test("a region run twice is reported as two dumps added up")
    func repeatedRegion() throws {
        let runner = try #require(CallgrindRunner())
        let once = try runner.run(probe, arguments: ["xorshift"])
        let twice = try runner.run(probe, arguments: ["xorshift", "xorshift"])
        let single = try #require(once["xorshift"]?.instructions)
        #expect(twice["xorshift"]?.dumps == 2)
        // The loop dominates; the first run also pays one-time symbol binding.
        let total = try #require(twice["xorshift"]?.instructions)
        #expect(total > single + single / 2 && total <= 2 * single)
    }

    @Test("a failing command is reported with its status")
    func failingCommand() throws {
        let runner = try #require(CallgrindRunner())
        #expect(throws: CallgrindRunner.Failure.self) {
            try runner.run(probe, arguments: ["no-such-region"])
        }
    }

    @Test("outside valgrind, regions run their body and collect nothing")
    func regionsOutsideValgrind() {
        #expect(!InstructionRegion.isCollecting)
        #expect(InstructionRegion.measure("plain") { 41 + 1 } == 42)
    }
}
