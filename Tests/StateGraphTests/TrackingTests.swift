import StateGraph
import Testing

@MainActor
@Suite struct TrackingTests {
    @Test func tenSynchronousWritesGiveOneRerun() async {
        let node = Stored(wrappedValue: 0)
        let seen = Signal<Int>()
        let cancellable = withGraphTracking {
            withGraphTrackingGroup {
                seen.send(node.wrappedValue)
            }
        }
        #expect(seen.received == [0], "the first run is synchronous")
        #expect(await seen.next() == 0)

        for value in 1...10 {
            node.wrappedValue = value
            // The first write took the one-shot registration; the rest find
            // nothing to notify.
            #expect(node.trackingRegistrations.isEmpty)
        }
        #expect(seen.received == [0], "delivery is asynchronous")
        #expect(await seen.next() == 10)

        // A later write reruns once more; had the ten writes queued more
        // than one rerun, this one would not be the third run.
        node.wrappedValue = 11
        #expect(await seen.next() == 11)
        #expect(seen.received == [0, 10, 11])
        cancellable.cancel()
    }

    @Test func groupRerunsForAnUnchangedEquatableComputed() async {
        let source = Stored(wrappedValue: 1)
        let parity = Computed(rule: { _ in source.wrappedValue % 2 })
        let seen = Signal<Int>()
        let cancellable = withGraphTracking {
            withGraphTrackingGroup {
                seen.send(parity.wrappedValue)
            }
        }
        #expect(await seen.next() == 1)
        source.wrappedValue = 3
        // The registration fired when parity became dirty, before anyone
        // knew its value would not change.
        #expect(await seen.next() == 1)
        #expect(seen.received == [1, 1])
        cancellable.cancel()
    }

    @Test func distinctMapHidesAnUnchangedProjection() async {
        let source = Stored(wrappedValue: 1)
        let parity = Computed(rule: { _ in source.wrappedValue % 2 })
        let passes = Signal<Int>()
        let delivered = Signal<Int>()
        let cancellable = withGraphTracking {
            withGraphTrackingMap(
                {
                    let value = parity.wrappedValue
                    passes.send(value)
                    return value
                }, onChange: { delivered.send($0) })
        }
        #expect(await passes.next() == 1)
        #expect(delivered.received == [1])

        source.wrappedValue = 3
        #expect(await passes.next() == 1)
        // The projection ran again but the distinct filter held it back; the
        // filter runs in the same pass, so nothing can still be on its way.
        #expect(delivered.received == [1])

        source.wrappedValue = 4
        #expect(await passes.next() == 0)
        #expect(delivered.received == [1, 0])
        cancellable.cancel()
    }

    @Test func cancelledGroupStopsRerunning() async {
        let node = Stored(wrappedValue: 0)
        let other = Stored(wrappedValue: 0)
        let seen = Signal<Int>()
        let control = Signal<Int>()
        let cancellable = withGraphTracking {
            withGraphTrackingGroup { seen.send(node.wrappedValue) }
        }
        let controlCancellable = withGraphTracking {
            withGraphTrackingGroup { control.send(node.wrappedValue + other.wrappedValue) }
        }
        _ = await seen.next()
        _ = await control.next()
        cancellable.cancel()
        node.wrappedValue = 1
        // The write fired both registrations. The control reruns; the
        // cancelled group's Task, whenever it arrives, stops at its
        // cancellation check before the handler.
        #expect(await control.next() == 1)
        #expect(seen.received == [0])
        controlCancellable.cancel()
    }

    @Test func nestedGroupsAreRebuiltOnEachRerun() async {
        let outer = Stored(wrappedValue: 0)
        let inner = Stored(wrappedValue: 0)
        let outerRuns = Signal<Int>()
        let innerRuns = Signal<Int>()
        let cancellable = withGraphTracking {
            withGraphTrackingGroup {
                outerRuns.send(outer.wrappedValue)
                withGraphTrackingGroup {
                    innerRuns.send(inner.wrappedValue)
                }
            }
        }
        #expect(outerRuns.received == [0])
        #expect(innerRuns.received == [0])
        _ = await outerRuns.next()
        _ = await innerRuns.next()

        outer.wrappedValue = 1
        #expect(await outerRuns.next() == 1)
        #expect(await innerRuns.next() == 0, "the rerun built a fresh inner group")

        inner.wrappedValue = 5
        // Only the live inner group reruns: the cancelled one from the first
        // pass still sits in `inner`'s registrations but stops at its check.
        #expect(await innerRuns.next() == 5)
        outer.wrappedValue = 2
        #expect(await outerRuns.next() == 2)
        #expect(await innerRuns.next() == 5)
        #expect(innerRuns.received == [0, 0, 5, 5])
        cancellable.cancel()
    }

    @Test func groupReadingADirtyComputedRegistersUpstream() {
        let source = Stored(wrappedValue: 1)
        let upstream = Computed(rule: { _ in source.wrappedValue + 1 })
        let middle = Computed(rule: { _ in upstream.wrappedValue + 1 })
        _ = middle.wrappedValue
        source.wrappedValue = 2
        let cancellable = withGraphTracking {
            withGraphTrackingGroup { _ = middle.wrappedValue }
        }
        // The transitive-context quirk again: middle pulled upstream with the
        // group's registration installed.
        #expect(middle.trackingRegistrations.count == 1)
        #expect(upstream.trackingRegistrations.count == 1)
        #expect(source.trackingRegistrations.isEmpty)
        cancellable.cancel()
    }

    @Test func registrationIsOneShotAndRenewedByTheRerun() async {
        let node = Stored(wrappedValue: 0)
        let seen = Signal<Int>()
        let cancellable = withGraphTracking {
            withGraphTrackingGroup { seen.send(node.wrappedValue) }
        }
        _ = await seen.next()
        let first = node.trackingRegistrations.first
        #expect(node.trackingRegistrations.count == 1)
        node.wrappedValue = 1
        #expect(node.trackingRegistrations.isEmpty, "taken out by the write")
        #expect(await seen.next() == 1)
        #expect(node.trackingRegistrations.count == 1)
        #expect(node.trackingRegistrations.first != first, "the rerun registered afresh")
        cancellable.cancel()
    }

    @Test func passthroughMapDeliversEveryPass() async {
        struct Plain: Sendable { var parity: Int }
        let source = Stored(wrappedValue: 1)
        let delivered = Signal<Int>()
        let cancellable = withGraphTracking {
            withGraphTrackingMap({ Plain(parity: source.wrappedValue % 2) }, onChange: { delivered.send($0.parity) })
        }
        #expect(await delivered.next() == 1)
        source.wrappedValue = 3
        #expect(await delivered.next() == 1, "no filter for a non-Equatable projection")
        cancellable.cancel()
    }

    @Test func droppingTheCancellableStopsTracking() async {
        let node = Stored(wrappedValue: 0)
        let seen = Signal<Int>()
        let control = Signal<Int>()
        var cancellable: GraphTrackingCancellable? = withGraphTracking {
            withGraphTrackingGroup { seen.send(node.wrappedValue) }
        }
        let controlCancellable = withGraphTracking {
            withGraphTrackingGroup { control.send(node.wrappedValue) }
        }
        _ = await seen.next()
        _ = await control.next()
        #expect(cancellable != nil)
        cancellable = nil
        node.wrappedValue = 1
        #expect(await control.next() == 1)
        #expect(seen.received == [0])
        controlCancellable.cancel()
    }
}
