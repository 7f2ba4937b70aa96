import Cog
import CogTesting
import Testing

@MainActor
struct AutomaticDeclarationScenarioTests {
    @Test("DECL-07 an automatic cog reads as the value it computes from other cogs")
    func computesFromOthers() {
        let _celsiusCog = Cog<Double>.Manual { 100 }
        let fahrenheitCog = Cog<Double> { c in c[_celsiusCog] * 9 / 5 + 32 }
        let cogs = Cogs.forTesting()
        #expect(cogs.peek(fahrenheitCog) == 212)
    }

    @Test("DECL-08 an automatic box passes its key to inner keyed reads; each key computes with its own key")
    func automaticBoxUsesKey() {
        let _priceCogs = CogBox<Int, String>.Manual { name in name.count }
        let doubledCogs = CogBox<Int, String> { c, name in c[_priceCogs[name]] * 2 }
        let cogs = Cogs.forTesting()
        #expect(cogs.peek(doubledCogs["ab"]) == 4)
        #expect(cogs.peek(doubledCogs["abcde"]) == 10)
        cogs.turn { c in c[_priceCogs["ab"]] = 7 }
        #expect(cogs.peek(doubledCogs["ab"]) == 14)
        #expect(cogs.peek(doubledCogs["abcde"]) == 10)
    }

    @Test("DECL-09 declaring runs nothing; the selector first runs on the first read")
    func declaringRunsNothing() {
        let runs = RunCounter()
        let made = RunCounter()
        let _sourceCog = Cog<Int>.Manual {
            made.bump()
            return 1
        }
        let lazyCog = Cog<Int> { c in
            runs.bump()
            return c[_sourceCog] + 1
        }
        let cogs = Cogs.forTesting()
        #expect(runs.count == 0)
        #expect(made.count == 0)
        #expect(cogs.peek(lazyCog) == 2)
        #expect(runs.count == 1)
        #expect(made.count == 1)
    }
}
