import CoglintCore
import Testing

/// The declaration classifier (LINT-04, LINT-05): which declarations name
/// Cog state, with what shape and kind, and which it must leave alone.
@Suite("Declaration classifier")
struct ClassifierTests {
    private func classify(_ source: String) -> [String] {
        FileFacts(path: "Snippet.swift", source: source).declarations.map { declaration in
            "\(declaration.name) \(declaration.shape) \(declaration.kind)"
        }
    }

    @Test(
        "LINT-04 constructors, annotated .init, module qualification, generics, optionals and .readOnly are classified")
    func recognizedForms() {
        let source = """
            let aCog = Cog<Int> { _ in 0 }
            let bCog = Cog.Cog<Int>.Manual { 0 }
            let cCogs = CogBox<[Int: String], Int>.Async(default: [:]) { c, key in .run { [:] } }
            let dCog: Cog<Int>.Manual? = .init { 0 }
            let eCogs: Optional<Cog.CogBox<Int, Int>> = .init { c, key in 0 }
            let fCog = Cog { c in 0 }
            let gCog = Cog<Int>.Manual.init { 0 }
            let hCog: Cog<Int>.Projection = .init(source: x)
            private let _iCogs = CogBox<Int, Int>.Manual { _ in 0 }
            let iCogs = _iCogs.readOnly
            """
        #expect(
            classify(source) == [
                "aCog keyless automatic",
                "bCog keyless manual",
                "cCogs box async",
                "dCog keyless manual",
                "eCogs box automatic",
                "fCog keyless automatic",
                "gCog keyless manual",
                "hCog keyless projection",
                "_iCogs box manual",
                "iCogs box readOnly(source: \"_iCogs\")",
            ])
    }

    @Test("LINT-04 the classifier records scope and written access")
    func scopeAndAccess() {
        let facts = FileFacts(
            path: "S.swift",
            source: """
                fileprivate let _aCog = Cog<Int>.Manual { 0 }
                struct S { public static let _bCog = Cog<Int>.Manual { 0 } }
                func f() { let cCog = Cog<Int>.Manual { 0 } }
                private(set) var _dCog = Cog<Int>.Manual { 0 }
                """)
        #expect(facts.declarations.map(\.scope) == [.file, .member, .local, .file])
        #expect(facts.declarations.map(\.access) == ["fileprivate", "public", nil, nil])
    }

    @Test("LINT-05 factories, typealiases, the debug seed-target re-export and cross-file identity stay silent")
    func documentedEvasions() {
        let source = """
            let weather = makeWeatherCog()
            typealias Counter = Cog<Int>.Manual
            let count = Counter { 0 }
            #if DEBUG
            let zipSeedTarget = _zipCog
            #endif
            let report = _reportDeclaredElsewhereCog.readOnly
            struct Card { let cogs: Cogs }
            extension Card { init(cogs: Cogs) { self.cogs = cogs } }
            """
        #expect(classify(source).isEmpty)
        #expect(findings(source).isEmpty)
    }
}
