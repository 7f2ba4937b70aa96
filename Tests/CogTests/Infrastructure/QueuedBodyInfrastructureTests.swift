import Measure
import Testing

/// The premise of one design departure (docs/cog.md, "Turns and the flush
/// order"): Cog runs a queued turn's body when it is requested instead of
/// storing it, because a storable (`@escaping`) body boxes its captures on
/// the heap at every call, queued or not. If a toolchain ever stops
/// allocating here, this test fails and the decision should be revisited.
@MainActor
struct QueuedBodyInfrastructureTests {
    @Test(
        "an escaping turn body with captures mallocs on every call; a non-escaping one never does",
        .enabled(if: AllocationCounter.isActive)
    )
    func escapingBodyAllocatesPerCall() {
        let runtime = TurnShapedRuntime()
        var price = 0
        let escaping = AllocationCounter.count(.thread) {
            for step in 0..<100 {
                price = opaqueIdentity(step)
                runtime.performStorableTurn { value in runtime.total &+= value &+ price }
            }
        }
        let nonEscaping = AllocationCounter.count(.thread) {
            for step in 0..<100 {
                price = opaqueIdentity(step)
                runtime.performTurn { value in runtime.total &+= value &+ price }
            }
        }
        #expect(escaping.allocations >= 100, "an escaping body allocated \(escaping.allocations) times in 100 turns")
        #expect(nonEscaping.allocations == 0)
        #expect(runtime.queued.isEmpty)
    }
}

/// A turn entry point shaped like Cog's: the storable form keeps the body
/// only while flushing, which is enough for Swift to box every body.
@MainActor
private final class TurnShapedRuntime {
    var isFlushing = false
    var queued: [(Int) -> Void] = []
    var total = 0

    @inline(never)
    func performStorableTurn(_ body: @escaping (Int) -> Void) {
        if isFlushing {
            queued.append(body)
        } else {
            body(1)
        }
    }

    @inline(never)
    func performTurn(_ body: (Int) -> Void) {
        body(1)
    }
}
