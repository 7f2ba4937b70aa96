import Cog
import CogTesting
import Foundation
import Synchronization
import Testing

private let _inputCog = Cog<Int>.Manual(name: "input") { 2 }

/// Where expensive work observed itself running: thread-safe, written off the actor.
private nonisolated final class Sightings: Sendable {
    private let entries = Mutex<[String]>([])
    func append(_ entry: String) { entries.withLock { $0.append(entry) } }
    var events: [String] { entries.withLock { $0 } }
}

/// Whether the caller runs on the main dispatch queue: the MainActor's
/// executor on this platform. (`Thread.isMainThread` is no proxy for it
/// under the test runner here.)
private nonisolated enum MainQueue {
    static let key = DispatchSpecificKey<Bool>()
    static let marked: Void = DispatchQueue.main.setSpecific(key: key, value: true)
    static var isCurrent: Bool {
        _ = marked
        return DispatchQueue.getSpecific(key: key) == true
    }
}

/// The application's expensive function, opted into `@concurrent`.
@concurrent
private func crunch(_ input: Int, _ work: ControlledConcurrentWork<Int>, _ sightings: Sightings) async throws -> Int {
    sightings.append("\(input) on the main queue: \(MainQueue.isCurrent)")
    do {
        let base = try await work.run()
        return base * input
    } catch {
        sightings.append("\(input) stopped on the main queue: \(MainQueue.isCurrent), cancelled: \(Task.isCancelled)")
        throw error
    }
}

@MainActor
struct ConcurrentWorkScenarioTests {
    @Test(
        "ASYNC-16 @concurrent work runs off the main actor and its result turns on the MainActor under the generation check"
    )
    func concurrentWorkTurnsOnMain() async {
        let work = ControlledConcurrentWork<Int>()
        let sightings = Sightings()
        let productCog = Cog<Int>.Async(name: "product", default: 0) { c in
            let input = c[_inputCog]
            return .run { try await crunch(input, work, sightings) }
        }
        let (cogs, m) = Cogs.forTestingWithController(clock: TestClock())
        let published = EventLog()
        m.watch(productCog) { _, product in published.append("\(product) on the main queue: \(MainQueue.isCurrent)") }
        await work.started(1)
        #expect(sightings.events == ["2 on the main queue: false"])
        await work.succeed(1, with: 21)
        #expect(published.events == ["42 on the main queue: true"])
        #expect(cogs.status.peek(productCog).kind == .success)
        #if DEBUG
            #expect(cogs.debugRecentTurnNames.last == "product.success")
        #endif
    }

    @Test(
        "ASYNC-36 replaced @concurrent work receives cooperative cancellation off the actor; the replacement's result turns on the MainActor"
    )
    func replacedConcurrentWorkStops() async {
        let work = ControlledConcurrentWork<Int>()
        let sightings = Sightings()
        let productCog = Cog<Int>.Async(name: "product", default: 0) { c in
            let input = c[_inputCog]
            return .run { try await crunch(input, work, sightings) }
        }
        let (cogs, m) = Cogs.forTestingWithController(clock: TestClock())
        let published = EventLog()
        m.watch(productCog) { _, product in published.append("\(product)") }
        await work.started(1)
        cogs.turn(_inputCog, to: 3)
        await work.finished(1)
        #expect(work.wasCancelled(1))
        #expect(sightings.events.contains("2 stopped on the main queue: false, cancelled: true"), "\(sightings.events)")
        #expect(published.events.isEmpty, "the stopped generation published nothing")
        await work.started(2)
        await work.succeed(2, with: 10)
        #expect(published.events == ["30"])
        #expect(cogs.peek(productCog) == 30)
        #expect(cogs.debugLiveAsyncRunCount == 0)
    }
}
