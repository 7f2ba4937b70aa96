import CoglintCore
import Testing

/// `// coglint:disable-next-line <rule> -- <reason>` (LINT-03).
@Suite("Suppressions")
struct SuppressionTests {
    @Test("LINT-03 a suppression silences exactly its rule on exactly the next line")
    func exactSuppression() {
        let source = """
            // coglint:disable-next-line cog-declaration-suffix -- the benchmark names it after its JavaScript original
            let weather = Cog<Int> { _ in 0 }
            let forecast = Cog<Int> { _ in 0 }
            """
        #expect(findings(source) == ["3:5 cog-declaration-suffix"])
    }

    @Test("LINT-03 a suppression neither leaks past the next line nor hides another rule")
    func noLeakNoOtherRule() {
        let source = """
            // coglint:disable-next-line manual-cog-private -- shared with the ops file

            let zipCog = Cog<Int>.Manual { 0 }
            // coglint:disable-next-line manual-cog-private -- shared with the ops file
            let noteCog = Cog<String>.Manual { "" }
            """
        #expect(
            findings(source) == [
                "3:5 manual-cog-private",
                "3:5 manual-cog-underscore",
                "5:5 manual-cog-underscore",
            ])
    }

    @Test(
        "LINT-03 a suppression without a reason suppresses nothing",
        arguments: [
            "// coglint:disable-next-line cog-declaration-suffix",
            "// coglint:disable-next-line cog-declaration-suffix --",
            "// coglint:disable-next-line cog-declaration-suffix --   ",
            "// coglint:disable-next-line cog-declaration-suffix because",
            "// coglint:disable-next-line -- no rule named",
        ])
    func missingReason(_ comment: String) {
        #expect(findings(comment + "\nlet weather = Cog<Int> { _ in 0 }\n") == ["2:5 cog-declaration-suffix"])
    }

    @Test("LINT-03 a trailing suppression applies to the following line, not its own")
    func trailingComment() {
        let source = """
            let weather = Cog<Int> { _ in 0 } // coglint:disable-next-line cog-declaration-suffix -- legacy name
            let forecast = Cog<Int> { _ in 0 }
            """
        #expect(findings(source) == ["1:5 cog-declaration-suffix"])
    }
}
