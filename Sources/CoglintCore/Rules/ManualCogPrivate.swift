/// `manual-cog-private` (LINT-12): a manual source is `private` or
/// `fileprivate`, so only its own file can name the writable reference and
/// every write is found by reading one file. Implicit internal and anything
/// wider are rejected. A local in a function body has no access level and
/// is not a shared source, so only file-scope and member declarations count.
struct ManualCogPrivate: Rule {
    let slug = "manual-cog-private"
    let summary = "A manual source is private or fileprivate; other files read it through .readOnly."

    func check(_ file: FileFacts) -> [Finding] {
        file.declarations.compactMap { declaration in
            guard declaration.kind == .manual, declaration.scope != .local else { return nil }
            if declaration.access == "private" || declaration.access == "fileprivate" { return nil }
            let written = declaration.access.map { "is \($0)" } ?? "is implicitly internal"
            return Finding(
                at: declaration.nameToken,
                "manual source '\(declaration.name)' \(written); declare it private or fileprivate and expose '.readOnly'"
            )
        }
    }
}
