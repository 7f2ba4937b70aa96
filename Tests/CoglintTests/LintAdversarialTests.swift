import CoglintCore
import Testing

/// Shapes the rule fixtures and suppression tests leave out.
@Suite("Lint adversarial")
struct LintAdversarialTests {
    @Test("LINT-03 stacked suppressions do not compose: each covers only the line after it, which is the next comment")
    func stackedSuppressionsDoNotCompose() {
        let source = """
            // coglint:disable-next-line manual-cog-private -- shared with the ops file
            // coglint:disable-next-line manual-cog-underscore -- generated name
            let zipCog = Cog<Int>.Manual { 0 }
            """
        #expect(findings(source) == ["3:5 manual-cog-private"])
    }

    @Test("LINT-03 a suppression names its rule exactly: a rule slug's prefix or a misspelling suppresses nothing")
    func suppressionNeedsTheExactSlug() {
        for slug in ["cog-declaration", "cog-declaration-suffixes", "Cog-Declaration-Suffix"] {
            let source = """
                // coglint:disable-next-line \(slug) -- legacy name
                let weather = Cog<Int> { _ in 0 }
                """
            #expect(findings(source) == ["2:5 cog-declaration-suffix"], "slug \(slug)")
        }
    }

    @Test("LINT-03 a suppression above a blank line covers the blank line, not the declaration after it")
    func suppressionOverBlankLine() {
        let source = """
            struct Holder {
                // coglint:disable-next-line cog-declaration-suffix -- legacy name

                static let weather = Cog<Int> { _ in 0 }
            }
            """
        #expect(findings(source) == ["4:16 cog-declaration-suffix"])
    }

    @Test("LINT-13 two direct reads of the same cog in one helper count as two reads")
    func sameCogReadTwice() {
        let source = """
            extension Cogs {
                func doubledZip() -> Int {
                    self[zipCog] + self[zipCog]
                }
            }
            """
        #expect(findings(source, only: "no-multi-read-cogs-helper") == ["2:10 no-multi-read-cogs-helper"])
    }

    @Test("LINT-14 one direct read beside a read inside a nested closure stays below the threshold")
    func directPlusClosureRead() {
        let source = """
            extension Cogs {
                func labels() -> [String] {
                    let zip = self[zipCog]
                    return [1, 2].map { key in "\\(zip) \\(self[rowCogs[key]])" }
                }
            }
            """
        #expect(findings(source, only: "no-multi-read-cogs-helper").isEmpty)
    }

    @Test("LINT-24 a projection named other than its source without the underscore is rejected")
    func projectionNamedWrongly() {
        let source = """
            private let _zipCog = Cog<Int>.Manual { 0 }
            let zipReadOnlyCog = _zipCog.readOnly
            let zipCog = _zipCog.readOnly
            """
        #expect(findings(source, only: "manual-cog-underscore") == ["2:5 manual-cog-underscore"])
    }
}
