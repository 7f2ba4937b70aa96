import Observation
import StateGraph
import Testing

@MainActor
@Suite struct StoredTests {
    @Test func readsAndWritesTheValue() {
        let node = Stored(wrappedValue: 1)
        #expect(node.wrappedValue == 1)
        node.wrappedValue = 2
        #expect(node.wrappedValue == 2)
    }

    @Test func equalWriteNotifiesNothing() {
        let node = Stored(wrappedValue: 5)
        let readers = RunCounter()
        let dependent = Computed(rule: { _ in
            readers.hit()
            return node.wrappedValue * 10
        })
        #expect(dependent.wrappedValue == 50)

        // Observation: the willSet hop runs synchronously on the main actor,
        // so a notice would have arrived by the time the write returns.
        let noticed = RunCounter()
        withObservationTracking {
            _ = node.wrappedValue
        } onChange: {
            noticed.hit()
        }
        node.wrappedValue = 5
        #expect(noticed.value == 0)
        #expect(dependent.potentiallyDirty == false)
        #expect(dependent.wrappedValue == 50)
        #expect(readers.value == 1)

        // The control: a different value notifies and invalidates.
        node.wrappedValue = 6
        #expect(noticed.value == 1)
        #expect(dependent.potentiallyDirty)
        #expect(dependent.wrappedValue == 60)
        #expect(readers.value == 2)
    }

    @Test func equalWriteKeepsTrackingRegistrations() {
        let node = Stored(wrappedValue: 1)
        var runs = 0
        let cancellable = withGraphTracking {
            withGraphTrackingGroup {
                _ = node.wrappedValue
                runs += 1
            }
        }
        #expect(node.trackingRegistrations.count == 1)
        node.wrappedValue = 1
        #expect(node.trackingRegistrations.count == 1)
        #expect(runs == 1)
        cancellable.cancel()
    }

    @Test func equalWriteStoresAndCallsTheHandler() {
        final class Box: Equatable, Sendable {
            let id: Int
            init(id: Int) { self.id = id }
            static func == (lhs: Box, rhs: Box) -> Bool { lhs.id == rhs.id }
        }
        let first = Box(id: 1)
        let node = Stored(wrappedValue: first)
        let calls = RunCounter()
        node.onDidSet { _, _ in calls.hit() }
        let twin = Box(id: 1)
        node.wrappedValue = twin
        // Equatable & AnyObject compares with ==: not a change, but stored.
        #expect(node.wrappedValue === twin)
        #expect(calls.value == 1)
    }

    @Test func overloadPicksThePredicate() {
        struct Plain { var x: Int }
        final class Object: Sendable {}

        let plain = Stored(wrappedValue: Plain(x: 1))
        let plainReader = Computed(rule: { _ in plain.wrappedValue.x })
        _ = plainReader.wrappedValue
        plain.wrappedValue = Plain(x: 1)
        #expect(plainReader.potentiallyDirty, "a non-Equatable value invalidates on every write")

        let object = Object()
        let objectNode = Stored(wrappedValue: object)
        let objectReader = Computed(rule: { _ in ObjectIdentifier(objectNode.wrappedValue) })
        _ = objectReader.wrappedValue
        objectNode.wrappedValue = object
        #expect(objectReader.potentiallyDirty == false, "the same instance is not a change")
        objectNode.wrappedValue = Object()
        #expect(objectReader.potentiallyDirty)
    }

    @Test func unsafeModifyDoesNotNotify() {
        let node = Stored(wrappedValue: [1])
        let reader = Computed(rule: { _ in node.wrappedValue.count })
        #expect(reader.wrappedValue == 1)
        node.unsafeModify { $0.append(2) }
        #expect(node.wrappedValue == [1, 2])
        #expect(reader.potentiallyDirty == false)
        #expect(reader.wrappedValue == 1)
    }

    @Test func handlerRunsAfterDependentsAreDirty() {
        let node = Stored(wrappedValue: 1)
        let dependent = Computed(rule: { _ in node.wrappedValue + 1 })
        #expect(dependent.wrappedValue == 2)
        let sawDirty = RunCounter()
        node.onDidSet { old, new in
            // Propagation order: registrations, then edges and dirty flags,
            // then this handler.
            if dependent.potentiallyDirty && old == 1 && new == 2 { sawDirty.hit() }
        }
        node.wrappedValue = 2
        #expect(sawDirty.value == 1)
    }
}
