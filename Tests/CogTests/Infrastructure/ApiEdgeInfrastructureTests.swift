import Cog
import CogTesting
import Testing

/// Edges a newcomer porting another library's tests trips on (issue 40):
/// each is answered by a spelling the design allows, and these tests keep
/// the spellings `docs/cog.md` ("Reads, reactions and generic selectors")
/// shows compiling and right.

private let _priceCog = Cog<Int>.Manual(name: "price") { 2 }
private let _loggingCog = Cog<Bool>.Manual(name: "logging") { true }

/// A generic wrapper whose selector has several statements: the closure's
/// reader and value types come from the declaration it builds.
@MainActor
private func summed<Value: AdditiveArithmetic & Equatable>(_ parts: [Cog<Value>.Manual]) -> Cog<Value> {
    Cog<Value> { c in
        var total = Value.zero
        for part in parts { total += c[part] }
        return total
    }
}

/// The same wrapper taking the caller's selector, as an adapter over
/// several runtimes does.
@MainActor
private func logged<Value: Equatable>(
    _ log: RunCounter, _ body: @escaping @MainActor (inout CogReader<Value>) -> Value
) -> Cog<Value> {
    Cog { c in
        log.bump()
        let value = body(&c)
        return value
    }
}

@MainActor
struct ApiEdgeInfrastructureTests {
    @Test(
        "a generic wrapper infers its types from a multi-statement selector it builds; one it is passed needs the declaration's type or the closure's"
    )
    func genericWrapperInfers() {
        let runs = RunCounter()
        let totalCog = summed([_priceCog, _priceCog])
        // Swift does not infer a generic parameter from the body of a
        // multi-statement closure, so name the type at the declaration...
        let tripledCog: Cog<Int> = logged(runs) { c in
            let price = c[_priceCog]
            return price * 3
        }
        // ...or in the closure's signature.
        let halvedCog = logged(runs) { (c: inout CogReader<Int>) -> Int in
            let price = c[_priceCog]
            return price / 2
        }
        let cogs = Cogs.forTesting()
        #expect([cogs.peek(totalCog), cogs.peek(tripledCog), cogs.peek(halvedCog)] == [4, 6, 1])
        cogs.turn { c in c[_priceCog] = 5 }
        #expect([cogs.peek(totalCog), cogs.peek(tripledCog), cogs.peek(halvedCog)] == [10, 15, 2])
        #expect(runs.count == 4)
    }

    @Test("one reaction stops when the scope that owns it closes; one that stops itself closes its own scope")
    func stoppingOneReaction() {
        let (cogs, controller) = Cogs.forTestingWithController()
        let seen = RunCounter()
        let stopAfterFirst = RunCounter()
        controller.scope(_loggingCog) { logging in
            logging.run { c in
                _ = c[_priceCog]
                seen.bump()
            }
        }
        // Stops itself on its first run: its gate is a source declared
        // before it registers, so the reaction only writes to it.
        let onceCog = Cog<Bool>.Manual(name: "once") { true }
        controller.scope(onceCog) { once in
            once.run { c in
                _ = c[_priceCog]
                stopAfterFirst.bump()
                once.turn("stop") { w in w[onceCog] = false }
            }
        }
        #expect([seen.count, stopAfterFirst.count] == [1, 1])
        cogs.turn { c in c[_priceCog] = 3 }
        #expect([seen.count, stopAfterFirst.count] == [2, 1])
        cogs.turn { c in c[_loggingCog] = false }
        cogs.turn { c in c[_priceCog] = 4 }
        #expect([seen.count, stopAfterFirst.count] == [2, 1])
    }

    @Test("a reaction body kept in a variable is typed with CogReactionReader, naming no placeholder type")
    func reactionBodyInAVariable() {
        let (cogs, controller) = Cogs.forTestingWithController()
        var prices: [Int] = []
        let logPrice: @MainActor (inout CogReactionReader) -> Void = { c in prices.append(c[_priceCog]) }
        controller.run(name: "log price", logPrice)
        cogs.turn { c in c[_priceCog] = 5 }
        #expect(prices == [2, 5])
    }
}
