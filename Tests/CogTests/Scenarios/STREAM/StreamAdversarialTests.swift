import Cog
import CogTesting
import Testing

@MainActor
struct StreamAdversarialTests {
    /// Key 1's stubborn feed keeps delivering after its state was released,
    /// and key 2 was created after the release, so it may sit in key 1's
    /// old row and node. The late element and the late error must publish
    /// nothing, on key 2 least of all.
    @Test(
        "STREAM-04 a released key's late element and error publish nothing, not even on a key that reused its slot",
        .timeLimit(.minutes(10)))
    func lateElementAfterSlotReuse() async {
        let clock = TestClock()
        let stream = ControlledStream<Int>()
        let feedCogs = CogBox<Int, Int>.Async(default: 0) { _, _ in .stream { stream.stubbornSequence() } }
        let cogs = Cogs.forTesting(clock: clock, grace: .seconds(5))
        _ = cogs.peek(feedCogs[1])
        await stream.started(1)
        await stream.yield(1, 7)
        #expect(cogs.peek(feedCogs[1]) == 7)
        clock.advance(by: .seconds(5))
        await stream.cancelled(1)
        let statuses = StatusWatcher(cogs, feedCogs[2])
        await stream.started(2)
        let turnsBefore = cogs.debugCompletedTurnCount
        await stream.yield(1, 99)
        await stream.fail(1, TestFailure("late"))
        #expect(cogs.debugCompletedTurnCount == turnsBefore)
        #expect(statuses.entries == [StatusEntry(kind: .pending, value: "0", hasSucceeded: false)])
        await stream.yield(2, 2)
        #expect(statuses.kinds == [.pending, .success])
        #expect(cogs.peek(feedCogs[2]) == 2)
        // Key 1 comes back fresh: its old element is gone with its state.
        #expect(cogs.status.peek(feedCogs[1]).entry == StatusEntry(kind: .pending, value: "0", hasSucceeded: false))
        await stream.started(3)
        #expect(stream.generationCount == 3)
    }

    /// Equal elements stop at the stream; elements that differ but map to
    /// an equal value stop at the first automatic cog; the end of the chain
    /// reruns only for a real change.
    @Test("STREAM-10 equal elements and equal derived values stop the wave at the first equal link of a chain")
    func equalElementsThroughAChain() async {
        let stream = ControlledStream<Int>()
        let levelCog = Cog<Int>.Async(default: 0) { _ in .stream { stream.sequence() } }
        let bandRuns = RunCounter()
        let bandCog = Cog<Int> { c in
            bandRuns.bump()
            return c[levelCog] / 10
        }
        let labelRuns = RunCounter()
        let labelCog = Cog<String> { c in
            labelRuns.bump()
            return "band \(c[bandCog])"
        }
        let cogs = Cogs.forTesting(clock: TestClock())
        let labels = ValueWatcher(cogs, labelCog)
        await stream.started(1)
        await stream.yield(1, 11)
        #expect(labels.values == ["band 0", "band 1"])
        let turnsBefore = cogs.debugCompletedTurnCount
        await stream.yield(1, 11)
        #expect(cogs.debugCompletedTurnCount == turnsBefore, "an equal element makes no turn")
        #expect(bandRuns.count == 2)
        await stream.yield(1, 15)
        #expect(bandRuns.count == 3, "a changed element reruns the first link")
        #expect(labelRuns.count == 2, "an equal band stops the wave")
        await stream.yield(1, 21)
        #expect(labels.values == ["band 0", "band 1", "band 2"])
        #expect(labelRuns.count == 3)
    }

    /// A reaction refreshes a live stream (a pull-to-refresh wired through a
    /// mechanism). The refresh is queued in the flush, replaces the current
    /// sequence, and its handle resolves with the new sequence's first element.
    @Test(
        "STREAM-03 a refresh from a reaction replaces the live sequence; its handle resolves on the new first element")
    func refreshFromReaction() async {
        let _pullCog = Cog<Int>.Manual { 0 }
        let stream = ControlledStream<Int>()
        let feedCog = Cog<Int>.Async(default: 0) { _ in .stream { stream.sequence() } }
        let (cogs, m) = Cogs.forTestingWithController(clock: TestClock())
        let values = ValueWatcher(cogs, feedCog)
        await stream.started(1)
        await stream.yield(1, 1)
        let handles = StreamHandleList()
        m.watch(_pullCog) { _, _ in handles.items.append(m.refresh(feedCog)) }
        cogs.turn(_pullCog, to: 1)
        await stream.started(2)
        await stream.cancelled(1)
        #expect(handles.items.count == 1)
        #expect(handles.items.first?.outcome == nil)
        await stream.yield(2, 2)
        #expect(handles.items.first?.outcome?.isSuccess == true)
        #expect(values.values == [0, 1, 2])
        #expect(stream.generationCount == 2)
    }

    /// The op that switches rooms and refreshes in one body, called from a
    /// reaction: one new sequence for the new room (not one for the old room
    /// that the write then replaces), and its handle resolves with it.
    @Test(
        "STREAM-03 an op that changes the dependency and refreshes, called from a reaction, starts one sequence for the new input"
    )
    func joinOpFromReaction() async {
        let stream = ControlledStream<String>()
        let rooms = EventLog()
        let chatCog = Cog<String>.Async(default: "") { c in
            let room = c[_advRoomCog]
            return .stream {
                rooms.append("room \(room)")
                return stream.sequence()
            }
        }
        let (cogs, m) = Cogs.forTestingWithController(clock: TestClock())
        _ = cogs[chatCog]
        await stream.started(1)
        let handles = StreamHandleList()
        m.watch(_advJoinCog) { _, room in m.join(room: room, reloading: chatCog, into: handles) }
        cogs.turn(_advJoinCog, to: 2)
        await stream.started(2)
        await stream.cancelled(1)
        await stream.yield(2, "hello")
        #expect(rooms.events == ["room 1", "room 2"])
        #expect(stream.generationCount == 2)
        #expect(handles.items.map { $0.outcome?.name } == ["success"])
        #expect(cogs.peek(chatCog) == "hello")
    }
}

private let _advRoomCog = Cog<Int>.Manual { 1 }
private let _advJoinCog = Cog<Int>.Manual { 0 }

extension CogOps {
    /// An op that switches rooms and reloads the feed in one turn body.
    fileprivate func join<Reference: CogStatusReadable>(
        room: Int, reloading reference: Reference, into handles: StreamHandleList
    ) {
        turn { c in
            c[_advRoomCog] = room
            handles.items.append(refresh(reference))
        }
    }

}

/// Refresh handles a reaction collected.
@MainActor
private final class StreamHandleList {
    var items: [CogRefresh] = []
}
