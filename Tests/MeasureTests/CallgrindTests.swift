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

    @Test("calls into swift_retain and swift_release are counted exactly per region")
    func referenceCountingCalls() throws {
        let runner = try #require(CallgrindRunner())
        // Each region runs once in a dropped dump first: callgrind charges a
        // call site's calls made outside any region to its next dump.
        let totals = try runner.run(probe, arguments: ["warm:retain-1000", "warm:xorshift"])
        let counted = try #require(totals["retain-1000"])
        // Both regions also look their closure up in the probe's table (a
        // few retains); a debug build copies the Unmanaged wrapper around
        // each call (3,002 retains measured there), so the bound is a floor.
        let harness = try #require(totals["xorshift"])
        #expect(counted.retainCalls - harness.retainCalls >= 1_000, "\(counted), \(harness)")
        #expect(counted.releaseCalls - harness.releaseCalls >= 1_000, "\(counted), \(harness)")
        #expect(try runner.run(probe, arguments: ["warm:retain-1000", "warm:xorshift"]) == totals, "repeatable")
        #expect(totals[InstructionRegion.discardedDumpName] == nil, "dropped dumps are not regions")
    }

    @Test("a dump's reference-counting calls are read through name compression and recursion suffixes")
    func parsesReferenceCountingCalls() throws {
        let dump = """
            desc: Trigger: Client Request: region
            fn=(1) caller
            cfn=(2) swift_retain
            calls=3 0
            0 30
            cfn=(3) swift_release'2
            calls=2 0
            0 20
            fn=(4) swift_bridgeObjectRetain
            cfn=(2)
            calls=5 0
            0 50
            fn=(1)
            cfn=(2)
            calls=1 0
            0 10
            cfn=(5) swift_retainCount
            calls=7 0
            0 70
            totals: 180
            """
        let parsed = try #require(CallgrindRunner.parseDump(dump))
        #expect(parsed.name == "region")
        #expect(parsed.instructions == 180)
        // The bridge-object retain's own call into swift_retain is not a second retain.
        #expect(parsed.calls == ReferenceCountingCalls(retains: 4, releases: 2))
    }

    @Test("a simulating run's dump gives its instructions and every simulated event by name; a plain one none")
    func parsesSimulatedEvents() throws {
        let dump = """
            desc: Trigger: Client Request: region
            events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw Bc Bcm Bi Bim
            fn=(1) caller
            cfn=(2) swift_retain
            calls=3 0
            0 30 9 6 2 1 0 1 0 0 4 1 0 0
            totals: 1000 300 200 40 30 20 5 4 3 120 12 8 2
            """
        let parsed = try #require(CallgrindRunner.parseDump(dump))
        #expect(parsed.instructions == 1000)
        #expect(
            parsed.calls == ReferenceCountingCalls(retains: 3, releases: 0),
            "the cost line's Ir is still its second field")
        #expect(
            parsed.simulatedEvents == [
                "Dr": 300, "Dw": 200, "I1mr": 40, "D1mr": 30, "D1mw": 20, "ILmr": 5, "DLmr": 4, "DLmw": 3,
                "Bc": 120, "Bcm": 12, "Bi": 8, "Bim": 2,
            ])
        let plain = try #require(CallgrindRunner.parseDump("desc: Trigger: Client Request: r\nevents: Ir\ntotals: 7"))
        #expect(plain.instructions == 7 && plain.simulatedEvents.isEmpty)
    }

    @Test("a family's cost is what its callers spent in it, less the callbacks it made, counted once")
    func familyCost() throws {
        // port.view calls rule.filter (600 inclusive), which calls rule.key
        // (100, inside the family already) and back into port.read (150, the
        // port's own closure); the standard library's sort calls a rule's
        // comparator (40), which is inside rule.filter's cost already; the
        // harness calls a rule (70), but it is not one of the callers.
        let dump = """
            desc: Trigger: Client Request: region
            fn=(1) $s4Port4viewyyF
            cfn=(2) $s4Rule6filteryyF
            calls=2 0
            0 600
            fn=(2)
            cfn=(3) $s4Rule3keyyyF
            calls=9 0
            0 100
            cfn=(4) $s4Port4readyyF
            calls=9 0
            0 150
            cfn=(5) $ss4sortyyF
            calls=1 0
            0 60
            fn=(5)
            cfn=(6) $s4Rule7compareyyFfU_'2
            calls=4 0
            0 40
            fn=(7) $s7Harness3runyyF
            cfn=(3)
            calls=1 0
            0 70
            totals: 1000
            """
        let family = FunctionFamily(
            members: [FunctionFamily.swiftModulePrefix("Rule")],
            callers: [FunctionFamily.swiftModulePrefix("Port")],
            callbacks: [FunctionFamily.swiftModulePrefix("Port")])
        // The same members counted inclusively: nothing handed back.
        let inclusive = FunctionFamily(
            members: family.members, callers: family.callers, callbacks: [])
        let parsed = try #require(
            CallgrindRunner.parseDump(dump, families: ["rules": family, "inclusive": inclusive]))
        #expect(parsed.instructions == 1000)
        #expect(parsed.familyInstructions == ["rules": 450, "inclusive": 600])
        #expect(CallgrindRunner.parseDump(dump)?.familyInstructions == [:], "no family asked, none counted")
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
