import Measure
import ObservablePort
import Testing
import Workload

@testable import StorefrontCommand
@testable import StorefrontHarness

/// The observable port, noting on the harness's own clock when each of its
/// instances was built and when it last performed or rendered. Reading the
/// clock is all it does: no wait, so the test stays deterministic.
@MainActor
private final class WitnessPort: StorefrontPort {
    static let name = "witness"

    enum Event { case built, performed, rendered }
    /// Every instance's events, in the order they happened.
    static var log: [(instance: Int, event: Event, at: UInt64)] = []
    private static var instances = 0

    private let instance: Int
    private let inner: ObservablePort

    init(service: StorefrontService, fault: Fault?) {
        Self.instances += 1
        instance = Self.instances
        Self.log.append((instance, .built, Stopwatch.now()))
        inner = ObservablePort(service: service, fault: nil)
    }

    func perform(_ action: UserAction) {
        Self.log.append((instance, .performed, Stopwatch.now()))
        inner.perform(action)
    }

    var recomputations: Int? { nil }

    func render(_ view: ViewID) -> Screen {
        let screen = inner.render(view)
        Self.log.append((instance, .rendered, Stopwatch.now()))
        return screen
    }
}

/// A timed region must hold the whole of what it claims to time: a clock
/// started after the runtime was built, or stopped before the last view
/// re-rendered, would report less than the work took. The witness port
/// notes on the same clock when that work began and ended, and every
/// sample must be at least that span (issue 39: "nothing checks what the
/// timed region contains").
@MainActor
@Suite("timed regions hold the whole action", .serialized)
struct TimedRegionTests {
    private let witness = Runtime(
        port: WitnessPort.self, version: "test", source: "test", idiom: "the observable port, noting the clock")

    private func runner(_ suite: String) throws -> RuntimeSuiteRunner {
        let options = try Options(
            ["--suite", suite, "--runtime", "witness", "--scale", "small", "--iterations", "3", "--warmup", "0"],
            lineup: [witness])
        return RuntimeSuiteRunner(options: options, progress: RunProgress(quiet: true))
    }

    @Test("a whole-session sample covers building the runtime through its last render")
    func sessionSampleCoversConstruction() async throws {
        WitnessPort.log = []
        let timed = try await runner("session").time(.session, runtimes: [witness])
        let samples = try #require(timed.samples[.port(witness)])
        // Each iteration is an untimed priming play, then the timed play:
        // a fresh instance each, built inside the play.
        let instances = Dictionary(grouping: WitnessPort.log, by: \.instance).sorted { $0.key < $1.key }
        #expect(instances.count == 2 * samples.count)
        for (index, sample) in samples.enumerated() {
            let events = instances[2 * index + 1].value
            #expect(events.first?.event == .built)
            let span = events.last!.at - events.first!.at
            #expect(sample >= Double(span), "timed play \(index + 1): \(sample) ns against \(span) ns of work")
        }
    }

    @Test("an interactions sample covers its action's perform through the last render it caused")
    func actionSampleCoversItsRenders() async throws {
        WitnessPort.log = []
        let timed = try await runner("interactions").time(.interactions, runtimes: [witness])
        let samples = try #require(timed.samples[.port(witness)])
        // One warmed instance plays the setup, then per iteration a priming
        // cycle and a timed one; each action starts at its perform.
        var actions: [(start: UInt64, end: UInt64)] = []
        for entry in WitnessPort.log {
            if entry.event == .performed {
                actions.append((entry.at, entry.at))
            } else if entry.event == .rendered, !actions.isEmpty {
                actions[actions.count - 1].end = entry.at
            }
        }
        let cycle = samples.count / 3
        let cycles = Array(actions.suffix(2 * samples.count))
        #expect(cycle > 0 && cycles.count == 2 * samples.count)
        for (index, sample) in samples.enumerated() {
            let play = index / cycle
            let action = cycles[(2 * play + 1) * cycle + index % cycle]
            #expect(
                sample >= Double(action.end - action.start),
                "action \(index + 1): \(sample) ns against \(action.end - action.start) ns of work")
        }
    }
}
