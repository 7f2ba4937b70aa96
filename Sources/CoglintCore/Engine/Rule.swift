/// A usage rule: a stable slug, the sentence its article opens with, and a
/// check over one file's syntax.
///
/// Rules see only one file: everything they know comes from `FileFacts`,
/// which the engine builds once per file and shares between rules.
public protocol Rule: Sendable {
    /// The stable identifier: it names the rule in diagnostics, in
    /// suppressions, in the fixture corpus and in the article's URL.
    var slug: String { get }
    /// One sentence: what the rule asks for.
    var summary: String { get }
    /// Whether the rule applies to files in this role.
    func applies(to role: TargetRole) -> Bool
    func check(_ file: FileFacts) -> [Finding]
}

extension Rule {
    public func applies(to role: TargetRole) -> Bool { true }
}
