import Cog
import CogTesting
import Measure
import Testing

/// The premise of one design split (docs/cog.md, "Turns and the flush
/// order"): only a controller's turn stores its body to run at its FIFO
/// place; `cogs.turn` and ops keep non-escaping bodies, which during a
/// flush run at once against a capture, because a storable (`@escaping`)
/// body boxes its captures on the heap at every call, queued or not. If a
/// toolchain ever stops allocating here, this test fails and every turn
/// could store its body.
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

    /// The split that would keep both promises, tried and measured: ops
    /// take a storable body (so a controller's could wait in the FIFO)
    /// while `Cogs` keeps its non-escaping `performTurn`. The body is
    /// formed escaping at the op's call site, and across the module
    /// boundary the optimizer can neither specialize `Cogs` for the
    /// closure nor prove it stays put, so every op call on `Cogs` still
    /// boxes it, in release builds too.
    @Test(
        "an escaping body handed on to Cogs' non-escaping performTurn still mallocs on every call",
        .enabled(if: AllocationCounter.isActive)
    )
    func escapingBodyThroughNonEscapingWitnessAllocates() {
        let _priceCog = Cog<Int>.Manual { 0 }
        let cogs = Cogs.forTesting()
        _ = cogs[_priceCog]
        var price = 0
        let counts = AllocationCounter.count(.thread) {
            for step in 0..<100 {
                price = opaqueIdentity(step)
                storableTurn(on: cogs) { c in c[_priceCog] = price &+ 1 }
            }
        }
        #expect(counts.allocations >= 100, "an escaping body allocated \(counts.allocations) times in 100 turns")
        #expect(cogs.peek(_priceCog) == 100)
    }
}

/// An op-shaped entry point whose body could be stored, forwarding to the
/// runtime's non-escaping turn: what `CogOps.turn` would become if a
/// controller's body had to wait in the FIFO.
@MainActor
@inline(__always)
private func storableTurn(on cogs: Cogs, _ body: @escaping (CogWriter) -> Void) {
    cogs.performTurn(named: "storableTurn", body)
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
