import BuiltInRuntimes
import Foundation
import GraphShapes
import GraphSuite
@testable import StorefrontCommand
@testable import StorefrontHarness
import Testing
import Workload

/// The open lineup: a runtime is one registration value, and the tool
/// finds runtimes, faults and hand-written markers only through it.
@Suite("lineup")
struct LineupTests {
    @Test("each built-in runtime registers itself from its own folder, which holds its port")
    func registrationsLiveWithTheirPorts() throws {
        for runtime in Runtime.builtIn {
            let folder = URL(fileURLWithPath: runtime.sourceFolder, isDirectory: true)
            #expect(folder.deletingLastPathComponent().lastPathComponent == "Runtimes", "\(runtime): \(folder.path)")
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            #expect(files.contains { $0.hasSuffix("Runtime.swift") }, "\(runtime) registers itself in its folder")
            #expect(!runtime.version.isEmpty && !runtime.source.isEmpty && !runtime.idiom.isEmpty)
        }
        #expect(StorefrontCommand.lineupProblem(Runtime.builtIn) == nil)
        let declared = Runtime.builtIn.flatMap(\.faults)
        #expect(Set(declared) == Set(Fault.allCases), "every fault is carried by a built-in port")
    }

    @Test(
        "a lineup the tool cannot run is refused, saying why",
        arguments: [
            ([], "it holds no runtime"),
            ([.cog, .memoized, .cog], "two runtimes are named 'cog'"),
        ] as [([Runtime], String)])
    func invalidLineups(lineup: [Runtime], problem: String) {
        #expect(StorefrontCommand.lineupProblem(lineup) == problem)
    }

    @Test("two runtimes declaring one fault are refused")
    func faultDeclaredTwice() {
        let twin = Runtime(
            port: TwinPort.self, version: "1", source: "here", idiom: "test", faults: [.staleCache])
        #expect(
            StorefrontCommand.lineupProblem([.memoized, twin])
                == "both memoized and twin declare the fault stale-cache")
    }

    @Test("a graph adapter is registered by the runtime it drives, and the graph suite runs only those")
    func graphAdaptersAreRegistered() throws {
        #expect(Runtime.builtIn.compactMap(\.graph).map(\.runtime) == ["cog", "stategraph"])
        let borrowed = Runtime(port: TwinPort.self, version: "1", source: "here", idiom: "test", graph: .cog)
        #expect(
            StorefrontCommand.lineupProblem([.memoized, borrowed])
                == "the runtime 'twin' registers the graph adapter of 'cog'")
        do {
            _ = try Options(["--suite", "graph", "--runtime", "memoized,observable"], lineup: Runtime.builtIn)
            Issue.record("a graph suite with no graph adapter was accepted")
        } catch {
            #expect(
                "\(error)"
                    == "--suite graph runs on the runtimes with a graph adapter (cog, stategraph); "
                    + "--runtime chose memoized, observable")
        }
        let all = try Options(["--suite", "all", "--runtime", "memoized"], lineup: Runtime.builtIn)
        #expect(!all.suites.contains(.graph), "all: every suite the chosen runtimes can run")
        #expect(all.suites.contains(.session))
    }

    @Test("--runtime and --inject-fault accept only what the lineup holds")
    func optionsFollowTheLineup() {
        #expect(throws: Options.UsageError.self) { try Options(["--runtime", "memoized"], lineup: [.cog]) }
        do {
            _ = try Options(["--suite", "session", "--inject-fault", "stale-cache"], lineup: [.cog, .observable])
            Issue.record("a fault no runtime carries was accepted")
        } catch {
            #expect("\(error)" == "--inject-fault stale-cache: no runtime of this lineup (cog, observable) carries it")
        }
        let options = try? Options(["--suite", "session"], lineup: [.stategraph, .cog])
        #expect(options?.runtimes == [.stategraph, .cog], "with no --runtime, every runtime in lineup order")
    }

    @Test("a run's document lists each runtime's version, source, build and hand-written count")
    func documentCarriesTheLineup() throws {
        let options = try Options(["--suite", "calibration", "--runtime", "memoized,cog"], lineup: Runtime.builtIn)
        let document = ResultsDocument(options: options, suites: [])
        #expect(document.lineup?.map(\.name) == ["memoized", "cog"])
        #expect(document.info("memoized")?.source == Runtime.memoized.source)
        #expect(document.info("cog")?.buildKey == (Runtime.cog.buildVariant.map { "cog+\($0)" } ?? "cog"))
        #expect((document.handWrittenStatements?["memoized"] ?? 0) > 0, "counted from the registered folder")
    }

    @Test("compare warns when a runtime's version or build changed between the runs")
    func compareNamesChangedRuntimes() {
        let before = RuntimeInfo(name: "cog", version: "1.0", source: "s", idiom: "i")
        var after = before
        after.version = "1.1"
        after.buildVariant = "CompactArena"
        var old = Fixture.run(), new = Fixture.run()
        old.lineup = [before]
        new.lineup = [after]
        #expect(
            Comparison.runtimeChanges(old, new) == [
                "cog changed between A and B: version 1.0 → 1.1, build cog → cog+CompactArena"
            ])
        #expect(Comparison.runtimeChanges(old, old).isEmpty)
    }
}

/// A port used only for its name: the lineup checks never run it.
@MainActor
private final class TwinPort: StorefrontPort {
    nonisolated static let name = "twin"
    init(service: StorefrontService, fault: Fault?) {}
    func perform(_ action: UserAction) {}
    func render(_ view: ViewID) -> Screen { fatalError("never rendered") }
    var recomputations: Int? { nil }
}
