import BuiltInRuntimes
import Foundation
@testable import StorefrontCommand
@testable import StorefrontHarness
import Testing
import Workload

/// `--processes`: times and factors from several fresh processes, counts
/// from this one.
@Suite("timing processes")
struct ProcessesTests {
    struct Port: Decodable {
        struct Kind: Decodable {
            var kind: String
            var samplesPerProcess: [Int]?
            var mallocsPerCycle: UInt64
        }
        var runtime: String
        var iterations: Int?
        var samplesPerProcess: [Int]?
        var processMediansNanoseconds: [Double]?
        var processSpreadExceedsInterval: Bool?
        /// A counted reading (`{"value": …}`); nil where it is unavailable.
        struct Reading: Decodable { var value: Int? }
        var mallocsPerIteration: UInt64?
        var renders: Int?
        var recomputations: Reading?
        var peakLiveBytes: Int64?
        var retainedBytes: Int64?
        var actionKinds: [Kind]?
    }
    struct Suite: Decodable {
        var suite: String
        var runtimes: [Port]?
    }
    struct Document: Decodable { var suites: [Suite] }

    func run(processes: Int, iterations: Int) throws -> [String: [String: Port]] {
        let outcome = try Storefront.run([
            "--suite", "interactions,compute-control", "--scale", "small", "--iterations", "\(iterations)",
            "--warmup", "0",
            "--processes", "\(processes)", "--format", "json", "--quiet",
        ])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let document = try JSONDecoder().decode(Document.self, from: Data(outcome.standardOutput.utf8))
        return Dictionary(
            uniqueKeysWithValues: document.suites.map { suite in
                (suite.suite, Dictionary(uniqueKeysWithValues: (suite.runtimes ?? []).map { ($0.runtime, $0) }))
            })
    }

    @Test("three processes each take the plan's samples and keep them apart; counts come from this process")
    func threeProcesses() throws {
        let three = try run(processes: 3, iterations: 2)
        let one = try run(processes: 1, iterations: 2)
        let interactions = try #require(three["interactions"])
        #expect(Set(interactions.keys) == Set(Runtime.builtIn.map(\.name)))
        for (name, port) in interactions {
            // Two cycles of six actions in each process.
            #expect(port.samplesPerProcess == [12, 12, 12], "\(name)")
            #expect(port.iterations == 36)
            #expect(port.processMediansNanoseconds?.count == 3)
            #expect(port.processSpreadExceedsInterval != nil)
            // Counts come from this process alone, as with one process. At
            // --warmup 0 a few ports' counts move by one between any two
            // runs (hash seeds differ per process), so they are compared
            // within that, not exactly; the exact pins run warmed
            // (Results/thresholds.json).
            let mallocs = Double(port.mallocsPerIteration ?? 0)
            let alone = Double(one["interactions"]?[name]?.mallocsPerIteration ?? 0)
            #expect(abs(mallocs - alone) <= max(2, alone * 0.01), "\(name): \(mallocs) against \(alone)")
            for kind in port.actionKinds ?? [] {
                #expect(kind.samplesPerProcess?.count == 3, "\(name) \(kind.kind)")
            }
            #expect(one["interactions"]?[name]?.samplesPerProcess == nil, "one process: no per-process fields")
        }
        #expect(three["compute-control"]?["compute-control"]?.samplesPerProcess == [2, 2, 2])
    }

    @Test("every process plays the whole plan; a count of processes is given or the default three")
    func everyProcessPlaysThePlan() throws {
        let standard = try Options(["--suite", "session"], lineup: Runtime.builtIn)
        #expect(standard.processes == 3)
        let children = ProcessRepetitions.childArguments(standard, suites: [.session], verified: [.cog])
        #expect(children.starts(with: ["--timing-child", "--quiet", "--suite", "session"]))
        #expect(children.contains("--iterations") && children[children.firstIndex(of: "--iterations")! + 1] == "50")
        #expect(children.suffix(2) == ["--runtime", "cog"], "only the ports that passed the gate")
    }

    @Test("--processes takes a whole number of at least one")
    func processesMustBePositive() throws {
        let outcome = try Storefront.run(["--suite", "session", "--processes", "0"])
        #expect(outcome.status == 1)
        #expect(outcome.standardError.contains("--processes takes a whole number from 1 to 100, got '0'"))
    }
}
